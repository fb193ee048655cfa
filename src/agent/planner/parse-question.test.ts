import { describe, expect, it } from 'vitest';
import { parseQuestion } from './parse-question.js';

const today = new Date('2025-07-01T00:00:00Z');
const words = (question: string, indexes: number[] | undefined) => (indexes ?? []).map((i) => parseQuestion(question, today).tokens[i].norm);

describe('parseQuestion', () => {
  it('reads operation words and superlatives', () => {
    expect(parseQuestion('How many complaints did we get?', today)).toMatchObject({ countWords: true, sumWords: false });
    expect(parseQuestion('What is the total spend?', today)).toMatchObject({ sumWords: true });
    expect(parseQuestion('Which category has the lowest average rating?', today)).toMatchObject({ averageWords: true, superlative: 'asc' });
    expect(parseQuestion('Top 3 products by revenue', today)).toMatchObject({ superlative: 'desc', topN: 3 });
    expect(parseQuestion('Top -2 products by revenue', today)).toMatchObject({ superlative: 'desc', topN: -2 });
    expect(parseQuestion('the top-three products by revenue', today)).toMatchObject({ superlative: 'desc', topN: 3 });
    expect(parseQuestion('Top 2-3 products by revenue', today).topN).not.toBe(-3);
  });

  it('finds grouping keywords and time adjectives', () => {
    const parsed = parseQuestion('Break down actual spend by channel', today);
    expect(parsed.groupAt.map((g) => [g.keyword, parsed.tokens[g.at].norm])).toEqual([['by', 'channel']]);
    const monthly = parseQuestion('monthly revenue for Oslo', today);
    expect(monthly.timeAdjective).toBe(true);
  });

  it('splits a share into the whole and the part', () => {
    const question = 'What percentage of AMER audits were flagged?';
    const parsed = parseQuestion(question, today);
    expect(parsed.tokens[parsed.shareSplitAt as number].norm).toBe('were');
    expect(parseQuestion("What's the share of complaints about Delivery?", today).shareSplitAt).toBeGreaterThan(0);
  });

  it('finds both sides of a ratio and an explicit weight', () => {
    const question = 'achieved reach as a percentage of planned reach';
    const ratio = parseQuestion(question, today).ratio;
    expect(ratio?.scale).toBe(100);
    expect(words(question, ratio && [ratio.numerator[0], ratio.numerator[1]])).toEqual(['achieved', 'reach']);
    const weighted = 'overall CSAT for Oslo, weighted by number of responses';
    expect(words(weighted, parseQuestion(weighted, today).weightTokens)).toEqual(['responses']);
    const hyphen = 'the response-weighted CSAT';
    expect(words(hyphen, parseQuestion(hyphen, today).weightTokens)).toEqual(['response']);
  });

  it('reads numeric conditions, not codes or years', () => {
    const conditions = (q: string) => parseQuestion(q, today).comparisons.map(({ operator, value, upper, weak }) => ({ operator, value, upper, weak }));
    expect(conditions('orders over $1,200.50')).toEqual([{ operator: '>', value: 1200.5, upper: undefined, weak: false }]);
    expect(conditions('a rating of 2 or less')).toEqual([{ operator: '<=', value: 2, upper: undefined, weak: false }]);
    expect(conditions('at most 5 units')).toEqual([{ operator: '<=', value: 5, upper: undefined, weak: false }]);
    expect(conditions('between 10 and 20 units')).toEqual([{ operator: '>=', value: 10, upper: 20, weak: false }]);
    expect(conditions('with a rating of 5')).toEqual([{ operator: '=', value: 5, upper: undefined, weak: true }]);
    expect(conditions('orders to ZIP 04027 in 2024 for Q1')).toEqual([]);
    expect(parseQuestion('What is at most 5?', today).superlative).toBeUndefined();
    // a number word right after the comparison words, never one naming a part ("one of the")
    expect(conditions('nations with at least one gold medal')).toEqual([{ operator: '>=', value: 1, upper: undefined, weak: false }]);
    expect(conditions('more than two goals')).toEqual([{ operator: '>', value: 2, upper: undefined, weak: false }]);
    expect(conditions('at least one of the races')).toEqual([]);
    expect(conditions('one rating of two')).toEqual([]);
  });

  it('marks negated words', () => {
    const parsed = parseQuestion('revenue without DACH, not flagged', today);
    expect([...parsed.negated].map((i) => parsed.tokens[i].norm).sort()).toEqual(['dach', 'flagged']);
  });
});
