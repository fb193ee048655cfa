/**
 * Club seasons with a column per competition (German Cup, FA Cup, Playoffs) whose cells say how
 * far the team went ("Champion", "Winners", "Semifinalist", "–"): to win the competition is to
 * have its winning cell, so "how many German Cups did the team win", "cups won by the club",
 * "did not win the FA Cup" are conditions on that column's winning cells.
 * @module agent/planner/cup-wins
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { valueFilter } from './match-values.js';

/** Forms of "win" said of a competition. */
const WIN_FORMS = new Set(['win', 'wins', 'won', 'winning']);
/** Cells that say the competition was won ("Champion", "Winners", "Won"), notes aside. */
const WINNER_CELL = /^(won|win|winners?|champions?)$/i;
/** Words between "win" and the competition: "win the German Cup", "won a cup". */
const ARTICLES = new Set(['the', 'a', 'an', 'their', 'its', 'his', 'her']);

/** A cell without its note: "Champion (2)" → "Champion", "Winners[3]" → "Winners". */
function withoutNote(value: string): string {
  return value.replace(/\[[^\]]*\]/g, '').replace(/\s*\([^)]*\)\s*$/, '').trim();
}

/**
 * "win the German Cup", "German cups won by …", "how many German Cups did they win", "did not
 * win the cup": a form of "win" right before (past an article) or right after the name of a
 * text column, or after it as the noun counted, whose cells include a
 * winning cell ("Champion", "Winners") is a condition on that column: its winning cells (not,
 * when the win is negated). The mention is marked used as a filter.
 * @param open tokens nothing has explained yet
 * @returns the filters, and the win words they explain
 */
export function cupWinFilters(parsed: ParsedQuestion, mentions: ColumnMention[], open: (index: number) => boolean): { filters: Filter[]; explained: number[] } {
  const found = { filters: [] as Filter[], explained: [] as number[] };
  for (const win of parsed.tokens) {
    if (!WIN_FORMS.has(win.norm) || !open(win.index)) continue;
    let after = win.index + 1;
    while (ARTICLES.has(parsed.tokens[after]?.norm ?? '')) after++;
    // … or the competition counted before it: "how many German Cups did the team win"
    const counted = (m: ColumnMention): boolean => parsed.countNounAt !== undefined && m.tokens.every((t) => t >= parsed.countNounAt! && t <= parsed.countNounAt! + 2) && Math.max(...m.tokens) < win.index;
    const text = mentions.filter((m) => !m.info.numeric && !m.usedAsFilter && m.info.column.type === 'text');
    const near = text.filter((m) => Math.min(...m.tokens) === after || (win.norm === 'won' && Math.max(...m.tokens) === win.index - 1));
    const named = near.length > 0 ? near : text.filter((m) => win.norm === 'win' && counted(m));
    const columns = new Set(named.map((m) => m.info.column));
    if (columns.size !== 1) continue;
    const mention = named[0];
    const column = mention.info.column;
    const winners = (column.profile.distinct ?? []).map((v) => String(v)).filter((v) => WINNER_CELL.test(withoutNote(v)));
    if (winners.length === 0) continue;
    const tokens = [win.index, ...mention.tokens];
    found.filters.push({ ...valueFilter(column, winners, tokens, parsed.negated.has(win.index)), values: [{ value: winners[0], tokens }] });
    named.forEach((m) => { m.usedAsFilter = true; });
    found.explained.push(win.index);
  }
  return found;
}
