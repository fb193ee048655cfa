import { describe, expect, it } from 'vitest';
import { aggregateLabelKind, isAggregateLabel, isResultLabel, isScopeAverageLabel, isWholeSetLabel } from './aggregate-labels.js';

describe('aggregateLabelKind', () => {
  it.each([
    'Total', 'TOTAL', 'Totals', 'Subtotal', 'Sub-total', 'Grand Total', 'North Total', 'Subtotal Nordics', 'Total Revenue',
    'Sum', 'Gesamt', 'Summe', 'Gesamtsumme', 'Zwischensumme', 'Insgesamt', 'Total général', 'Totale', 'Suma', 'Razem',
    'Totaal', 'Sous-total', 'I alt', 'Σ', 'Summe Umsatz', 'Ogółem', 'Gesamtergebnis',
  ])('reads %s as a sum', (label) => {
    expect(aggregateLabelKind(label)).toBe('sum');
  });

  it.each(['Totalmente', 'Dim Sum', 'Summer Sale', 'Product A', 'Subway', 'Totality of things', '', 'Sumatra', 'Total_applications_granted'])('does not read %s as a total', (label) => {
    expect(aggregateLabelKind(label)).toBeNull();
  });

  it('tells averages and other summaries from sums', () => {
    expect(aggregateLabelKind('Average')).toBe('average');
    expect(aggregateLabelKind('Durchschnitt')).toBe('average');
    expect(aggregateLabelKind('Ø')).toBe('average');
    expect(aggregateLabelKind('Max')).toBe('other');
    expect(aggregateLabelKind('Average Order Value')).toBeNull();
  });

  it('reads a population\'s average as an average row, not any label ending in "average"', () => {
    expect(aggregateLabelKind('District average')).toBe('average');
    expect(aggregateLabelKind('State Average')).toBe('average');
    expect(aggregateLabelKind('EU mean')).toBe('average');
    expect(isScopeAverageLabel('National average')).toBe(true);
    expect(aggregateLabelKind('Batting average')).toBeNull();
    expect(aggregateLabelKind('Lincoln High average')).toBeNull();
    expect(isScopeAverageLabel('Average')).toBe(false);
  });

  it('matches total words only at the edges of a long label', () => {
    expect(isAggregateLabel('Revenue from the total addressable market segment')).toBe(false);
    expect(isAggregateLabel('Revenue of all branches in the region total')).toBe(true);
  });
});

describe('isResultLabel', () => {
  it('knows statement result lines', () => {
    expect(isResultLabel('Gross Profit')).toBe(true);
    expect(isResultLabel('EBITDA')).toBe(true);
    expect(isResultLabel('Rohertrag')).toBe(true);
    expect(isResultLabel('Product A')).toBe(false);
  });
});

describe('isWholeSetLabel', () => {
  it('reads short labels opening with a word for the whole set, and nothing else', () => {
    for (const label of ['All', 'Overall', 'All Regions', 'All regions', '(All)', 'Alle Regionen']) expect(isWholeSetLabel(label)).toBe(true);
    for (const label of ['North', 'Small', 'Tall Ships', 'Hall', 'All of the regions in the north']) expect(isWholeSetLabel(label)).toBe(false);
  });
});
