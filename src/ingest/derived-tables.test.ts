import { describe, expect, it } from 'vitest';
import type { ColumnCard, DetectedTable } from '../tables/types.js';
import { findLongForms, findUnions, summaryTables } from './derived-tables.js';

const product: ColumnCard = { name: 'Product', sqlName: 'product', sourceColumn: 0, type: 'text', concept: 'dimension', aggregation: 'none' };
const revenue: ColumnCard = { name: 'Revenue', sqlName: 'revenue', sourceColumn: 1, type: 'integer', concept: 'measure', aggregation: 'sum' };

function block(label: string, rows: [string, number][], top: number): DetectedTable {
  return {
    sheet: 'Sales', sheetIndex: 0, sheetHidden: false, range: { top, left: 0, bottom: top + rows.length, right: 1 }, headerRows: 1,
    title: label, label, columns: [product, revenue], aggregateColumns: [], fingerprint: 'f', notes: [],
    validation: { outcome: 'unverifiable', checks: [] },
    rows: rows.map(([name, value], i) => ({ sheetRow: top + i + 2, values: { product: name, revenue: value }, isAggregate: false, hidden: false })),
  };
}

/** Three rows of one block, their figures set apart by `base`. */
function three(base: number): [string, number][] {
  return [['Tea', base], ['Coffee', base + 10], ['Cocoa', base + 100]];
}

describe('findUnions', () => {
  const january = block('January', [['Tea', 10], ['Coffee', 5], ['Cocoa', 2]], 0);
  const february = block('February', [['Tea', 20], ['Coffee', 7], ['Cocoa', 3]], 5);
  const march = block('March', [['Tea', 30], ['Coffee', 1], ['Cocoa', 4]], 10);

  it('stacks same-shaped blocks under a label column', () => {
    const [union] = findUnions([january, february, march]);
    expect(union.baseIndexes).toEqual([0, 1, 2]);
    expect(union.labels).toEqual(['January', 'February', 'March']);
    expect(union.columns[0]).toMatchObject({ sqlName: 'label', derived: 'label' });
  });

  it('leaves out a summary block whose totals are the sum of the others, so nothing counts twice', () => {
    const summary = block('Q1 summary', [['Tea', 60], ['Coffee', 13], ['Cocoa', 9]], 15);
    const tables = [january, february, march, summary];
    expect([...summaryTables(tables, [0, 1, 2, 3])]).toEqual([3]);
    const [union] = findUnions(tables);
    expect(union.baseIndexes).toEqual([0, 1, 2]);
  });

  it('finds a summary block among streamed blocks by the totals they summed as they were read', () => {
    const streamed = (table: DetectedTable): DetectedTable => {
      const data = table.rows.filter((row) => !row.isAggregate && !row.hidden);
      const numberTotals = { revenue: data.reduce((sum, row) => sum + (row.values.revenue as number), 0) };
      return { ...table, rows: [], streamed: { dataRows: data.length, aggregateSheetRows: [], hiddenRows: 0, numberTotals, *chunks() { yield data; } } };
    };
    const summary = block('Q1 summary', [['Tea', 60], ['Coffee', 13], ['Cocoa', 9]], 15);
    expect([...summaryTables([streamed(january), streamed(february), streamed(march), summary], [0, 1, 2, 3])]).toEqual([3]);
  });

  it('keeps every block when none is the sum of the others', () => {
    const april = block('April', [['Tea', 61], ['Coffee', 13], ['Cocoa', 9]], 15);
    expect(findUnions([january, february, march, april])[0].baseIndexes).toEqual([0, 1, 2, 3]);
  });

  it('offers no union for a single block or blocks without distinct labels', () => {
    expect(findUnions([january])).toEqual([]);
    expect(findUnions([january, block('January', three(1), 5)])).toEqual([]);
  });

  it('stacks the blocks of one series by their titles, but not tables of two subjects that share columns', () => {
    const north = block('North region sales 2025', three(1), 0);
    const south = block('South region sales 2025', three(2), 5);
    expect(findUnions([north, south])[0].labels).toEqual(['North region sales 2025', 'South region sales 2025']);
    const inbound = block("1 Overseas residents' visits to the UK by month", three(3), 0);
    const outbound = block("3 UK residents' visits abroad by month", three(4), 5);
    expect(findUnions([inbound, outbound])).toEqual([]);
  });

  it('does not stack a scenario or a flow on another: Budget / Actual sheets, Income / Expenses, Cash in / Cash out', () => {
    const sheet = (name: string, top: number): DetectedTable => ({ ...block(name, three(100 + top), top), sheet: name, title: null, label: null });
    expect(findUnions([sheet('Budget', 0), sheet('Actual', 5)])).toEqual([]);
    expect(findUnions([block('MONTHLY INCOME', three(1), 0), block('MONTHLY EXPENSES', three(2), 5)])).toEqual([]);
    expect(findUnions([block('Cash in', three(1), 0), block('Cash out', three(2), 5)])).toEqual([]);
    // the measure word shared by every block is the series' own subject
    expect(findUnions([block('Sales North', three(1), 0), block('Sales South', three(2), 5)])).toHaveLength(1);
    expect(findUnions([sheet('North', 0), sheet('South', 5)])).toHaveLength(1);
  });
});

