import { describe, expect, it } from 'vitest';
import { csvGridOf, gridOf, rangeOf } from './__fixtures__/grid-builder.js';
import { splitHeader } from './headers.js';
import { foldHeaderNames, uniqueNames } from './header-names.js';

describe('splitHeader', () => {
  it('folds a units row under the header into the names', () => {
    const grid = gridOf([
      ['Region', 'Warehouse', 'Weight', 'Value'],
      [null, null, 'kg', '(EUR)'],
      ['Nord', 'N1', 100, 1000],
      ['Süd', 'S1', 300, 3000],
    ]);
    expect(splitHeader(grid, rangeOf('A1:D4'))).toEqual({ bannerRows: 0, headerRows: 2 });
    expect(foldHeaderNames(grid, rangeOf('A1:D4'), 0, 2)).toEqual(['Region', 'Warehouse', 'Weight [kg]', 'Value [EUR]']);
  });

  it('folds two header levels written out in full, as a web table exported to CSV repeats spanning cells', () => {
    const grid = csvGridOf([
      ['Title', 'Year', 'Peak chart positions', 'Peak chart positions', 'Album'],
      ['Title', 'Year', 'US', 'US R&B', 'Album'],
      ['Say Yes', '2001', '—', '—', 'N/A'],
      ['Clap', '2011', '12', '5', 'The Story'],
    ]);
    expect(splitHeader(grid, rangeOf('A1:E4'))).toEqual({ bannerRows: 0, headerRows: 2 });
    expect(foldHeaderNames(grid, rangeOf('A1:E4'), 0, 2)).toEqual(['Title', 'Year', 'Peak chart positions US', 'Peak chart positions US R&B', 'Album']);
    // A first data row that repeats a label of the header (a title named like its column) is no second level: nothing spans.
    const plain = csvGridOf([['Title', 'Year', 'Label'], ['Title', '2001', 'Sony'], ['Clap', '2011', 'EMI']]);
    expect(splitHeader(plain, rangeOf('A1:C3'))).toEqual({ bannerRows: 0, headerRows: 1 });
    // A first data row under a repeated label ("Contact" twice) that happens to repeat a header word elsewhere ("Team") is data.
    const contacts = csvGridOf([['Name', 'Team', 'Contact', 'Contact'], ['Alice', 'Team', 'alice@x.com', '555-0101'], ['Bob', 'Red', 'bob@x.com', '555-0102'], ['Carol', 'Blue', 'carol@x.com', '555-0103']]);
    expect(splitHeader(contacts, rangeOf('A1:D4'))).toEqual({ bannerRows: 0, headerRows: 1 });
  });

  it('folds a second level that renames one column of values under a group of one column', () => {
    const grid = gridOf([
      ['Year', 'Single', 'Chart positions', 'Album', 'Album'],
      ['Year', 'Single', 'SPA', 'Album', 'Album'],
      [2011, 'Breathe', 10, 'Endless Road', 'x'],
      [2012, 'Last Night', 6, 'Endless Road', 'y'],
    ]);
    expect(splitHeader(grid, rangeOf('A1:E4'))).toEqual({ bannerRows: 0, headerRows: 2 });
    // … never a renamed column of text
    const text = gridOf([['Year', 'Single', 'Label', 'Album'], ['Year', 'Single', 'Sony', 'Album'], [2011, 'Breathe', 'EMI', 'Endless'], [2012, 'Last', 'EMI', 'Endless']]);
    expect(splitHeader(text, rangeOf('A1:D4')).headerRows).toBe(1);
  });

  it('folds years over months into "Jan 2023", merged or written once, with a closing Total', () => {
    const months = ['Jan', 'Feb', 'Mar'];
    const rows = [
      [null, 2023, null, null, 2024, null, null, 'Total'],
      ['Product', ...months, ...months, null],
      ['Apples', 1, 2, 3, 4, 5, 6, 21],
      ['Pears', 1, 1, 1, 1, 1, 1, 6],
    ];
    const expected = ['Product', 'Jan 2023', 'Feb 2023', 'Mar 2023', 'Jan 2024', 'Feb 2024', 'Mar 2024', 'Total'];
    for (const grid of [gridOf(rows), gridOf(rows, { merges: ['B1:D1', 'E1:G1'] })]) {
      expect(splitHeader(grid, rangeOf('A1:H4'))).toEqual({ bannerRows: 0, headerRows: 2 });
      expect(foldHeaderNames(grid, rangeOf('A1:H4'), 0, 2)).toEqual(expected);
    }
  });

  it('counts a two-row header of merged groups over a vertically merged label', () => {
    const grid = gridOf(
      [
        ['Kanal', 'Reichweite', null, 'Kosten', null],
        [null, 'Plan', 'Ist', 'Budget', 'Ist'],
        ['Print', 10, 8, 100, 90],
        ['Radio', 20, 25, 200, 210],
      ],
      { merges: ['A1:A2', 'B1:C1', 'D1:E1'] },
    );
    expect(splitHeader(grid, rangeOf('A1:E4'))).toEqual({ bannerRows: 0, headerRows: 2 });
    expect(foldHeaderNames(grid, rangeOf('A1:E4'), 0, 2)).toEqual(['Kanal', 'Reichweite Plan', 'Reichweite Ist', 'Kosten Budget', 'Kosten Ist']);
  });

  it('counts a two-row header whose group labels are not merged', () => {
    const grid = gridOf([
      [null, 'Reach', null, 'Spend', null],
      ['Channel', 'Planned', 'Achieved', 'Budget', 'Actual'],
      ['Print', 10, 8, 100, 90],
      ['Radio', 20, 25, 200, 210],
    ]);
    expect(splitHeader(grid, rangeOf('A1:E4'))).toEqual({ bannerRows: 0, headerRows: 2 });
    expect(foldHeaderNames(grid, rangeOf('A1:E4'), 0, 2)).toEqual(['Channel', 'Reach Planned', 'Reach Achieved', 'Spend Budget', 'Spend Actual']);
  });

  it('takes a sparse pivot caption row as a banner, not a header level', () => {
    const grid = gridOf([
      ['Count of Audit ID', 'Column Labels', null, null],
      ['Row Labels', 'AMER', 'EMEA', 'Grand Total'],
      ['Critical', 3, 4, 7],
      ['Minor', 1, 2, 3],
    ]);
    expect(splitHeader(grid, rangeOf('A1:D4'))).toEqual({ bannerRows: 1, headerRows: 1 });
  });

  it('finds no header when the first row reads like the rows below', () => {
    const grid = csvGridOf([['Alice', '30', '2024-01-05'], ['Bob', '25', '2024-02-01'], ['Cleo', '41', '2024-03-09']]);
    expect(splitHeader(grid, rangeOf('A1:C3'))).toEqual({ bannerRows: 0, headerRows: 0 });
  });

  it('keeps a header of years over numbers', () => {
    const grid = gridOf([
      ['Region', 2023, 2024],
      ['North', 120.5, 130.25],
      ['South', 80.75, 95.5],
    ]);
    expect(splitHeader(grid, rangeOf('A1:C3'))).toEqual({ bannerRows: 0, headerRows: 1 });
  });

  it('keeps a row of labels as the header over a first data row whose numbers could read as years (Rent | 2000 | 2000 | 2000)', () => {
    for (const rent of [[2000, 2000, 2000], [2000, 2001, 2002]]) {
      const rows = [
        ['Category', 'Jan', 'Feb', 'Mar'],
        ['Rent', ...rent],
        ['Power', 300, 280, 310],
        ['Travel', 1200, 0, 800],
        ['Food', 450, 500, 475],
      ];
      expect(splitHeader(gridOf(rows), rangeOf('A1:D5'))).toEqual({ bannerRows: 0, headerRows: 1 });
      const total = ['Total', ...[1, 2, 3].map((offset) => {
        const column = String.fromCharCode(65 + offset);
        return { v: rows.slice(1).reduce((sum, row) => sum + (row[offset] as number), 0), formula: `SUM(${column}2:${column}5)` };
      })];
      expect(splitHeader(gridOf([...rows, total]), rangeOf('A1:D6'))).toEqual({ bannerRows: 0, headerRows: 1 });
    }
  });

  // Break-it finding: under a header of years, a first row repeating a year-like amount became the header (1 of 2 rows kept).
  it('keeps a header of years over a first data row that repeats one year-like amount (Rent | 2000 | 2000 | 2000)', () => {
    const rows = [['Category', 2021, 2022, 2023], ['Rent', 2000, 2000, 2000], ['Food', 1, 2, 3]];
    expect(splitHeader(gridOf(rows), rangeOf('A1:D3'))).toEqual({ bannerRows: 0, headerRows: 1 });
    expect(splitHeader(gridOf([['Spending by year', null, null, null], ...rows]), rangeOf('A1:D4'))).toEqual({ bannerRows: 1, headerRows: 1 });
    expect(splitHeader(gridOf([[2021, 2022, 2023], [2000, 2000, 2000], [1, 2, 3]]), rangeOf('A1:C3'))).toEqual({ bannerRows: 0, headerRows: 1 });
  });

  it('still reads a header of years under a note line', () => {
    const grid = gridOf([
      ['Exports, million USD', null, null],
      ['Country', 2023, 2024],
      ['Norway', 120.5, 130.25],
      ['Chile', 80.75, 95.5],
    ]);
    expect(splitHeader(grid, rangeOf('A1:C4'))).toEqual({ bannerRows: 1, headerRows: 1 });
  });

  it('finds no header when the first row is numbers out of order beside a label (values, not headings)', () => {
    const grid = gridOf([
      [10, 7, 37, 'Subtotal 9:'],
      [20, null, 3, 'Subtotal 2:'],
      [30, null, 5, 'Subtotal 3:'],
    ]);
    expect(splitHeader(grid, rangeOf('A1:D3'))).toEqual({ bannerRows: 0, headerRows: 0 });
    expect(splitHeader(gridOf([[10, 7], [20, null], [30, null]]), rangeOf('A1:B3'))).toEqual({ bannerRows: 0, headerRows: 0 });
  });

  it('reads a text label over labels with codes across the rest as a header of column codes (reviewer cases h4.xlsx, h5.csv)', () => {
    const rows = [
      ['Product', 104, 87, 230],
      ['Shirts', 5, 6, 7],
      ['Socks', 10, 12, 14],
      ['Hats', 1, 2, 3],
    ];
    expect(splitHeader(gridOf(rows), rangeOf('A1:D4'))).toEqual({ bannerRows: 0, headerRows: 1 });
    const csv = csvGridOf(rows.map((row) => row.map(String)));
    expect(splitHeader(csv, rangeOf('A1:D4'))).toEqual({ bannerRows: 0, headerRows: 1 });
    // A first data row's numbers fall among their columns' values: no header.
    const data = gridOf([
      ['Shirts', 5, 6, 7],
      ['Socks', 10, 12, 14],
      ['Hats', 1, 2, 3],
    ]);
    expect(splitHeader(data, rangeOf('A1:D3'))).toEqual({ bannerRows: 0, headerRows: 0 });
  });

  it('takes a note written across the top over merged cells for banners, not a header level', () => {
    const grid = gridOf(
      [
        ['at', 'the', 'top', null, 'of', 'their spreadsheets'],
        ['or', 'merging', null, null, null, 'cells'],
        ['Name', 'Profession', 'Age', 'Has kids', 'Born', 'Died'],
        ['David Bowie', 'musician', 69, true, 1947, 2016],
        ['Carrie Fisher', 'actor', 60, true, 1956, 2016],
        ['Prince', 'musician', 57, true, 1958, 2016],
      ],
      { merges: ['B2:E2'] },
    );
    expect(splitHeader(grid, rangeOf('A1:F6'))).toEqual({ bannerRows: 2, headerRows: 1 });
    // A group label merged over its columns, with one label beside it over another name, stays a level.
    const grouped = gridOf(
      [
        ['Product', 'Sales', null, null, 'YTD'],
        ['Product', 'Jan', 'Feb', 'Mar', 'Sum'],
        ['Apples', 1, 2, 3, 6],
        ['Pears', 1, 1, 1, 3],
      ],
      { merges: ['B1:D1'] },
    );
    expect(splitHeader(grouped, rangeOf('A1:E4'))).toEqual({ bannerRows: 0, headerRows: 2 });
    // Words broken over two header rows, beside merged groups: the first column's name stands over a blank.
    const broken = gridOf(
      [
        ['Nr.', 'Wahlbe-', 'abgegeb.', 'gültige', null],
        [null, 'rechtigte', 'Stimmen', 'Stimmen', 'in %'],
        [40000, 1092760, 618531, 574786, 92.93],
        [40001, 245906, 134905, 127039, 94.17],
      ],
      { merges: ['D1:E1'] },
    );
    expect(splitHeader(broken, rangeOf('A1:E4'))).toEqual({ bannerRows: 0, headerRows: 2 });
  });

  it('keeps one header row over an all-text table', () => {
    const grid = gridOf([
      ['Code', 'Location', 'Region'],
      ['AMS', 'Amsterdam', 'Netherlands'],
      ['BRU', 'Brussels', 'Belgium'],
    ]);
    expect(splitHeader(grid, rangeOf('A1:C3'))).toEqual({ bannerRows: 0, headerRows: 1 });
  });
});

