/**
 * The SQL guard: parses model-written SQL with the real Postgres parser (libpg-query) and
 * admits exactly one read-only SELECT over the views offered to this conversation. It walks
 * the whole parse tree, so nothing hides in a subquery, a lateral join, a function argument,
 * a CASE, a FILTER or an ORDER BY. Unknown node types are refused, not ignored.
 * @module query/guard
 */
import { parse } from 'libpg-query';
import { SqlRejectedError } from '../errors.js';
import { checkBuiltText, checkFunctionCall, checkRangeFunction, checkTypeName, checkValueFunction } from './guard-checks.js';
import { ALLOWED_NODE_TYPES, isInternalName } from './sql-allowlist.js';

/** A statement the guard admitted. */
export interface GuardedSql {
  /** The statement, trailing semicolons and whitespace removed. */
  sql: string;
  /** Offered tables it reads, lower case, in order of first use. */
  tables: string[];
  /** Names of its own CTEs (at any depth), in order of definition. */
  ctes: string[];
  /** The libpg-query parse result of `sql` (locations are UTF-8 byte offsets into `sql`). */
  parseTree: unknown;
}

/** What the statement may read. */
export interface GuardOptions {
  /** SQL names of the views offered to this conversation, e.g. `['orders', 'feedback']`. */
  allowedTables: string[];
  /** Longest statement accepted, in characters. @default 20000 */
  maxLength?: number;
}

type Node = Record<string, unknown>;

const STATEMENT_NAMES: Record<string, string> = {
  InsertStmt: 'an INSERT',
  UpdateStmt: 'an UPDATE',
  DeleteStmt: 'a DELETE',
  MergeStmt: 'a MERGE',
  CopyStmt: 'a COPY',
  VariableSetStmt: 'a SET',
  VariableShowStmt: 'a SHOW',
  DoStmt: 'a DO block',
  CallStmt: 'a CALL',
  TransactionStmt: 'a transaction command',
  ExplainStmt: 'an EXPLAIN',
  DropStmt: 'a DROP',
  TruncateStmt: 'a TRUNCATE',
  AlterTableStmt: 'an ALTER TABLE',
  GrantStmt: 'a GRANT',
  GrantRoleStmt: 'a GRANT',
  CreateStmt: 'a CREATE TABLE',
  CreateTableAsStmt: 'a CREATE TABLE AS',
  ViewStmt: 'a CREATE VIEW',
  CreateFunctionStmt: 'a CREATE FUNCTION',
  PrepareStmt: 'a PREPARE',
  ExecuteStmt: 'an EXECUTE',
  LockStmt: 'a LOCK',
  ListenStmt: 'a LISTEN',
  NotifyStmt: 'a NOTIFY',
};

function statementName(type: string): string {
  return STATEMENT_NAMES[type] ?? `a ${type.replace(/Stmt$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase()} statement`;
}

/** Converts a UTF-8 byte offset (what the parser reports) into a JS string index. */
export function charIndex(text: string, byteOffset: number): number {
  return Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8').length;
}

/**
 * Checks one statement written by a model or an analyst.
 * @throws SqlRejectedError with a stable `reason` (PARSE_ERROR, TOO_LONG, MULTIPLE_STATEMENTS,
 *   NOT_SELECT, FORBIDDEN_TABLE, FORBIDDEN_FUNCTION, FORBIDDEN_CAST, FORBIDDEN_CLAUSE, PARAMETER,
 *   TOO_BIG for text builders whose literal sizes pass `MAX_BUILT_TEXT_LENGTH`)
 *   and a message that says what is wrong and what is allowed
 */
