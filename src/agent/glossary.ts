/**
 * Business glossary: words a team uses that the data does not spell out, e.g. a "complaint"
 * is a feedback row with `Rating <= 2`, "revenue" means the column `Net Revenue [EUR]`.
 * Read from YAML, validated; `where` filters are translated to SQL over one table's columns
 * by a small parser that allows only comparisons, AND/OR/NOT, IN, BETWEEN and IS NULL.
 * @module agent/glossary
 */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { FileFormatError, GlossaryError } from '../errors.js';
import type { CatalogTable } from '../store/catalog-types.js';
import { toSqlName } from '../tables/sql-names.js';
import { foldText } from './planner/normalize-text.js';

/** One glossary entry. */
export interface GlossaryTerm {
  /** The word as written in questions, singular: `complaint`. Plurals match too. */
  term: string;
  description?: string;
  /** Row filter over column display names, e.g. `Rating <= 2`, `Status IN ('Open', 'New')`. */
  where?: string;
  /** Display name of the column the word stands for, e.g. `Net Revenue [EUR]`. */
  column?: string;
}

const TermSchema = z
  .strictObject({
    description: z.string().optional(),
    where: z.string().min(1).optional(),
    column: z.string().min(1).optional(),
  })
  .refine((term) => term.where !== undefined || term.column !== undefined || term.description !== undefined, {
    message: 'needs at least one of where, column, description',
  });

const GlossarySchema = z.strictObject({ terms: z.record(z.string().min(1), TermSchema.nullable()) });

/**
 * Parses a glossary file.
 * @param file name used in error messages, e.g. `glossary.yml`
 * @throws FileFormatError naming the file (and the term) when the YAML is malformed, the
 *   shape is wrong, or a `where` cannot be parsed
 */
export function parseGlossary(yamlText: string, file: string): GlossaryTerm[] {
  let document: unknown;
  try {
    document = parseYaml(yamlText);
  } catch (error) {
    // The YAML parser's message goes on with a snippet of the file over several lines: its first line names the problem and the line.
    const first = ((error as Error).message.split('\n')[0] ?? '').replace(/:\s*$/, '');
    throw new FileFormatError(file, `glossary is not valid YAML: ${first}`, { cause: error });
  }
  const result = GlossarySchema.safeParse(document ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const term = issue.path[0] === 'terms' && issue.path.length > 1 ? ` term '${String(issue.path[1])}':` : '';
    throw new FileFormatError(file, `glossary${term} ${issue.message} (at ${issue.path.join('.') || 'top level'})`);
  }
  return Object.entries(result.data.terms).map(([term, body]) => {
    if (body === null) throw new FileFormatError(file, `glossary term '${term}': empty entry`);
    if (body.where !== undefined) {
      try {
        parseCondition(body.where, (name) => name);
      } catch (error) {
        throw new FileFormatError(file, `glossary term '${term}': cannot read where "${body.where}": ${(error as Error).message}`);
      }
    }
    return { term: term.trim(), ...body };
  });
}

/**
 * Translates a term's `where` into SQL over `table`'s columns (display names, quoted or not,
 * become quoted sqlNames). Undefined when the term has no `where`, names a column the table
 * lacks, or uses anything beyond simple comparisons.
 */
export function resolveTermFilter(term: GlossaryTerm, table: Pick<CatalogTable, 'columns'>): string | undefined {
  if (term.where === undefined) return undefined;
  const lookup = (name: string): string | undefined => {
    const key = foldText(name).trim();
    const column =
      table.columns.find((c) => foldText(c.name).trim() === key) ??
      table.columns.find((c) => c.sqlName === key || c.sqlName === toSqlName(name));
    return column ? `"${column.sqlName}"` : undefined;
  };
  try {
    return parseCondition(term.where, lookup);
  } catch {
    return undefined;
  }
}

type Piece = { kind: 'ident' | 'string' | 'number' | 'op' | 'word' | 'punct'; text: string };

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'null', 'between', 'true', 'false']);

