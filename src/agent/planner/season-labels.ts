/**
 * Season labels, two years a year apart ("2006/07", "2006–2007"): football, school and fiscal
 * seasons. A season is named by either spelling of its second year, and "before 2005/06" over a
 * column of them keeps the earlier seasons (the labels sort as the seasons do).
 * @module agent/planner/season-labels
 */
import { foldText } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** A season label: two years a year apart, the second written in full or by its last two digits ("2006/07", "2006–2007"). */
const SEASON_LABEL = /^((?:1[89]|20)\d{2})\s*[/\u2013\u2014-]\s*(\d{2}|\d{4})$/;

/** The other spellings of a season label ("2006/07" → "2006/2007", "2006-07", "2006-2007"); none for any other value. */
export function seasonSpellings(value: string): string[] {
  const match = SEASON_LABEL.exec(value.trim());
  if (!match) return [];
  const first = Number(match[1]);
  const second = match[2].length === 2 ? Math.floor(first / 100) * 100 + Number(match[2]) + (Number(match[2]) < first % 100 ? 100 : 0) : Number(match[2]);
  if (second !== first + 1) return [];
  const short = String(second % 100).padStart(2, '0');
  const own = foldText(value).replace(/\s+/g, '').replace(/[\u2013\u2014]/g, '-');
  return [`${first}/${second}`, `${first}/${short}`, `${first}-${short}`, `${first}-${second}`].filter((spelling) => spelling !== own);
}

/** Words before a season that bound it: "before 2005/06", "after the 2008/09 season", "since 2010/11". */
const BOUNDS: Record<string, '<' | '>' | '>=' | '<='> = { before: '<', after: '>', since: '>=', until: '<=', prior: '<' };

/**
 * "how many games were played before 2005/06": a value filter on a column of season labels right
 * after a bound word ("before", "after", "since", "until", "prior to", past "the") becomes a bound
 * on the labels, which sort as the seasons do when they are all written one way. Returns the
 * filters, with the bound words' tokens to explain; other filters unchanged.
 */
export function seasonBounds(parsed: ParsedQuestion, filters: Filter[], free: (index: number) => boolean): { filters: Filter[]; explained: number[] } {
  const explained: number[] = [];
  const bounded = filters.map((filter) => {
    const column = filter.column;
    if (!column || filter.negated || filter.values?.length !== 1) return filter;
    const labels = (column.profile.distinct ?? []).map((v) => String(v).trim());
    if (labels.length < 2 || !labels.every((label) => seasonSpellings(label).length > 0)) return filter;
    // one way of writing them ("2005/06" throughout), so that they sort as the seasons do
    const shapes = new Set(labels.map((label) => label.replace(/\d/g, '9')));
    if (shapes.size !== 1) return filter;
    let at = Math.min(...filter.tokens) - 1;
    const words: number[] = [];
    if (parsed.tokens[at]?.norm === 'the' && free(at)) words.push(at--);
    if (parsed.tokens[at]?.norm === 'to' && parsed.tokens[at - 1]?.norm === 'prior' && free(at)) words.push(at--);
    const operator = BOUNDS[parsed.tokens[at]?.norm ?? ''];
    if (!operator || !free(at)) return filter;
    words.push(at);
    explained.push(...words);
    const value = filter.values[0].value;
    return { ...filter, sql: `${sqlIdentifier(column.sqlName)} ${operator} ${sqlLiteral(value)}`, text: `${column.name} ${operator} '${value}'`, tokens: [...words, ...filter.tokens], values: undefined };
  });
  return { filters: bounded, explained };
}
