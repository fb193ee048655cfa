import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsv, readWorkbook } from '../extract/index.js';
import { cleanCsvRegion, singleRecordRegion } from './clean-csv.js';
import { readTables } from './read-tables.js';

const gridOf = (text: string) => readCsv(Buffer.from(text), 'test.csv').sheets[0];

describe('cleanCsvRegion', () => {
  it('reads a plain CSV from its header to its last record', () => {
    expect(cleanCsvRegion(gridOf('a,b\n1,2\n3,4\n'), '.')).toEqual({ range: { top: 0, left: 0, bottom: 2, right: 1 }, headerRows: 1, title: null, notes: [] });
  });

  it('keeps first records with empty cells as data (medallists with no rank)', () => {
    const text = 'Rank,Name,Nationality,Time\n,Joanne Malar,Canada,4:43.64\n,Alison Fealey,United States,4:48.31\n4,Sonia Fonseca,Puerto Rico,5:03.15\n5,Fabíola Molina,Brazil,5:03.43\n';
    const read = readTables(readCsv(Buffer.from(text), 'medals.csv'));
    expect(read.tables).toHaveLength(1);
    expect(read.tables[0].columns.map((column) => column.name)).toEqual(['Rank', 'Name', 'Nationality', 'Time']);
    expect(read.tables[0].rows.map((row) => row.sheetRow)).toEqual([2, 3, 4, 5]);
  });

  it('takes a header of years as a header', () => {
    const read = readTables(readCsv(Buffer.from('Country,2019,2020,2021\nFrance,1.2,1.3,1.4\nSpain,2.5,2.1,2.2\n'), 'years.csv'));
    expect(read.tables[0].headerRows).toBe(1);
    expect(read.tables[0].columns.map((column) => column.name)).toEqual(['Country', '2019', '2020', '2021']);
    expect(read.tables[0].rows).toHaveLength(2);
  });

  it('keeps a table whose cells are all text whole (the header is the first record)', () => {
    const text = 'Month,Jan,Feb\n"Average high","−10\n(14)","−11\n(12)"\n"Average low","−17\n(1)","−18\n(0)"\n';
    const read = readTables(readCsv(Buffer.from(text), 'climate.csv'));
    expect(read.tables[0].columns.map((column) => column.name)).toEqual(['Month', 'Jan', 'Feb']);
    expect(read.tables[0].rows).toHaveLength(2);
  });

  it('reads a record repeating the header but for the names of one or two columns of values as its second level', () => {
    const text = 'Year,Single,Chart positions,Album\nYear,Single,SPA,Album\n2011,Breathe,10,Endless Road\n2012,Last Night,6,Endless Road\n';
    const read = readTables(readCsv(Buffer.from(text), 'singles.csv'));
    expect(read.tables[0].headerRows).toBe(2);
    expect(read.tables[0].columns.map((column) => column.name)).toEqual(['Year', 'Single', 'Chart positions SPA', 'Album']);
    expect(read.tables[0].rows.map((row) => row.sheetRow)).toEqual([3, 4]);
    // a first record naming its row in the first field, or renaming a column of text, is data
    const data = readTables(readCsv(Buffer.from('Name,Team,Pos,Goals\nAnn,Team,Pos,3\nBea,Red,FW,5\n'), 'players.csv'));
    expect(data.tables[0].headerRows).toBe(1);
    expect(data.tables[0].rows).toHaveLength(2);
    // … and a dash under a column of numbers names no column
    const dashed = readTables(readCsv(Buffer.from('Name,Club,Position,Goals\nName,Club,Position,—\nAnn,Reds,FW,3\nBea,Blues,MF,5\n'), 'dashed.csv'));
    expect(dashed.tables[0].headerRows).toBe(1);
    expect(dashed.tables[0].rows).toHaveLength(3);
    const text2 = readTables(readCsv(Buffer.from('Year,Single,Label,Album\nYear,Single,Sony,Album\n2011,Breathe,EMI,Endless\n'), 'labels.csv'));
    expect(text2.tables[0].headerRows).toBe(1);
    expect(text2.tables[0].rows).toHaveLength(2);
  });

  it('reads three written-out header levels whose middle level repeats one label over the group', () => {
    const text = 'Year,Album,Peak chart positions,Peak chart positions,Peak chart positions\nYear,Album,US,US,US\nYear,Album,Billboard 200,Christian,Heatseekers\n2001,Moon,—,—,—\n2003,Fire,133,6,1\n2004,Hide,122,4,3\n';
    const read = readTables(readCsv(Buffer.from(text), 'albums.csv'));
    expect(read.tables[0].headerRows).toBe(3);
    expect(read.tables[0].columns.map((column) => column.name)).toEqual(['Year', 'Album', 'Peak chart positions US Billboard 200', 'Peak chart positions US Christian', 'Peak chart positions US Heatseekers']);
    expect(read.tables[0].rows.map((row) => row.sheetRow)).toEqual([4, 5, 6]);
    // a group over the first columns: the lower level renames them and repeats every other label
    const draft = readTables(readCsv(Buffer.from('Draft order,Draft order,Player,Position,College\nRound,Choice,Player,Position,College\n1,1,Stafford,QB,Georgia\n1,20,Pettigrew,TE,Oklahoma\n'), 'draft.csv'));
    expect(draft.tables[0].headerRows).toBe(2);
    expect(draft.tables[0].columns.map((column) => column.name)).toEqual(['Draft order Round', 'Draft order Choice', 'Player', 'Position', 'College']);
    // a first record repeating a value under a group ("CD | CD" under "Formats | Formats") is data, the first field as the header's
    const repeated = readTables(readCsv(Buffer.from('Album,Label,Formats,Formats\nAlbum,Virgin,CD,CD\nFlowers,Virgin,LP,CD\nCompact Disc,Virgin,LP,CD\n'), 'pil.csv'));
    expect(repeated.tables[0].headerRows).toBe(1);
    expect(repeated.tables[0].rows).toHaveLength(3);
    // a first record renaming the first field without a group over it is data
    const data = readTables(readCsv(Buffer.from('Name,Club,Player,Position,College\nAnn,Reds,Player,Position,College\nBea,Blues,X,FW,Y\n'), 'data.csv'));
    expect(data.tables[0].headerRows).toBe(1);
    expect(data.tables[0].rows).toHaveLength(2);
  });

  it('skips blank records inside the table', () => {
    expect(cleanCsvRegion(gridOf('a,b\n,\n1,x\n,\n2,y\n'), '.')?.range).toEqual({ top: 0, left: 0, bottom: 4, right: 1 });
  });

  it('leaves comment lines out of the table, above and inside it', () => {
    const text = '# publisher City of Palo Alto\nGID,Street\n# updated 12/31/2010\n1,ADDISON AV\n2,EMERSON ST\n';
    expect(cleanCsvRegion(gridOf(text), '.')).toMatchObject({ range: { top: 1, bottom: 4 }, skipRows: [2] });
    const read = readTables(readCsv(Buffer.from(text), 'trees.csv'));
    expect(read.tables[0].rows.map((row) => row.sheetRow)).toEqual([4, 5]);
    expect(read.accounts[0].details.map((row) => [row.sheetRow, row.reason])).toEqual([[1, 'comment'], [2, 'header'], [3, 'comment']]);
  });

  it.each([
    ['a first record of numbers over numbers (no header)', '1,2\n3,4\n'],
    ['a year over a column of years (data)', 'john,2019\nmary,2020\nbob,2021\n'],
    ['an empty header name (a banner)', 'Sales report,\na,b\n1,2\n'],
    ['repeated header names', 'a,a\n1,2\n'],
    ['ragged records', 'a,b\n1,2,3\n'],
    ['a repeated header (stacked tables)', 'a,b\n1,2\na,b\n3,4\n'],
    ['a second header after a blank line', 'a,b\nx,1\n,\nc,d\ny,2\n'],
    ['a header alone', 'a,b\n'],
  ])('is null for %s', (_, text) => {
    expect(cleanCsvRegion(gridOf(text), '.')).toBeNull();
  });
});

