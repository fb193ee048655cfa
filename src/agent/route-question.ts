/**
 * Routing: which store answers a question. Aggregates, counts, rankings and named numbers go
 * to SQL over the tables; passages, policies, how-tos and similarity questions go to the
 * document search; a question that asks for both (numbers and context) goes to both, and its
 * answer keeps the two kinds of sources apart.
 * @module agent/route-question
 */

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
}

/** What exists for the tenant. */
export interface RouteContext {
  hasTables: boolean;
  hasDocuments: boolean;
  /** True when the offline planner mapped the question to a table (a tie-breaker when no cue decides). */
  plannerMapped?: boolean;
  /** True when table rows are stored as row chunks (prose/chunk-rows): similarity over rows is possible. */
  hasRows?: boolean;
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

/**
 * Routes a question.
 * - Both kinds of cue and a conjunction joining two asks → `both`.
 * - Only number cues → `sql`; only passage cues → `documents`; both cues without a
 *   conjunction → the side with more cues, `sql` on a tie when the planner mapped it.
 * - No cue → `sql` when the planner mapped it to a table, else `documents` when there are any.
 * - A side with nothing stored gives way to the other.
 * - Before all of these: rows like a named one ("customers with a profile like X", `ROW_SIMILARITY`)
 *   → `documents` with `rows` set, when row chunks are stored.
 */
export function routeQuestion(question: string, context: RouteContext): RouteDecision {
  const text = question.toLowerCase().replace(/\s+/g, ' ');
  const cues = { sql: cuesOf(text, SQL_CUES), documents: cuesOf(text, DOCUMENT_CUES) };
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
  } else {
    route = context.plannerMapped || !context.hasDocuments ? 'sql' : 'documents';
    reason = context.plannerMapped ? 'no cue; the planner mapped it to a table' : 'no cue and no table mapped';
  }
  if (!context.hasDocuments && route !== 'sql') return { route: 'sql', cues, reason: `${reason}; no documents are stored` };
  if (!context.hasTables && route !== 'documents') return { route: 'documents', cues, reason: `${reason}; no tables are stored` };
  return { route, cues, reason };
}