export async function guardSql(sql: string, options: GuardOptions): Promise<GuardedSql> {
  const maxLength = options.maxLength ?? 20_000;
  if (sql.length > maxLength) {
    throw new SqlRejectedError('TOO_LONG', `The statement is ${sql.length} characters long; the limit is ${maxLength}. Write a shorter query.`);
  }
  if (sql.includes('\u0000')) throw new SqlRejectedError('PARSE_ERROR', 'The statement contains a NUL character; remove it.');
  let tree = await parseOrReject(sql);
  const statements = (tree as { stmts?: Node[] }).stmts ?? [];
  if (statements.length === 0) throw new SqlRejectedError('PARSE_ERROR', 'The statement is empty; write one SELECT statement.');
  if (statements.length > 1) {
    throw new SqlRejectedError('MULTIPLE_STATEMENTS', `Send exactly one statement; this text has ${statements.length}. Only a single SELECT is allowed.`);
  }
  const entry = statements[0];
  const start = charIndex(sql, Number(entry.stmt_location ?? 0));
  const length = entry.stmt_len ? charIndex(sql.slice(start), Number(entry.stmt_len)) : sql.length - start;
  const text = sql.slice(start, start + length).replace(/[\s;]+$/, '').trim();
  if (text !== sql) tree = await parseOrReject(text);
  const statement = ((tree as { stmts: Node[] }).stmts[0].stmt ?? {}) as Node;
  const type = Object.keys(statement)[0] ?? 'unknown';
  if (type !== 'SelectStmt') {
    throw new SqlRejectedError('NOT_SELECT', `Only SELECT statements are allowed; this is ${statementName(type)}.`);
  }
  const walker = new TreeWalker(options.allowedTables);
  walker.visitSelect(statement.SelectStmt as Node, new Set());
  return { sql: text, tables: [...walker.tables], ctes: walker.ctes, parseTree: tree };
}

async function parseOrReject(sql: string): Promise<unknown> {
  try {
    return await parse(sql);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails?.cursorPosition;
    const where = position !== undefined && position >= 0 ? ` (at character ${position + 1})` : '';
    throw new SqlRejectedError('PARSE_ERROR', `The SQL does not parse: ${message}${where}. Write one valid PostgreSQL SELECT statement.`);
  }
}

/** Walks a SELECT's parse tree, checking every node against the allowlists. */
class TreeWalker {
  readonly tables = new Set<string>();
  readonly ctes: string[] = [];
  private readonly allowed: Set<string>;
  private readonly offered: string[];

  constructor(allowedTables: string[]) {
    this.offered = allowedTables;
    this.allowed = new Set(allowedTables);
  }

  private tablesHint(): string {
    return this.offered.length === 0 ? 'No tables are available to this key or tenant (gridrag tables lists them).' : `Tables you can query: ${this.offered.join(', ')}.`;
  }

