import { describe, expect, it } from 'vitest';
import { findSectionRows, sectionLabels, type SectionRowFacts } from './sections.js';

function row(label: string, hasNumbers: boolean, extra: Partial<SectionRowFacts> = {}): SectionRowFacts {
  return { label, depth: /^\s*/.exec(label)?.[0].length ?? 0, bold: false, hasNumbers, otherFilled: hasNumbers ? 3 : 0, hidden: false, ...extra };
}

describe('findSectionRows', () => {
  const pnl = [
    row('Revenue', false, { bold: true }),
    row('Product A', true, { depth: 4 }),
    row('    Product B', true),
    row('Total Revenue', true, { bold: true }),
    row('Cost of Sales', false, { bold: true }),
    row('Materials', true, { depth: 4 }),
    row('Total Cost of Sales', true, { bold: true }),
    row('Gross Profit', true, { bold: true }),
  ];

  it('finds headings by indent, bold and their totals', () => {
    expect(findSectionRows(pnl)).toEqual([true, false, false, false, true, false, false, false]);
  });

  it('labels items with their section until the section total', () => {
    const isSection = findSectionRows(pnl);
    const isAggregate = [false, false, false, true, false, false, true, true];
    expect(sectionLabels(pnl, isSection, isAggregate)).toEqual(['Revenue', 'Revenue', 'Revenue', 'Revenue', 'Cost of Sales', 'Cost of Sales', 'Cost of Sales', null]);
  });

  it('labels the parts of a group found by its sums, not indented, nested groups by the innermost', () => {
    // A team's total above its shooters, with no indentation; a country over two regions over their towns.
    const teams = [row('Norway (NOR)', true), row('Ole', true), row('Einar', true), row('Sweden (SWE)', true), row('Alfred', true), row('Fredric', true), row('Lone', true)];
    const isGroup = [true, false, false, true, false, false, false];
    const ends = [2, -1, -1, 5, -1, -1, -1];
    expect(sectionLabels(teams, teams.map(() => false), isGroup, isGroup, ends)).toEqual(['Norway (NOR)', 'Norway (NOR)', 'Norway (NOR)', 'Sweden (SWE)', 'Sweden (SWE)', 'Sweden (SWE)', null]);
    const land = [row('Land', true), row('North', true), row('Alpha', true), row('Beta', true), row('South', true), row('Gamma', true)];
    expect(sectionLabels(land, land.map(() => false), [true, true, false, false, true, false], [true, true, false, false, true, false], [5, 3, -1, -1, 5, -1]))
      .toEqual(['Land', 'North', 'North', 'North', 'South', 'South']);
  });

  it('finds a heading named by a later total without indent or bold', () => {
    const rows = [row('Nordics', false), row('Oslo', true), row('Total Nordics', true)];
    expect(findSectionRows(rows)).toEqual([true, false, false]);
  });

  it('keeps a row with a label and no numbers as data without evidence', () => {
    const rows = [row('Oslo', true), row('Bergen', false), row('Malmö', true)];
    expect(findSectionRows(rows)).toEqual([false, false, false]);
  });

  it('finds a bold label alone heading plain rows of text (a port line-up), not a lone label over a sparse row', () => {
    const lineUp = [
      row('AT BERTH', false, { bold: true }),
      row('B1A', false, { otherFilled: 3 }),
      row('B3', false, { otherFilled: 7 }),
    ];
    expect(findSectionRows(lineUp)).toEqual([true, false, false]);
    // Not bold, or over a row that fills only one more cell: no evidence it heads anything.
    expect(findSectionRows([row('AT BERTH', false), row('B1A', false, { otherFilled: 3 })])).toEqual([false, false]);
    expect(findSectionRows([row('Notes', false, { bold: true }), row('see below', false, { otherFilled: 1 })])).toEqual([false, false]);
  });
});

