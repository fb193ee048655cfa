/**
 * Routing: which store answers a question. Aggregates, counts, rankings and named numbers go
 * to SQL over the tables; passages, policies, how-tos and similarity questions go to the
 * document search; a question that asks for both (numbers and context) goes to both, and its
 * answer keeps the two kinds of sources apart.
 * @module agent/route-question
 */
import type { CatalogTable } from '../store/catalog-types.js';

/** Where a question is answered. */
export type Route = 'sql' | 'documents' | 'both';

/** The decision and why. */
export interface RouteDecision {
  route: Route;
  /** The cue words found, per side. */
  cues: { sql: string[]; documents: string[] };
  /** One line for people: the cues, or the fallback that decided. */
  reason: string;
  /**
   * With `both`: the part of the question each side answers, split at the conjunction that
   * joins the two asks ("total amount" / "what does the shipping policy say?"); the whole
   * question on both sides when it does not split.
   */
  parts?: { sql: string; documents: string };
  /**
   * Set when the question asks for table rows like a given one ("customers with a profile like
   * Müller GmbH") and row chunks are stored: the row search answers (prose/search-rows), with
   * `subject` the thing the rows should resemble (null when the question names none).
   */
  rows?: { subject: string | null };
  /**
   * The table data the question names (`RouteContext.tableData`) when routed to `sql`: the
   * tables' honest decline answers such a question, not an unrelated passage.
   */
  tableData?: NamedData[];
}

/** What exists for the tenant. */
export interface RouteContext {
  hasTables: boolean;
  hasDocuments: boolean;
  /** True when the offline planner mapped the question to a table (a tie-breaker when no cue decides). */
  plannerMapped?: boolean;
  /** True when table rows are stored as row chunks (prose/chunk-rows): similarity over rows is possible. */
  hasRows?: boolean;
  /** What the question names of the tables' data: measure columns and table names (`namedTableData`). */
  tableData?: NamedData[];
}

/** Something of the tables' data a question names (`namedTableData`). */
export interface NamedData {
  /** The words that named it, folded: `net revenue`, `order`. */
  words: string;
  /** sqlName of the table. */
  table: string;
  /** `measure`: a measure column's name; `table`: the table's file, sheet or SQL name. */
  kind: 'measure' | 'table';
}

/** "net revenue (regional_sales_sales_dach)", "order (table orders)" — for reasons. */
function describeNamed(named: NamedData[]): string {
  return named.map((item) => (item.kind === 'measure' ? `${item.words} (${item.table})` : `${item.words} (table ${item.table})`)).join(', ');
}

/** Words too common to name a column or table on their own. */
const NAME_STOPWORDS = new Set(['the', 'and', 'for', 'of', 'in', 'per', 'sheet', 'table', 'data', 'total', 'value', 'values', 'number', 'column', 'notes']);

/** Lowercase words without accents and a plural `s`: "Orders [EUR]" → ["order", "eur"]. */
function nameWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/** True when `phrase` occurs in `words` as consecutive words. */
function hasPhrase(words: string[], phrase: string[]): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i + phrase.length <= words.length; i++) if (phrase.every((word, j) => words[i + j] === word)) return true;
  return false;
}

/** A name's words for matching, units in brackets dropped ("Net Revenue [EUR]" → net revenue); [] when too generic to count. */
function namePhrase(name: string): string[] {
  const words = nameWords(name.replace(/\[[^\]]*\]|\([^)]*\)/g, ' '));
  const meaningful = words.filter((word) => word.length >= 3 && !NAME_STOPWORDS.has(word) && !/^\d+$/.test(word));
  if (meaningful.length === 0) return [];
  if (words.length === 1 && words[0].length < 4) return [];
  return words;
}

/**
 * What a question names of the tables' data: a visible table's measure column ("net revenue",
 * "amount") or the table itself by its file, sheet or SQL name ("orders"), whole words, accents
 * and plural `s` ignored. A question naming these asks about data a table holds, so the tables'
 * answer — or their honest decline — answers it (reviewer item M2: a declined "net revenue of
 * Wien in April 2025" must not come back as an unrelated passage).
 * @returns one entry per table and name, question order not kept
 */
export function namedTableData(question: string, catalog: Pick<CatalogTable, 'sqlName' | 'file' | 'sheet' | 'hidden' | 'kind' | 'columns'>[]): NamedData[] {
  const words = nameWords(question);
  const named = new Map<string, NamedData>();
  const add = (item: NamedData) => named.set(`${item.kind}|${item.table}|${item.words}`, item);
  for (const table of catalog) {
    if (table.hidden) continue;
    const tableNames = [table.sqlName, table.file.replace(/\.[a-z0-9]+$/i, ''), table.sheet ?? ''].map(namePhrase);
    for (const phrase of tableNames) if (hasPhrase(words, phrase)) add({ words: phrase.join(' '), table: table.sqlName, kind: 'table' });
    for (const column of table.columns) {
      if (column.concept !== 'measure' || column.derived) continue;
      const phrase = namePhrase(column.name);
      if (!hasPhrase(words, phrase)) continue;
      // A column named like its table ("Order" in orders.csv) is its number/id: it names the table, not a measure.
      const isTableName = tableNames.some((name) => name.join(' ') === phrase.join(' '));
      add({ words: phrase.join(' '), table: table.sqlName, kind: isTableName ? 'table' : 'measure' });
    }
  }
  return [...named.values()];
}