describe('singleRecordRegion', () => {
  const read = (text: string) => readTables(readCsv(Buffer.from(text), 'one.csv'));

  it('reads a CSV of one record of data as a one-row table with generated column names and a warning, as a headerless table of many rows', () => {
    for (const text of ['1,2,3\n', '48929,30-06-2023,STAGE1,20.41\n,,,\n,,,\n']) {
      const result = read(text);
      expect(result.tables, text).toHaveLength(1);
      const [table] = result.tables;
      expect(table.headerRows).toBe(0);
      expect(table.columns.map((column) => column.name)).toEqual(table.columns.map((_, index) => `Column ${index + 1}`));
      expect(table.rows.filter((row) => !row.isAggregate)).toHaveLength(1);
      expect(result.warnings).toContainEqual(expect.stringMatching(/^one\.csv: no header row found over the table in A1:[A-Z]1; its columns are named Column 1 to Column \d$/));
    }
    const many = read('a,1\nb,2\n');
    expect(many.tables[0].headerRows).toBe(0);
    expect(many.warnings).toEqual(['one.csv: no header row found over the table in A1:B2; its columns are named Column 1 to Column 2']);
  });

  it('reads a sheet whose one row is data as a one-row table from its first filled cell, as the same row in a CSV', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Data').addRow([null, 48929, new Date(Date.UTC(2023, 5, 30)), 'STAGE1', 20.41, false]);
    workbook.addWorksheet('Header').addRow(['Name', 'Value']);
    workbook.addWorksheet('Years').addRow(['Country', 2019, 2020]);
    workbook.addWorksheet('Title').addRow(['Sales report']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const read = readTables(await readWorkbook({ bytes, fileName: 'one.xlsx' }));
    expect(read.tables.map((table) => [table.sheet, table.range])).toEqual([['Data', { top: 0, left: 1, bottom: 0, right: 5 }]]);
    const [table] = read.tables;
    expect(table.columns.map((column) => [column.name, column.type])).toEqual([['Column 1', 'integer'], ['Column 2', 'date'], ['Column 3', 'text'], ['Column 4', 'decimal'], ['Column 5', 'boolean']]);
    expect(table.rows).toHaveLength(1);
    expect(read.accounts.map((account) => [account.sheet, account.stored.data, account.noTable ?? null])).toEqual([
      ['Data', 1, null],
      ['Header', 0, 'no table: a single row (a header with no data rows, or one line of text)'],
      ['Years', 0, 'no table: a single row (a header with no data rows, or one line of text)'],
      ['Title', 0, 'no table: a single row (a header with no data rows, or one line of text)'],
    ]);
  });

  it.each([
    ['a header alone', 'Name,Value\n'],
    ['a header of years', 'Country,2019,2020\n'],
    ['a single value', '42\n'],
    ['two records', '1,2\n3,4\n'],
  ])('is null for %s', (_, text) => {
    expect(singleRecordRegion(gridOf(text), '.')).toBeNull();
  });
});

