import { describe, expect, it } from 'vitest';
import { rangeToA1 } from '../extract/grid.js';
import { gridOf, workbookOf, type CellSpec } from './__fixtures__/grid-builder.js';
import { applyTemplate, fingerprintTable, layoutOf } from './fingerprint.js';
import { readTables } from './read-tables.js';

/** A monthly report: banner, two-level header, `rows` branches, a total. */
function report(month: string, rows: number, seed: number, bannerLines = 1): CellSpec[][] {
  const data = Array.from({ length: rows }, (_, index) => [`Branch ${index + 1}`, seed + index, seed * 2 + index]);
  const total = ['Total', data.reduce((sum, row) => sum + (row[1] as number), 0), data.reduce((sum, row) => sum + (row[2] as number), 0)];
  const banner = Array.from({ length: bannerLines }, (_, index) => [index === 0 ? `Sales report ${month}` : 'Confidential']);
  return [...banner, ['Branch', 'Revenue', null], [null, 'Plan', 'Actual'], ...data, total];
}

function readReport(cells: CellSpec[][], merges: string[]) {
  return readTables(workbookOf([gridOf(cells, { name: 'Report', merges })]));
}

describe('fingerprintTable', () => {
  it('hashes two months of the same report the same, whatever the values and row counts', () => {
    const january = readReport(report('January', 3, 10), ['A2:A3', 'B2:C2']).tables[0];
    const february = readReport(report('February', 7, 55), ['A2:A3', 'B2:C2']).tables[0];
    expect(january.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(february.fingerprint).toBe(january.fingerprint);
  });

  it('changes with the header labels or the merges, not with an extra banner line', () => {
    const base = readReport(report('January', 3, 10), ['A2:A3', 'B2:C2']).tables[0];
    const renamed = report('January', 3, 10);
    renamed[2][2] = 'Forecast';
    expect(readReport(renamed, ['A2:A3', 'B2:C2']).tables[0].fingerprint).not.toBe(base.fingerprint);
    const unmerged = readReport(report('January', 3, 10), ['B2:C2']).tables[0];
    expect(unmerged.fingerprint).not.toBe(base.fingerprint);
    const moved = readReport(report('January', 3, 10, 2), ['A3:A4', 'B3:C3']).tables[0];
    expect(moved.fingerprint).toBe(base.fingerprint);
    expect(fingerprintTable(base)).not.toBe(base.fingerprint);
  });
});

describe('applyTemplate', () => {
  it('finds the stored header again after the report moved down a row, and reads to the blank row', () => {
    const january = readReport(report('January', 3, 10), ['A2:A3', 'B2:C2']).tables[0];
    const layout = layoutOf(january);
    const cells = [...report('March', 5, 30, 2), [], ['Prepared by finance.']];
    const region = applyTemplate(gridOf(cells, { name: 'Report', merges: ['A3:A4', 'B3:C3'] }), layout);
    expect(region).not.toBeNull();
    expect(rangeToA1(region!.range)).toBe('A3:C10');
    expect(region!.headerRows).toBe(2);
  });

  it('returns null when the header is not there', () => {
    const january = readReport(report('January', 3, 10), ['A2:A3', 'B2:C2']).tables[0];
    expect(applyTemplate(gridOf([['Name', 'Team', 'Role'], ['Ann', 'Ops', 'Lead']]), layoutOf(january))).toBeNull();
  });
});

describe('readTables with templates', () => {
  it('replays a stored layout over a blank row that splits the new month in two', () => {
    const january = readReport(report('January', 3, 10), ['A2:A3', 'B2:C2']).tables[0];
    const layout = layoutOf(january);
    const april = report('April', 6, 20);
    april.splice(6, 0, [], ['Branch 4 (new)', 'n/a', 'n/a']);
    const grid = gridOf(april, { name: 'Report', merges: ['A2:A3', 'B2:C2'] });
    const detected = readTables(workbookOf([grid])).tables;
    expect(detected.length).toBeGreaterThan(1);
    const replayed = readTables(workbookOf([grid]), { templates: [layout] }).tables;
    expect(replayed).toHaveLength(1);
    expect(replayed[0].fingerprint).toBe(layout.fingerprint);
    expect(rangeToA1(replayed[0].range)).toBe('A2:C12');
    expect(replayed[0].rows.filter((row) => !row.isAggregate)).toHaveLength(7);
    expect(replayed[0].validation.outcome).toBe('verified');
  });

  it('ignores a template whose header is not in the sheet', () => {
    const january = readReport(report('January', 3, 10), ['A2:A3', 'B2:C2']).tables[0];
    const other = gridOf([['Name', 'Team'], ['Ann', 'Ops']], { name: 'Report' });
    expect(readTables(workbookOf([other]), { templates: [layoutOf(january)] }).tables.map((table) => rangeToA1(table.range))).toEqual(['A1:B2']);
  });
});
