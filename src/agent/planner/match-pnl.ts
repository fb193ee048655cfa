/**
 * Words a question uses for a P&L's sections: money words that pick the one revenue (or cost)
 * section, and the concepts computed over sections (gross profit, gross margin).
 * @module agent/planner/match-pnl
 */
import { findSequence, valueFilter } from './match-values.js';
import { tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter, TableMatch } from './plan-types.js';
import { MONEY_STEMS, type TableProfile } from './table-profile.js';
import { namesResultLine } from './result-lines.js';

/** Section names that hold income lines in a P&L. */
export const REVENUE_SECTION = /revenue|sales|turnover|umsatz|erl[oö]s|income|ertr[aä]g|ventes|ingresos/i;
/** Section names that hold cost lines in a P&L. */
export const COST_SECTION = /cost|cogs|expense|aufwand|kosten|charges/i;
const COST_STEMS = new Set(['cost', 'costs', 'expense', 'expenses', 'cogs'].map((w) => tokensOf(w)[0].stem));

/**
 * Money words in a P&L with period columns ("revenue" when the section is called "Sales",
 * "costs"): each picks the one revenue-like (or cost) section, when there is exactly one and
 * no filter is on the section column yet. Words of a result line's name are left alone.
 * Appends the section filters to `filters`; adds their words to `covered`.
 * @returns the evidence (1 a filter)
 */
export function sectionMoneyFilters(parsed: ParsedQuestion, profile: TableProfile, filters: Filter[], covered: Set<number>, free: (index: number) => boolean): number {
  let evidence = 0;
  const section = profile.sectionColumn;
  if (section && profile.periods.length > 0) {
    const sections = (section.profile.distinct ?? []).map(String);
    const revenueSections = sections.filter((v) => REVENUE_SECTION.test(v) && !COST_SECTION.test(v));
    const costSections = sections.filter((v) => COST_SECTION.test(v));
    for (const token of parsed.tokens) {
      if (!free(token.index) || covered.has(token.index) || namesResultLine(parsed, token.index)) continue;
      const chosen = MONEY_STEMS.has(token.stem) ? revenueSections : COST_STEMS.has(token.stem) ? costSections : [];
      if (chosen.length !== 1 || filters.some((f) => f.column === section)) continue;
      filters.push(valueFilter(section, chosen, [token.index]));
      covered.add(token.index);
      evidence += 1;
    }
  }
  return evidence;
}

/**
 * P&L concepts over sections: "gross profit margin" / "gross margin" (→ `grossMargin`) or
 * "gross profit" (→ `grossProfit`), the first found, only in a table with a section column.
 * Adds the words found to `covered`.
 * @returns the concepts (empty when none) and the evidence (2 a concept)
 */
export function pnlConcepts(parsed: ParsedQuestion, profile: TableProfile, covered: Set<number>, free: (index: number) => boolean): { concepts: TableMatch['concepts']; evidence: number } {
  const concepts: TableMatch['concepts'] = {};
  let evidence = 0;
  if (profile.sectionColumn) {
    for (const [key, words] of [['grossMargin', 'gross profit margin'], ['grossMargin', 'gross margin'], ['grossProfit', 'gross profit']] as const) {
      const found = findSequence(parsed, tokensOf(words).map((t) => t.stem), (i) => free(i) && !covered.has(i))[0];
      if (found && !concepts.grossMargin && !concepts.grossProfit) {
        concepts[key] = found;
        found.forEach((t) => covered.add(t));
        evidence += 2;
      }
    }
  }
  return { concepts, evidence };
}