describe('footNoteRows (through cleanCsvRegion)', () => {
  it('ends the table above "Prepared by" and the label-and-value line above it, kept as notes; the column stays numeric', () => {
    for (const gap of ['', ',\n']) {
      const text = `Country,Revenue\nNL,100\nBE,50\nDE,200\n${gap}Exchange rate used,1.08\nPrepared by,Finance\n`;
      const read = readTables(readCsv(Buffer.from(text), 'notes.csv'));
      expect(read.tables).toHaveLength(1);
      expect(read.tables[0].rows.map((row) => row.values.revenue)).toEqual([100, 50, 200]);
      expect(read.tables[0].columns[1].type).toBe('integer');
      expect(read.tables[0].notes).toEqual(['Exchange rate used 1.08', 'Prepared by Finance']);
      expect(read.accounts[0].excluded.note).toBe(2);
    }
  });

  it('keeps last records as data without a note\'s opening, however unlike their values', () => {
    const region = cleanCsvRegion(gridOf('Country,Revenue\nNL,100\nBE,50\nDE,200.5\nFR,unknown\n'), '.');
    expect(region?.range.bottom).toBe(4);
    expect(region?.notes).toEqual([]);
    // "St. Louis" reads as a sentence, yet opens no note: a city.
    expect(cleanCsvRegion(gridOf('City,Sales\nBoston,10\nDenver,20\nSt. Louis,30\n'), '.')?.range.bottom).toBe(3);
  });
});