describe('findUnions: parts of one series, not views or fragments', () => {
  const onSheet = (sheet: string, rows: [string, number][], top = 0): DetectedTable => ({ ...block(sheet, rows, top), sheet, title: null, label: sheet });

  it('does not stack two blocks holding the same figures in another order: two views of one dataset', () => {
    const byRegion = onSheet('By region', [['Tea', 7], ['Coffee', 12], ['Cocoa', 10]]);
    const byProduct = onSheet('By product', [['Coffee', 12], ['Cocoa', 10], ['Tea', 7]]);
    expect(findUnions([byRegion, byProduct])).toEqual([]);
  });

  it('does not stack a block on another whose totals it restates', () => {
    const detail = onSheet('Detail', [['Tea', 7], ['Coffee', 12], ['Cocoa', 10]]);
    const rounded = onSheet('Overview', [['Tea', 6], ['Coffee', 13], ['Cocoa', 10]]);
    expect(findUnions([detail, rounded])).toEqual([]);
    // the same values in one column but other totals are parts of their own
    expect(findUnions([detail, onSheet('Other', [['Tea', 7], ['Coffee', 12], ['Cocoa', 11]])])).toHaveLength(1);
  });

  it('does not stack fragments of one or two rows', () => {
    expect(findUnions([onSheet('North', [['Tea', 1], ['Coffee', 2]]), onSheet('South', [['Tea', 3], ['Coffee', 4]])])).toEqual([]);
    expect(findUnions([onSheet('North', three(1)), onSheet('South', three(2))])).toHaveLength(1);
    // A small part among full ones (a region with two reps) is a part; a one-row part is not.
    expect(findUnions([onSheet('North', three(1)), onSheet('West', [['Tea', 5], ['Coffee', 6]]), onSheet('South', three(2))])).toHaveLength(1);
    expect(findUnions([onSheet('North', three(1)), onSheet('West', [['Tea', 5]]), onSheet('South', three(2))])).toEqual([]);
  });

  it('does not stack blocks whose columns no header names', () => {
    const unnamed = (table: DetectedTable): DetectedTable => ({
      ...table,
      columns: table.columns.map((card, index) => ({ ...card, name: `Column ${index + 1}` })),
    });
    expect(findUnions([unnamed(onSheet('North', three(1))), unnamed(onSheet('South', three(2)))])).toEqual([]);
  });

  it('needs a label from a banner or sheet name for each part: not a number, not the sheet two parts share', () => {
    const titled = (title: string | null, base: number, top: number): DetectedTable => ({ ...block('x', three(base), top), sheet: 'Data', title, label: title ?? 'Data' });
    expect(findUnions([titled('0', 1, 0), titled(null, 2, 10)])).toEqual([]);
    expect(findUnions([titled('1250', 1, 0), titled('72821', 2, 10)])).toEqual([]);
    expect(findUnions([titled('North', 1, 0), titled(null, 2, 10)])).toEqual([]);
    expect(findUnions([titled('North', 1, 0), titled('South', 2, 10)])).toHaveLength(1);
    // a year is a label
    expect(findUnions([titled('2023', 1, 0), titled('2024', 2, 10)])[0].labels).toEqual(['2023', '2024']);
  });
});

describe('findLongForms', () => {
  it('ignores tables with fewer than three period columns', () => {
    expect(findLongForms([block('January', [['Tea', 10]], 0)])).toEqual([]);
  });
});
