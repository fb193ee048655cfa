/**
 * Medal tables (Rank | Nation | Gold | Silver | Bronze | Total), the most common table of
 * published sports results: "medals" with no column of that name means all medals, which the
 * table's Total column counts. "Metals" in such a table is the same word misspelt (a medal
 * table holds no metals); the misspelling is a frequent one in WikiTableQuestions.
 * @module agent/planner/medal-table
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention } from './plan-types.js';
import { foldText } from './normalize-text.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';

const MEDAL_WORDS = new Set(['medal', 'medals', 'metal', 'metals']);
const MEDAL_COLUMNS = ['gold', 'silver', 'bronze'];

/**
 * The Total column of a medal table: columns named Gold, Silver, Bronze and exactly one named
 * Total, all numeric. The Total column is usually detected as an aggregate column (it adds up
 * the three), which is what "medals" asks for.
 */
function medalTotal(profile: TableProfile): ColumnInfo | undefined {
  const named = (name: string): ColumnInfo[] => profile.columns.filter((c) => c.numeric && foldText(c.column.name).trim() === name);
  if (!MEDAL_COLUMNS.every((name) => named(name).length === 1)) return undefined;
  const totals = named('total');
  return totals.length === 1 ? totals[0] : undefined;
}

/**
 * "how many medals did China win", "how many metals did China have more than India": a medal
 * word that nothing else explains becomes a mention of the medal table's Total column.
 * @param open true for a token nothing has explained yet
 * @returns the mention, or undefined when the table is no medal table or no such word is left
 */
export function medalTotalMention(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], open: (i: number) => boolean): ColumnMention | undefined {
  const total = medalTotal(profile);
  if (!total) return undefined;
  const token = parsed.tokens.find((t) => MEDAL_WORDS.has(t.norm) && open(t.index) && !mentions.some((m) => m.tokens.includes(t.index)));
  if (!token) return undefined;
  return { info: total, tokens: [token.index], hits: [{ stem: total.stems[0] ?? 'total', exact: false }], strength: 1, exact: 0 };
}
