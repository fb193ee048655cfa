/**
 * Result lines of an income statement named in a question: "net income", "operating income",
 * "net earnings". Such a line is what is left after costs (Net income = Total revenue − Total
 * expenses), so its word "income" never names the revenue section or a revenue column.
 * @module agent/planner/result-lines
 */
import type { ParsedQuestion } from './parse-question.js';
import { tokensOf } from './normalize-text.js';

/** Qualifiers that turn an income word into a result line: "net income", "operating earnings". */
const RESULT_QUALIFIERS = new Set(['net', 'operating', 'pretax', 'taxable', 'comprehensive']);
/** Income words a result qualifier turns into a result line (stems). */
const RESULT_NOUNS = new Set(['income', 'earning', 'earnings', 'profit', 'profits'].map((w) => tokensOf(w)[0].stem));

/**
 * True when the token at `index` is the noun of a result line: an income word right after a
 * result qualifier ("net income"). Such a token must not be read as a money word for revenue.
 * @param parsed the parsed question
 * @param index a token index of `parsed.tokens`
 */
export function namesResultLine(parsed: ParsedQuestion, index: number): boolean {
  const token = parsed.tokens[index];
  const before = parsed.tokens[index - 1];
  return token !== undefined && before !== undefined && RESULT_NOUNS.has(token.stem) && RESULT_QUALIFIERS.has(before.norm);
}

/**
 * A result line the question names that no column or data row of the table explains ("net
 * income" over a statement whose Net Income row is a total row): the table cannot answer it
 * by adding up rows, so it is a problem, never a sum of the revenue section.
 * @param parsed the parsed question
 * @param covered token indexes a column, value or other reading already explains
 * @param tableName the table's SQL name, for the message
 * @returns the problem, or undefined when no unexplained result line is named
 */
export function resultLineProblem(parsed: ParsedQuestion, covered: Set<number>, tableName: string): string | undefined {
  for (const token of parsed.tokens) {
    if (!namesResultLine(parsed, token.index) || covered.has(token.index)) continue;
    const words = `${parsed.tokens[token.index - 1].norm} ${token.norm}`;
    return `'${words}' is a result line (what is left after costs); no column or data row of ${tableName} holds it, and adding up its rows would not give it`;
  }
  return undefined;
}
