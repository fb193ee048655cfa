/**
 * Words that date a row's event ("opened", "closed", "built"), and the check that a question's
 * verb names the same event as a date column's name.
 * @module agent/planner/event-words
 */
import type { ParsedQuestion } from './parse-question.js';
import { tokensOf } from './normalize-text.js';
import { EVENT_DATE_WORDS } from './vocabulary.js';

/** Stems of the words that date a row's event (`EVENT_DATE_WORDS`). */
export const EVENT_DATE_STEMS = new Set([...EVENT_DATE_WORDS].map((word) => tokensOf(word)[0].stem));

/**
 * "how many accounts were closed in 2023", "when was the last account closed" over a date column
 * named Opened: the question's verb (a past form: "closed", "built", "written"; never a noun such
 * as "the start" or "order") names another event than the one the column's name says.
 * @param columnName the date or year column's name
 * @returns the question's word for the other event, or undefined when the column names no event or the same one
 */
export function otherEventThan(parsed: ParsedQuestion, columnName: string): string | undefined {
  const own = tokensOf(columnName.replace(/_/g, ' ')).map((t) => t.stem).filter((stem) => EVENT_DATE_STEMS.has(stem));
  if (own.length === 0) return undefined;
  return parsed.tokens.find((t) => /(ed|en|lt|rn)$/.test(t.norm) && EVENT_DATE_STEMS.has(t.stem) && !own.includes(t.stem))?.norm;
}

/**
 * "when did the club play in Europe" over one year column named Founded: the column dates an
 * event (founding) the question does not name, so its years answer no other "when".
 * @returns true when the column's name names an event (Opened, Founded, Released) the question says no word of
 */
export function datesUnnamedEvent(parsed: ParsedQuestion, columnName: string): boolean {
  const own = tokensOf(columnName.replace(/_/g, ' ')).map((t) => t.stem).filter((stem) => EVENT_DATE_STEMS.has(stem));
  return own.length > 0 && !parsed.tokens.some((t) => own.includes(t.stem));
}
