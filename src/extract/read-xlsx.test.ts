import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/helpers/shared-paths.js';
import { buildHandWrittenXlsx } from './__fixtures__/stored-zip.js';
import type { Cell, Workbook } from './grid.js';
import { readXlsx } from './read-xlsx.js';
import { shiftFormula } from './xlsx-sheet.js';
import { ZipArchive } from './zip-archive.js';

async function writeWorkbook(build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function cellAt(workbook: Workbook, sheet: number, row: number, column: number): Cell | null {
  return workbook.sheets[sheet].rows[row]?.[column] ?? null;
}

describe('readXlsx', () => {
  it('reads every sheet with its visibility, hidden rows and hidden columns', async () => {
    const bytes = await writeWorkbook((workbook) => {
      const visible = workbook.addWorksheet('Visible');
      visible.addRows([
        ['a', 'b', 'c'],
        [1, 2, 3],
        [4, 5, 6],
      ]);
      visible.getRow(2).hidden = true;
      visible.getColumn(3).hidden = true;
      workbook.addWorksheet('Hidden', { state: 'hidden' }).addRow(['x']);
      workbook.addWorksheet('Secret', { state: 'veryHidden' }).addRow(['y']);
    });
    const workbook = await readXlsx(bytes, 'visibility.xlsx');
    expect(workbook.sheets.map((sheet) => [sheet.name, sheet.index, sheet.hidden])).toEqual([
      ['Visible', 0, false],
      ['Hidden', 1, true],
      ['Secret', 2, true],
    ]);
    expect(workbook.sheets[0].rowHidden).toEqual([false, true, false]);
    expect(workbook.sheets[0].columnHidden).toEqual([false, false, true]);
  });

  it('reads the outline levels of grouped rows and where their summary rows stand', async () => {
    const bytes = await writeWorkbook((workbook) => {
      const below = workbook.addWorksheet('Below');
      below.addRows([['Desk', 'MW'], ['Gas A', 10], ['Gas B', 20], ['Gas', 30]]);
      below.getRow(2).outlineLevel = 1;
      below.getRow(3).outlineLevel = 1;
      const above = workbook.addWorksheet('Above', { properties: { outlineProperties: { summaryBelow: false, summaryRight: false } } });
      above.addRows([['Desk', 'MW'], ['Gas', 30], ['Gas A', 10], ['Gas B', 20]]);
      above.getRow(3).outlineLevel = 1;
      above.getRow(4).outlineLevel = 1;
      workbook.addWorksheet('Flat').addRows([['a'], [1]]);
    });
    const workbook = await readXlsx(bytes, 'outline.xlsx');
    expect(workbook.sheets.map((sheet) => [sheet.rowOutlineLevels, sheet.outlineSummaryBelow])).toEqual([
      [[0, 1, 1, 0], true],
      [[0, 0, 1, 1], false],
      [undefined, undefined],
    ]);
  });

  it('keeps dates at UTC midnight, times when present, and honours the 1904 date system', async () => {
    const day = new Date(Date.UTC(2024, 2, 15));
    const moment = new Date(Date.UTC(2024, 2, 15, 13, 45, 30));
    for (const date1904 of [false, true]) {
      const bytes = await writeWorkbook((workbook) => {
        workbook.properties.date1904 = date1904;
        const sheet = workbook.addWorksheet('Dates');
        sheet.addRow([day, moment]);
        sheet.getCell('A1').numFmt = 'dd/mm/yyyy';
        sheet.getCell('B1').numFmt = 'yyyy-mm-dd hh:mm:ss';
      });
      const sheetXml = await (await ZipArchive.open(bytes)).readText('xl/worksheets/sheet1.xml');
      const serial = /<v>([\d.]+)<\/v>/.exec(sheetXml)?.[1];
      expect(Number(serial)).toBe(date1904 ? 43904 : 45366);
      const workbook = await readXlsx(bytes, 'dates.xlsx');
      expect(workbook.date1904 ?? false).toBe(date1904);
      expect((cellAt(workbook, 0, 0, 0)?.value as Date).toISOString()).toBe(day.toISOString());
      expect((cellAt(workbook, 0, 0, 1)?.value as Date).toISOString()).toBe(moment.toISOString());
      expect(cellAt(workbook, 0, 0, 0)?.numFmt).toBe('dd/mm/yyyy');
    }
  });

  it('turns error values into null with the error text, counted over all sheets', async () => {
    const bytes = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Errors');
      sheet.getCell('A1').value = { error: '#N/A' } as ExcelJS.CellErrorValue;
      sheet.getCell('B1').value = { formula: '1/0', result: { error: '#DIV/0!' } } as ExcelJS.CellFormulaValue;
      workbook.addWorksheet('More').getCell('A1').value = { error: '#REF!' } as ExcelJS.CellErrorValue;
    });
    const workbook = await readXlsx(bytes, 'errors.xlsx');
    expect(cellAt(workbook, 0, 0, 0)).toMatchObject({ value: null, error: '#N/A' });
    expect(cellAt(workbook, 0, 0, 1)).toMatchObject({ value: null, error: '#DIV/0!', formula: true, formulaText: '1/0' });
    expect(workbook.errorCellCount).toBe(3);
  });

  it('reads the top and bottom borders of cells (the rule over a total), not the side ones', async () => {
    const bytes = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Rules');
      sheet.getCell('A1').value = 260;
      sheet.getCell('A1').border = { bottom: { style: 'thin' } };
      sheet.getCell('A2').value = 1590.5;
      sheet.getCell('A2').border = { top: { style: 'thin' }, bottom: { style: 'double' } };
      sheet.getCell('A3').value = 5;
      sheet.getCell('A3').border = { left: { style: 'thin' }, right: { style: 'thin' } };
    });
    const rows = (await readXlsx(bytes, 'rules.xlsx')).sheets[0].rows;
    expect(rows[0][0]).toMatchObject({ value: 260, borderBottom: true });
    expect(rows[0][0]?.borderTop).toBeUndefined();
    expect(rows[1][0]).toMatchObject({ value: 1590.5, borderTop: true, borderBottom: true });
    expect(rows[2][0]?.borderTop).toBeUndefined();
    expect(rows[2][0]?.borderBottom).toBeUndefined();
  });

  it('reads number formats, bold, indent, booleans, formula text results, rich text and hyperlinks', async () => {
    const bytes = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Styles');
      sheet.getCell('A1').value = 0.125;
      sheet.getCell('A1').numFmt = '0.0%';
      sheet.getCell('B1').value = 'Total';
      sheet.getCell('B1').font = { bold: true };
      sheet.getCell('C1').value = 'Travel';
      sheet.getCell('C1').alignment = { indent: 2 };
      sheet.getCell('D1').value = true;
      sheet.getCell('E1').value = { formula: 'B1&"!"', result: 'Total!' } as ExcelJS.CellFormulaValue;
      sheet.getCell('F1').value = { richText: [{ font: { bold: true }, text: 'user-a' }, { text: '@example.com' }] };
      sheet.getCell('G1').value = { text: 'Example site', hyperlink: 'https://example.com' };
    });
    const workbook = await readXlsx(bytes, 'styles.xlsx');
    const row = workbook.sheets[0].rows[0];
    expect(row[0]).toMatchObject({ value: 0.125, numFmt: '0.0%' });
    expect(row[1]).toMatchObject({ value: 'Total', bold: true });
    expect(row[2]).toMatchObject({ value: 'Travel', indent: 2 });
    expect(row[3]?.value).toBe(true);
    expect(row[4]).toMatchObject({ value: 'Total!', formula: true });
    expect(row[5]?.value).toBe('user-a@example.com');
    expect(row[6]?.value).toBe('Example site');
  });

  it('copies merged values into every covered cell and marks the range', async () => {
    const bytes = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Merged');
      sheet.getCell('A1').value = 'Q1 Plan';
      sheet.mergeCells('A1:C1');
      sheet.getCell('A2').value = 'East';
      sheet.mergeCells('A2:A4');
      sheet.getCell('B2').value = 1;
      sheet.getCell('B3').value = 2;
      sheet.getCell('B4').value = 3;
    });
    const workbook = await readXlsx(bytes, 'merged.xlsx');
    const rows = workbook.sheets[0].rows.map((row) => row.map((cell) => cell?.value ?? null));
    expect(rows).toEqual([
      ['Q1 Plan', 'Q1 Plan', 'Q1 Plan'],
      ['East', 1],
      ['East', 2],
      ['East', 3],
    ]);
    expect(cellAt(workbook, 0, 3, 0)?.merge).toEqual({ top: 1, left: 0, bottom: 3, right: 0 });
    expect(cellAt(workbook, 0, 0, 2)?.merge).toEqual({ top: 0, left: 0, bottom: 0, right: 2 });
  });

  it('marks only the merged cell when the same text stands elsewhere unmerged (cells of one shared string are shared)', async () => {
    const bytes = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Repeated');
      for (const address of ['A1', 'A3', 'B5', 'C6']) sheet.getCell(address).value = 'East';
      sheet.getCell('B1').value = 'x';
      sheet.mergeCells('A3:A4');
    });
    const workbook = await readXlsx(bytes, 'repeated.xlsx');
    expect(cellAt(workbook, 0, 0, 0)).toEqual({ value: 'East' });
    expect(cellAt(workbook, 0, 2, 0)?.merge).toEqual({ top: 2, left: 0, bottom: 3, right: 0 });
    expect(cellAt(workbook, 0, 3, 0)).toMatchObject({ value: 'East', merge: { top: 2, left: 0, bottom: 3, right: 0 } });
    expect(cellAt(workbook, 0, 4, 1)).toEqual({ value: 'East' });
    expect(cellAt(workbook, 0, 5, 2)).toEqual({ value: 'East' });
    expect(cellAt(workbook, 0, 4, 1)).toBe(cellAt(workbook, 0, 5, 2));
  });

  it('reads a sheet spanning many inflate chunks without losing or splitting cells', async () => {
    const rowCount = 30_000;
    const bytes = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Big');
      sheet.addRow(['id', 'name', 'amount', 'note']);
      for (let i = 1; i <= rowCount; i++) sheet.addRow([i, `Zürich ${i % 97}`, i * 0.25, i % 1000 === 0 ? 'Ünïcödé ✓ & <tag>' : null]);
    });
    const workbook = await readXlsx(bytes, 'big.xlsx');
    const rows = workbook.sheets[0].rows;
    expect(rows).toHaveLength(rowCount + 1);
    expect(rows.slice(1).reduce((sum, row) => sum + (row[2]?.value as number), 0)).toBe((rowCount * (rowCount + 1) * 0.25) / 2);
    expect(rows.slice(1).every((row, i) => row[0]?.value === i + 1 && row[1]?.value === `Zürich ${(i + 1) % 97}`)).toBe(true);
    expect(rows.filter((row) => row[3]?.value === 'Ünïcödé ✓ & <tag>')).toHaveLength(rowCount / 1000);
  });

  describe('hand-written XML', () => {
    it('reads inline rich strings, prefixed elements, cells without references and escapes', async () => {
      const bytes = buildHandWrittenXlsx({
        sheetBody:
          '<x:sheetData xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
          '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>Regular </x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>Bold</x:t></x:r></x:is></x:c>' +
          '<x:c t="s"><x:v>0</x:v></x:c><x:c t="d"><x:v>2025-03-01T00:00:00</x:v></x:c></x:row>' +
          '<x:row><x:c><x:v>42</x:v></x:c><x:c t="str"><x:v>line_x000D_break</x:v></x:c></x:row>' +
          '</x:sheetData>',
        sharedStrings: '<si><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>',
      });
      const workbook = await readXlsx(bytes, 'handwritten.xlsx');
      const rows = workbook.sheets[0].rows.map((row) => row.map((cell) => cell?.value ?? null));
      expect(rows[0][0]).toBe('Regular Bold');
      expect(rows[0][1]).toBe('東京');
      expect((rows[0][2] as Date).toISOString()).toBe('2025-03-01T00:00:00.000Z');
      expect(rows[1]).toEqual([42, 'line\rbreak']);
    });

    it('ignores styled empty cells, formulas without a cached result that cannot be computed and merges beyond the data', async () => {
      const styledRows = Array.from({ length: 50 }, (_, i) => `<row r="${i + 3}" s="1" customFormat="1"><c r="A${i + 3}" s="1"/><c r="B${i + 3}" s="1"/></row>`).join('');
      const bytes = buildHandWrittenXlsx({
        sheetBody:
          '<dimension ref="A1:Z1000"/><cols><col min="2" max="16384" hidden="1"/></cols><sheetData>' +
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><f>VLOOKUP(A1,Rates!A:B,2,FALSE)</f></c></row>' +
          '<row r="2"><c r="A2"><v>7</v></c><c r="C2" s="1"/></row>' +
          styledRows +
          '<row r="1048576" hidden="1"><c r="A1048576" s="1"/></row>' +
          '</sheetData><mergeCells count="2"><mergeCell ref="A1:A1000000"/><mergeCell ref="D5:F9"/></mergeCells>',
        sharedStrings: '<si><t>Label</t></si>',
        styles: '<cellXfs count="2"><xf numFmtId="0" fontId="0"/><xf numFmtId="4" fontId="0"/></cellXfs>',
      });
      const workbook = await readXlsx(bytes, 'styled.xlsx');
      const sheet = workbook.sheets[0];
      expect(sheet.rows.map((row) => row.map((cell) => cell?.value ?? null))).toEqual([['Label'], ['Label']]);
      expect(sheet.rowHidden).toEqual([false, false]);
      expect(sheet.columnHidden).toEqual([false]);
      expect(sheet.merges).toHaveLength(2);
    });

    it('computes number formulas stored without a result from the sheet (totals of subtotals too), and says so', async () => {
      const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;
      const bytes = buildHandWrittenXlsx({
        sheetBody:
          '<sheetData>' +
          row(1, '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>') +
          row(2, '<c r="A2" t="s"><v>2</v></c><c r="B2"><v>10</v></c>') +
          row(3, '<c r="A3" t="s"><v>2</v></c><c r="B3"><v>20.5</v></c>') +
          row(4, '<c r="A4" t="s"><v>3</v></c><c r="B4" s="1"><f>SUBTOTAL(9,B2:B3)</f></c>') +
          row(5, '<c r="A5" t="s"><v>2</v></c><c r="B5"><v>4</v></c>') +
          row(6, '<c r="A6" t="s"><v>3</v></c><c r="B6"><f>SUM(B5)</f><v></v></c>') +
          row(7, '<c r="A7" t="s"><v>4</v></c><c r="B7"><f>B8+B6</f></c><c r="C7"><f>=(B4-B6)*2/-1</f></c><c r="D7"><f>AVERAGE(B2:B3,B5)</f></c>') +
          row(8, '<c r="A8" t="s"><v>3</v></c><c r="B8"><f>B4</f></c><c r="C8"><f>NPV(0.1,B2:B3)</f></c><c r="D8"><f>Other!B2*2</f></c><c r="E8"><f>A2+1</f></c>') +
          '</sheetData>',
        sharedStrings: '<si><t>Item</t></si><si><t>Amount</t></si><si><t>x</t></si><si><t>Subtotal</t></si><si><t>Total</t></si>',
        styles: '<fonts count="2"><font/><font><b/></font></fonts><cellXfs count="2"><xf numFmtId="0" fontId="0"/><xf numFmtId="4" fontId="1"/></cellXfs>',
      });
      const workbook = await readXlsx(bytes, 'openpyxl.xlsx');
      const sheet = workbook.sheets[0];
      expect(sheet.rows[3][1]).toEqual({ value: 30.5, formula: true, formulaText: 'SUBTOTAL(9,B2:B3)', computed: true, numFmt: '#,##0.00', bold: true });
      expect(sheet.rows.map((cells) => cells.map((cell) => cell?.value ?? null))).toEqual([
        ['Item', 'Amount'],
        ['x', 10],
        ['x', 20.5],
        ['Subtotal', 30.5],
        ['x', 4],
        ['Subtotal', 4],
        ['Total', 34.5, -53, 11.5],
        ['Subtotal', 30.5],
      ]);
      // A formula over cells right of and below every stored cell reads the pending formulas there.
      const tail = buildHandWrittenXlsx({
        sheetBody: '<sheetData><row r="1"><c r="A1"><v>2</v></c></row><row r="2"><c r="B2"><f>SUM(A3:D3)</f></c></row><row r="3"><c r="D3"><f>A1*3</f></c></row></sheetData>',
      });
      expect((await readXlsx(tail, 'tail.xlsx')).sheets[0].rows.map((cells) => cells.map((cell) => cell?.value ?? null))).toEqual([[2], [null, 6], [null, null, null, 6]]);
      expect(workbook.warnings).toEqual([
        'openpyxl.xlsx: sheet "Data": 9 formulas have no stored result (the file was not saved by Excel); 6 were computed from the sheet\'s values, 3 could not be and are stored empty',
      ]);
    });

    it('gives the cells of a shared formula their own formula text, and computes them when they have no result', async () => {
      const bytes = buildHandWrittenXlsx({
        sheetBody:
          '<sheetData>' +
          '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c></row>' +
          '<row r="2"><c r="A2"><v>4</v></c><c r="B2"><v>5</v></c><c r="C2"><v>6</v></c></row>' +
          '<row r="3"><c r="A3"><f t="shared" ref="A3:C3" si="0">SUM(A1:A2)*$A$1</f><v>5</v></c><c r="B3"><f t="shared" si="0"/><v>7</v></c><c r="C3"><f t="shared" si="0"/></c></row>' +
          '</sheetData>',
      });
      const sheet = (await readXlsx(bytes, 'shared.xlsx')).sheets[0];
      expect(sheet.rows[2].map((cell) => [cell?.value, cell?.formulaText, cell?.computed ?? false])).toEqual([
        [5, 'SUM(A1:A2)*$A$1', false],
        [7, 'SUM(B1:B2)*$A$1', false],
        [9, 'SUM(C1:C2)*$A$1', true],
      ]);
    });

    it('shifts relative references of a shared formula, not fixed ones, names or quoted text', () => {
      expect(shiftFormula('SUM(C8:C42)', 0, 1)).toBe('SUM(D8:D42)');
      expect(shiftFormula('+A6+1', 1, 0)).toBe('+A7+1');
      expect(shiftFormula('$C$15/5+C$1+$C1', 2, 3)).toBe('$C$15/5+F$1+$C3');
      expect(shiftFormula('LOG10(A1)&"B2"', 1, 1)).toBe('LOG10(B2)&"B2"');
      expect(shiftFormula('Data!A1*2', 1, 0)).toBe('Data!A2*2');
    });

    it('applies custom number formats from styles and reads date formats as dates', async () => {
      const bytes = buildHandWrittenXlsx({
        sheetBody: '<sheetData><row r="1"><c r="A1" s="1"><v>45658</v></c><c r="B1" s="2"><v>1234.5</v></c><c r="C1" s="3"><v>45658</v></c></row></sheetData>',
        styles:
          '<numFmts count="2"><numFmt numFmtId="164" formatCode="mmm yyyy"/><numFmt numFmtId="165" formatCode="#,##0.00 &quot;EUR&quot;"/></numFmts>' +
          '<fonts count="2"><font/><font><b/></font></fonts>' +
          '<cellXfs count="4"><xf numFmtId="0" fontId="0"/><xf numFmtId="164" fontId="0"/><xf numFmtId="165" fontId="1"/><xf numFmtId="14" fontId="0"/></cellXfs>',
        workbookProperties: '',
      });
      const workbook = await readXlsx(bytes, 'formats.xlsx');
      const [a, b, c] = workbook.sheets[0].rows[0] as Cell[];
      expect((a.value as Date).toISOString()).toBe('2025-01-01T00:00:00.000Z');
      expect(a.numFmt).toBe('mmm yyyy');
      expect(b).toEqual({ value: 1234.5, numFmt: '#,##0.00 "EUR"', bold: true });
      expect((c.value as Date).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    });
  });

  describe('tables the workbook declares', () => {
    it('reads an Excel table\'s range with its header and totals rows', async () => {
      const bytes = await writeWorkbook((workbook) => {
        const sheet = workbook.addWorksheet('Sales');
        sheet.addRow(['Sales by region']);
        sheet.addTable({
          name: 'Sales',
          ref: 'B3',
          headerRow: true,
          totalsRow: true,
          columns: [{ name: 'Region', totalsRowLabel: 'Total' }, { name: 'Amount', totalsRowFunction: 'sum' }],
          rows: [['North', 10], ['South', 20]],
        });
      });
      const workbook = await readXlsx(bytes, 'declared.xlsx');
      expect(workbook.sheets[0].declaredTables).toEqual([{ kind: 'table', range: { top: 2, left: 1, bottom: 5, right: 2 }, headerRows: 1, totalsRows: 1 }]);
    });

    it('reads the locations of PivotTables, caption row included (deex_andy_zipper_234)', async () => {
      const file = 'deex_andy_zipper_234_optionstot6-1.xlsx';
      const workbook = await readXlsx(new Uint8Array(await readFile(path.join(CORPUS_DIR, 'enron-annotated', file))), file);
      const sheet = workbook.sheets.find((grid) => grid.name === '#TransByDate');
      // Two pivots side by side, in reading order; the workbook's other pivot stands on another sheet.
      expect(sheet?.declaredTables).toEqual([
        { kind: 'pivot', range: { top: 0, left: 0, bottom: 98, right: 1 } },
        { kind: 'pivot', range: { top: 0, left: 4, bottom: 54, right: 5 } },
      ]);
      expect(workbook.sheets.filter((grid) => grid.declaredTables !== undefined).map((grid) => grid.name)).toEqual(['#TransByDate', '#CPByDate']);
    });
  });
});