  /** Any value: arrays and objects are walked; keys starting with a capital letter are node types. */
  visit(value: unknown, scope: ReadonlySet<string>): void {
    if (Array.isArray(value)) {
      for (const item of value) this.visit(item, scope);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value as Node)) {
      if (/^[A-Z]/.test(key)) this.visitNode(key, child as Node, scope);
      else if (key === 'typeName') checkTypeName(child as Node);
      else if (key === 'intoClause' || key === 'withClause') this.refuseStructure(key);
      else this.visit(child, scope);
    }
  }

  private refuseStructure(key: string): never {
    if (key === 'intoClause') throw new SqlRejectedError('FORBIDDEN_CLAUSE', 'SELECT INTO creates a table and is not allowed; write a plain SELECT.');
    throw new SqlRejectedError('FORBIDDEN_CLAUSE', `The construct ${key} is not allowed here; write a plain SELECT.`);
  }

  private visitNode(type: string, body: Node, scope: ReadonlySet<string>): void {
    switch (type) {
      case 'SelectStmt':
        return this.visitSelect(body, scope);
      case 'RangeVar':
        return this.visitRangeVar(body, scope);
      case 'FuncCall':
        checkFunctionCall(body);
        return this.visit(body, scope);
      case 'SQLValueFunction':
        return checkValueFunction(body);
      case 'TypeName':
        return checkTypeName(body);
      case 'RangeFunction':
        checkRangeFunction(body);
        return this.visit(body, scope);
      case 'A_Expr': {
        const name = (body.name as unknown[] | undefined) ?? [];
        if (name.length > 1) throw new SqlRejectedError('FORBIDDEN_CLAUSE', 'Schema-qualified operators (OPERATOR(schema.op)) are not allowed; write the operator alone.');
        checkBuiltText({ A_Expr: body }, 'the || operator');
        return this.visit(body, scope);
      }
      case 'ParamRef':
        throw new SqlRejectedError('PARAMETER', 'Parameters ($1, $2 …) are not supported; write the values into the statement as literals.');
      case 'LockingClause':
        throw new SqlRejectedError('FORBIDDEN_CLAUSE', 'Locking clauses (FOR UPDATE, FOR SHARE) are not allowed; queries are read-only.');
      case 'RangeTableSample':
        throw new SqlRejectedError('FORBIDDEN_CLAUSE', 'TABLESAMPLE is not allowed; use ORDER BY … LIMIT instead.');
      case 'InsertStmt':
      case 'UpdateStmt':
      case 'DeleteStmt':
      case 'MergeStmt':
        throw new SqlRejectedError('NOT_SELECT', `Only SELECT statements are allowed; this WITH clause contains ${statementName(type)}.`);
      case 'ColumnDef':
        throw new SqlRejectedError('FORBIDDEN_CLAUSE', 'Column definition lists (AS x(a int)) are not allowed; use an allowed set-returning function without one.');
      default:
        if (!ALLOWED_NODE_TYPES.has(type)) {
          throw new SqlRejectedError('FORBIDDEN_CLAUSE', `The construct ${type} is not allowed. Use SELECT with joins, subqueries, CTEs, CASE, window functions and aggregates.`);
        }
        return this.visit(body, scope);
    }
  }

  /** A SELECT: its WITH list first (each CTE sees the ones before it), then the rest with all of them in scope. */
  visitSelect(select: Node, outer: ReadonlySet<string>): void {
    if (select.intoClause) this.refuseStructure('intoClause');
    const withClause = select.withClause as Node | undefined;
    let scope = outer;
    if (withClause) {
      if (withClause.recursive) {
        throw new SqlRejectedError('FORBIDDEN_CLAUSE', 'WITH RECURSIVE is not allowed (it can generate rows without bound); use a plain WITH, joins or window functions.');
      }
      const inner = new Set(outer);
      for (const item of (withClause.ctes as Node[] | undefined) ?? []) {
        const cte = item.CommonTableExpr as Node | undefined;
        if (!cte) this.visit(item, inner);
        if (!cte) continue;
        const name = String(cte.ctename);
        if (this.allowed.has(name)) {
          throw new SqlRejectedError('FORBIDDEN_CLAUSE', `The CTE name ${name} is already a table you can query; give your CTE another name.`);
        }
        const { ctename: _name, ctequery, ...rest } = cte;
        const query = (ctequery ?? {}) as Node;
        if (!query.SelectStmt) this.visit(query, inner);
        else this.visitSelect(query.SelectStmt as Node, inner);
        this.visit(rest, inner);
        inner.add(name);
        this.ctes.push(name);
      }
      scope = inner;
    }
    const { withClause: _with, intoClause: _into, ...body } = select;
    this.visit(body, scope);
  }

  private visitRangeVar(range: Node, scope: ReadonlySet<string>): void {
    const name = String(range.relname ?? '');
    if (range.schemaname || range.catalogname) {
      const qualified = [range.catalogname, range.schemaname, name].filter(Boolean).join('.');
      throw new SqlRejectedError(
        'FORBIDDEN_TABLE',
        `Table ${qualified} is not available: write table names without a schema. ${this.tablesHint()}`,
      );
    }
    if (scope.has(name)) return;
    if (isInternalName(name) || !this.allowed.has(name)) {
      throw new SqlRejectedError('FORBIDDEN_TABLE', `Table ${name} is not available. ${this.tablesHint()}`);
    }
    this.tables.add(name.toLowerCase());
    this.visit(range.alias, scope);
  }
}
