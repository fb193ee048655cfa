/**
 * Puts our view definitions in front of a guarded statement as CTEs, so the statement's
 * table names resolve to views our code built (never to real tables).
 * @module query/compose-query
 */
import { quoteIdentifier } from '../db/index.js';
import { InternalError } from '../errors.js';
import { charIndex, type GuardedSql } from './guard.js';

/** One view: its SQL name and the body of its CTE (trusted text from `viewSql()`). */
export interface ViewDefinition {
  name: string;
  sql: string;
}

interface SelectNode {
  withClause?: { location?: number };
}

/**
 * Prefixes the views the statement reads. A statement that starts its own WITH list gets
 * ours first in that same list (`WITH <views>, <its CTEs> …`, found through the parse tree's
 * location of its WITH, not by matching text); any other gets `WITH <views> <statement>`.
 * Views the statement does not read are left out; with none, the statement is returned as is.
 * @throws Error when the parse tree and the text disagree (a bug, not user input)
 */
export function composeQuery(guarded: GuardedSql, views: ViewDefinition[]): string {
  const reads = new Set(guarded.tables.map((name) => name.toLowerCase()));
  const used = views.filter((view) => reads.has(view.name.toLowerCase()));
  if (used.length === 0) return guarded.sql;
  const definitions = used.map((view) => `${quoteIdentifier(view.name)} AS (\n${view.sql}\n)`).join(',\n');
  const tree = guarded.parseTree as { stmts?: { stmt?: { SelectStmt?: SelectNode } }[] };
  const select = tree.stmts?.[0]?.stmt?.SelectStmt;
  if (!select) throw new InternalError('composeQuery: the guarded statement has no SELECT parse tree');
  if (!select.withClause) return `WITH ${definitions}\n${guarded.sql}`;
  const at = charIndex(guarded.sql, select.withClause.location ?? 0);
  if (!/^with\b/i.test(guarded.sql.slice(at, at + 5))) {
    throw new InternalError(`composeQuery: expected WITH at character ${at} of the statement`);
  }
  return `${guarded.sql.slice(0, at)}WITH ${definitions},\n${guarded.sql.slice(at + 4)}`;
}