function lex(input: string): Piece[] {
  const pieces: Piece[] = [];
  const pattern = /\s*(?:"((?:[^"]|"")*)"|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)(?![\w])|(<=|>=|<>|!=|=|<|>)|([(),])|([^\s"'<>=!(),]+))/y;
  let position = 0;
  while (input.slice(position).trim() !== '') {
    pattern.lastIndex = position;
    const match = pattern.exec(input);
    if (match === null) throw new GlossaryError(`unexpected text at "${input.slice(position).trim()}"`);
    position = pattern.lastIndex;
    if (match[1] !== undefined) pieces.push({ kind: 'ident', text: match[1].replace(/""/g, '"') });
    else if (match[2] !== undefined) pieces.push({ kind: 'string', text: match[2].replace(/''/g, "'") });
    else if (match[3] !== undefined) pieces.push({ kind: 'number', text: match[3] });
    else if (match[4] !== undefined) pieces.push({ kind: 'op', text: match[4] === '!=' ? '<>' : match[4] });
    else if (match[5] !== undefined) pieces.push({ kind: 'punct', text: match[5] });
    else if (match[6] !== undefined) pieces.push({ kind: 'word', text: match[6] });
  }
  return pieces;
}

/**
 * Parses a condition; `column(name)` returns the SQL for a column or undefined when unknown.
 * @throws Error on anything but: cond := term (OR term)*; term := factor (AND factor)*;
 *   factor := NOT factor | ( cond ) | column (op literal | [NOT] IN (literals) | IS [NOT] NULL | BETWEEN literal AND literal)
 */
function parseCondition(input: string, column: (name: string) => string | undefined): string {
  const pieces = lex(input);
  let position = 0;
  const peek = (): Piece | undefined => pieces[position];
  const isWord = (word: string): boolean => peek()?.kind === 'word' && peek()?.text.toLowerCase() === word;
  const expectWord = (word: string): void => {
    if (!isWord(word)) throw new GlossaryError(`expected ${word.toUpperCase()}`);
    position++;
  };
  const expectPunct = (text: string): void => {
    if (peek()?.kind !== 'punct' || peek()?.text !== text) throw new GlossaryError(`expected "${text}"`);
    position++;
  };

  const literal = (): string => {
    const piece = pieces[position++];
    if (!piece) throw new GlossaryError('expected a value');
    if (piece.kind === 'number') return piece.text;
    if (piece.kind === 'string') return `'${piece.text.replace(/'/g, "''")}'`;
    if (piece.kind === 'word' && ['true', 'false', 'null'].includes(piece.text.toLowerCase())) return piece.text.toUpperCase();
    throw new GlossaryError(`expected a value, found "${piece.text}"`);
  };

  const columnRef = (): string => {
    const piece = peek();
    let name: string;
    if (piece?.kind === 'ident') {
      name = piece.text;
      position++;
    } else {
      const words: string[] = [];
      while (peek()?.kind === 'word' && !KEYWORDS.has((peek() as Piece).text.toLowerCase())) words.push(pieces[position++].text);
      if (words.length === 0) throw new GlossaryError(`expected a column name${piece ? `, found "${piece.text}"` : ''}`);
      name = words.join(' ');
    }
    const sql = column(name);
    if (sql === undefined) throw new GlossaryError(`unknown column "${name}"`);
    return sql;
  };

  const factor = (): string => {
    if (isWord('not')) {
      position++;
      return `NOT (${factor()})`;
    }
    if (peek()?.kind === 'punct' && peek()?.text === '(') {
      position++;
      const inner = condition();
      expectPunct(')');
      return `(${inner})`;
    }
    const left = columnRef();
    const piece = peek();
    if (piece?.kind === 'op') {
      position++;
      return `${left} ${piece.text} ${literal()}`;
    }
    if (isWord('is')) {
      position++;
      const negate = isWord('not') ? (position++, ' NOT') : '';
      expectWord('null');
      return `${left} IS${negate} NULL`;
    }
    if (isWord('between')) {
      position++;
      const low = literal();
      expectWord('and');
      return `${left} BETWEEN ${low} AND ${literal()}`;
    }
    const negate = isWord('not') ? (position++, 'NOT ') : '';
    expectWord('in');
    expectPunct('(');
    const items = [literal()];
    while (peek()?.kind === 'punct' && peek()?.text === ',') {
      position++;
      items.push(literal());
    }
    expectPunct(')');
    return `${left} ${negate}IN (${items.join(', ')})`;
  };

  const term = (): string => {
    const parts = [factor()];
    while (isWord('and')) {
      position++;
      parts.push(factor());
    }
    return parts.join(' AND ');
  };

  function condition(): string {
    const parts = [term()];
    while (isWord('or')) {
      position++;
      parts.push(term());
    }
    return parts.length === 1 ? parts[0] : parts.map((part) => `(${part})`).join(' OR ');
  }

  if (pieces.length === 0) throw new GlossaryError('empty condition');
  const sql = condition();
  if (position < pieces.length) throw new GlossaryError(`unexpected "${pieces[position].text}"`);
  return sql;
}
