/**
 * Columns whose name says an average ("Avg. Start", "Average finish", "Mean score") beside the
 * column of what is averaged (Starts): which one a question names, by its average word and the
 * words as written.
 * @module agent/planner/average-columns
 */
import { tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention } from './plan-types.js';

/** Stems of the words that name an average in a column's name ("Avg. Start", "Average finish", "Mean score"). */
const AVERAGE_STEMS = new Set(['avg', 'averag', 'mean']);

/**
 * "the average start in 1986" over Starts and Avg. Start: the average word right before the
 * column's other words, as written, spells the one tied column whose name says an average; with
 * no average word ("how many starts in 1988"), the one tied column whose name says none.
 */
export function averageNamed(parsed: ParsedQuestion, top: ColumnMention[]): ColumnMention | undefined {
  // the mention's words as the question writes them are the column's name but for its average word
  const asWritten = (m: ColumnMention): boolean => {
    const rest = tokensOf(m.info.column.name.replace(/_/g, ' ')).filter((t) => !AVERAGE_STEMS.has(t.stem)).map((t) => t.norm);
    const said = [...m.tokens].sort((a, b) => a - b).map((k) => parsed.tokens[k]).filter((t) => !AVERAGE_STEMS.has(t.stem));
    return said.map((t) => t.norm).join(' ') === rest.join(' ');
  };
  const saysAverage = (m: ColumnMention): boolean => tokensOf(m.info.column.name.replace(/_/g, ' ')).some((t) => AVERAGE_STEMS.has(t.stem));
  // ("in 2002 he averaged how many points": the verb says an average too)
  if (!parsed.averageWords && parsed.tokens.some((t) => AVERAGE_STEMS.has(t.stem))) return undefined;
  if (!parsed.averageWords) {
    // (as written: "the lowest start" may be the Avg. Start)
    const plain = top.filter((m) => !saysAverage(m) && asWritten(m));
    return plain.length === 1 && top.some(saysAverage) ? plain[0] : undefined;
  }
  // (as written: "the average starts per year" is an average of Starts)
  const averageWordAt = (m: ColumnMention): boolean => [Math.min(...m.tokens) - 1, ...m.tokens].some((k) => AVERAGE_STEMS.has(parsed.tokens[k]?.stem ?? ''));
  const named = top.filter((m) => saysAverage(m) && averageWordAt(m) && asWritten(m));
  return named.length === 1 ? named[0] : undefined;
}