describe('foldHeaderNames over group levels', () => {
  it('carries a label right only under its own upper label', () => {
    const grid = gridOf(
      [
        [null, 'Area', null, null, null],
        [null, null, 'of which', null, 'Other'],
        [null, 'Europe', 'EU', 'EU15', null],
        ['Month', 'NSA', 'NSA', 'NSA', 'NSA'],
        ['Jan', 1, 2, 3, 4],
      ],
      { merges: ['B1:E1', 'C2:D2'] },
    );
    expect(foldHeaderNames(grid, rangeOf('A1:E5'), 0, 4)).toEqual(['Month', 'Area Europe NSA', 'Area of which EU NSA', 'Area of which EU15 NSA', 'Area Other NSA']);
  });
});

describe('foldHeaderNames', () => {
  it('names blank header cells by position and numbers repeats', () => {
    const grid = gridOf([['Name', null, 'Amount', 'Amount', 'amount']]);
    expect(foldHeaderNames(grid, rangeOf('A1:E1'), 0, 1)).toEqual(['Name', 'Column 2', 'Amount', 'Amount 2', 'amount 3']);
  });
});

describe('uniqueNames', () => {
  it('skips suffixes already taken', () => {
    expect(uniqueNames(['Amount', 'Amount 2', 'Amount'])).toEqual(['Amount', 'Amount 2', 'Amount 3']);
  });
});

describe('splitHeader with notes right above the header', () => {
  it('takes the wide row right above the values as the header', () => {
    const grid = gridOf([
      ['Lots of people', null, null],
      ['write notes', null, 'here'],
      ['at', 'the', 'top'],
      ['Name', 'Age', 'Born'],
      ['Ann', 41, { v: new Date(Date.UTC(1984, 0, 2)) }],
      ['Bo', 35, { v: new Date(Date.UTC(1990, 5, 3)) }],
    ]);
    expect(splitHeader(grid, rangeOf('A1:C6'))).toEqual({ bannerRows: 3, headerRows: 1 });
  });

  it('does not take a section heading for the header', () => {
    const grid = gridOf([
      ['Line Item', 'Jan', 'Feb'],
      ['Revenue', null, null],
      ['Product A', 10, 20],
      ['Product B', 30, 40],
    ]);
    expect(splitHeader(grid, rangeOf('A1:C4'))).toEqual({ bannerRows: 0, headerRows: 1 });
  });
});