/**
 * A question asking for rows like a given one: "customers like X", "a profile like X",
 * "branches similar to X", "rows resembling X", "most like X". The nouns are the row kinds of
 * teams' sheets; a bare "like" is not enough ("what would you like to know"). Group 1 is the subject.
 */
const ROW_SIMILARITY =
  /\b(?:similar to|profiles? (?:like|similar to)|(?:customers?|clients?|suppliers?|vendors?|partners?|products?|orders?|accounts?|rows?|records?|entries|employees?|people|branches|stores?|shops?|items?|companies|deals?|ones|those|others)\s+(?:like|similar to|resembling)|resembl(?:e|es|ing)|most like)\s+(.+?)[\s?.!]*$/i;

/** Words before the subject that say which row, not what it is: "the one in", "that of", "customer". */
const SUBJECT_LEAD = /^(?:(?:the|a|an|that|those)\s+)?(?:(?:one|ones|row|record|entry|profile)\s+)?(?:(?:of|in|from|for|with|named|called)\s+)?/i;

/** The subject of a similarity-over-rows question ("Müller GmbH"), '' when the question names the kind only; null when it is not one. */
export function rowSimilaritySubject(question: string): string | null {
  const match = ROW_SIMILARITY.exec(question.replace(/\s+/g, ' ').trim());
  if (!match) return null;
  return match[1].replace(SUBJECT_LEAD, '').replace(/^["'“‘]|["'”’]$/g, '').trim();
}

/**
 * Cues of a number question: aggregates, counts, rankings, breakdowns, changes. Written from the
 * question shapes the offline planner answers (README "What ask can answer") and the issue's
 * examples ("total orders by country", "which cost lines grew fastest").
 */
const SQL_CUES: [string, RegExp][] = [
  ['total', /\b(total|totals|sum of|summed|in sum)\b/],
  ['count', /\b(how many|number of|count of|count)\b/],
  ['average', /\b(average|avg|mean|median)\b/],
  ['ranking', /\b(highest|lowest|most|least|largest|smallest|biggest|top \d+|top|bottom \d+|rank|ranking|best|worst)\b/],
  ['breakdown', /\b(by|per) (month|quarter|year|week|day|region|country|city|branch|customer|product|category|location|team|department|channel|segment|store|line)\b|\bbreakdown\b/],
  ['share', /\b(share of|percentage of|percent of|ratio of|proportion of)\b/],
  ['change', /\b(grew|grow|growth|increase[ds]?|decrease[ds]?|declined?|fastest|slowest|change in|year over year|yoy)\b/],
  ['extremes', /\b(maximum|minimum|max|min)\b/],
];

/**
 * Cues of a passage question: policies, procedures, how-tos, explanations, summaries, similarity.
 * Written from the examples ("How long does shipping take?", "summarise Q3") and the
 * kinds of documents teams keep (policies, meeting notes, product sheets, reports).
 */
const DOCUMENT_CUES: [string, RegExp][] = [
  ['policy', /\b(polic(y|ies)|rules?|guidelines?|procedures?|process|handbook|terms|conditions|regulations?|requirements?|compliance)\b/],
  ['how-to', /\b(how (do|does|can|should|to|long|often|soon)|what (are|is) the steps|steps to|instructions?)\b/],
  ['permission', /\b(am i|are we|can i|can we|may i|should i|should we|is it allowed|allowed to|required to|must i|do i need)\b/],
  ['explain', /\b(why|explain|describe|what does .+ (say|mean|cover)|according to|what is meant|definition of)\b/],
  ['summary', /\b(summar(y|ise|ize)|overview|notes|minutes|decided|decisions?|context|background)\b/],
  ['similarity', /\b(similar to|like the|profile like|resembl(e|es|ing))\b/],
  ['documents', /\b(documents?|report says|passage|section|page)\b/],
];

/** Joins two asks in one question: "summarise Q3 and say which …", "…; also …". */
const CONJUNCTION = /\b(and (also |then )?(say|tell|show|list|give|name|which|what|how)|as well as|plus|also)\b|;/;

/**
 * The two asks of a mixed question: split at the first conjunction, each side given to the
 * store its cues point to. The whole question on both sides when a side has no cue of its own.
 */
export function splitAsks(question: string): { sql: string; documents: string } {
  const match = CONJUNCTION.exec(question.toLowerCase());
  if (!match) return { sql: question, documents: question };
  const left = question.slice(0, match.index).replace(/[\s,;]+$/, '').trim();
  const right = question.slice(match.index).replace(/^(;\s*|and\s+(also\s+|then\s+)?|as well as\s+|plus\s+|also\s+)/i, '').trim();
  const score = (part: string) => cuesOf(part.toLowerCase(), SQL_CUES).length - cuesOf(part.toLowerCase(), DOCUMENT_CUES).length;
  const [sql, documents] = score(left) >= score(right) ? [left, right] : [right, left];
  if (cuesOf(sql.toLowerCase(), SQL_CUES).length === 0 || cuesOf(documents.toLowerCase(), DOCUMENT_CUES).length === 0) return { sql: question, documents: question };
  return { sql, documents };
}

function cuesOf(text: string, table: [string, RegExp][]): string[] {
  return table.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

/** A year (1900–2099), a quarter with its year, or a month name followed by a year: "in 2024", "Q1 2025", "January 2025". */
const PERIOD_MENTION = /\b(?:(?:19|20)\d{2}|q[1-4]\s*(?:19|20)\d{2}|(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\s+(?:19|20)\d{2})\b/;

/**
 * Routes a question.
 * - Both kinds of cue and a conjunction joining two asks → `both`.
 * - Only number cues → `sql`; only passage cues → `documents`; both cues without a
 *   conjunction → the side with more cues, `sql` on a tie when the planner mapped it.
 * - No cue → `sql` when the planner mapped it to a table or the question names a table's measure
 *   column of two or more words, or of one word beside a period (`RouteContext.tableData`; a
 *   table's name alone is not enough: "customs duties for orders" is a policy question, and
 *   neither is a one-word measure name alone: "what time does support open" over a Time column),
 *   else `documents` when there are any.
 * - A `sql` route with table data named (a measure or a table) carries it in `tableData`: ask
 *   then answers with the tables' decline rather than falling back to passages.
 * - A side with nothing stored gives way to the other.
 * - Before all of these: rows like a named one ("customers with a profile like X", `ROW_SIMILARITY`)
 *   → `documents` with `rows` set, when row chunks are stored.
 */
export function routeQuestion(question: string, context: RouteContext): RouteDecision {
  const text = question.toLowerCase().replace(/\s+/g, ' ');
  const cues = { sql: cuesOf(text, SQL_CUES), documents: cuesOf(text, DOCUMENT_CUES) };
  // a one-word measure name ("Amount", "Time", "Points") is an everyday word too: alone it does not make a cue-less question a number question
  // — unless the question also names a period ("Amount of Italy in January 2025"): a measure at a time is a number question
  const measures = (context.tableData ?? []).filter((item) => item.kind === 'measure' && (item.words.includes(' ') || PERIOD_MENTION.test(text)));
  const subject = context.hasRows ? rowSimilaritySubject(question) : null;
  if (subject !== null) {
    // Rows like a named one: the row search answers, whatever number words come with it ("most like").
    const reason = subject ? `asks for table rows like "${subject}" (similarity over rows)` : 'asks for table rows by similarity';
    return { route: 'documents', cues, reason, rows: { subject: subject || null } };
  }
  let route: Route;
  let reason: string;
  if (cues.sql.length > 0 && cues.documents.length > 0) {
    if (CONJUNCTION.test(text)) {
      route = 'both';
      reason = `asks for numbers (${cues.sql.join(', ')}) and for context (${cues.documents.join(', ')})`;
      if (context.hasDocuments && context.hasTables) return { route, cues, reason, parts: splitAsks(question) };
    } else if (cues.sql.length === cues.documents.length) {
      route = context.plannerMapped ? 'sql' : 'documents';
      reason = `number cues (${cues.sql.join(', ')}) and passage cues (${cues.documents.join(', ')}) tie; ${context.plannerMapped ? 'the planner mapped it to a table' : 'the planner mapped no table'}`;
    } else {
      route = cues.sql.length > cues.documents.length ? 'sql' : 'documents';
      reason = `more ${route === 'sql' ? 'number' : 'passage'} cues (${(route === 'sql' ? cues.sql : cues.documents).join(', ')})`;
    }
  } else if (cues.sql.length > 0) {
    route = 'sql';
    reason = `number cues (${cues.sql.join(', ')})`;
  } else if (cues.documents.length > 0) {
    route = 'documents';
    reason = `passage cues (${cues.documents.join(', ')})`;
  } else if (!context.plannerMapped && context.hasTables && measures.length > 0) {
    return { route: 'sql', cues, reason: `no cue; names a measure (${describeNamed(measures)}) though the planner mapped no table`, tableData: context.tableData };
  } else {
    route = context.plannerMapped || !context.hasDocuments ? 'sql' : 'documents';
    reason = context.plannerMapped ? 'no cue; the planner mapped it to a table' : 'no cue and no table mapped';
  }
  if (!context.hasDocuments && route !== 'sql') return { route: 'sql', cues, reason: `${reason}; no documents are stored` };
  if (!context.hasTables && route !== 'documents') return { route: 'documents', cues, reason: `${reason}; no tables are stored` };
  if (route === 'sql' && context.tableData && context.tableData.length > 0) return { route, cues, reason: `${reason}; names table data (${describeNamed(context.tableData)})`, tableData: context.tableData };
  return { route, cues, reason };
}
