/**
 * Test builders for hostile files, generated in the test (never committed): a zip bomb whose
 * sheet inflates far beyond its size (optionally with a directory that lies about it), sheets
 * past Excel's row and column limits, oversized shared strings and cells, string cells that
 * point past the shared string table.
 * @module extract/__fixtures__/hostile-files
 */
import JSZip from 'jszip';
import { buildHandWrittenXlsx } from './stored-zip.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A deflated xlsx whose one sheet holds `rows` identical rows (about 60 bytes of XML each, a
 * few KB compressed in all). With `lie`, the ZIP directory and local header claim the sheet
 * inflates to 1,000 bytes.
 */
export async function buildZipBomb(rows: number, options: { lie?: boolean } = {}): Promise<Uint8Array> {
  const row = (r: number) => `<row r="${r}"><c r="A${r}"><v>1</v></c><c r="B${r}"><v>2</v></c></row>`;
  const body: string[] = [];
  for (let r = 1; r <= rows; r++) body.push(row(r));
  const zip = new JSZip();
  zip.file('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIP}"><sheets><sheet name="Bomb" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  zip.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIP}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);
  zip.file('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${body.join('')}</sheetData></worksheet>`);
  const bytes = Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } }));
  if (options.lie) lieAboutSize(bytes, 'xl/worksheets/sheet1.xml', 1000);
  return new Uint8Array(bytes);
}

/** Overwrites the uncompressed size of entry `name` in its local header and central directory record. */
function lieAboutSize(bytes: Buffer, name: string, size: number): void {
  const nameBytes = Buffer.from(name);
  for (let offset = 0; offset < bytes.length - 46; offset++) {
    const signature = bytes.readUInt32LE(offset);
    if (signature === 0x04034b50 && bytes.subarray(offset + 30, offset + 30 + nameBytes.length).equals(nameBytes)) bytes.writeUInt32LE(size, offset + 22);
    if (signature === 0x02014b50 && bytes.subarray(offset + 46, offset + 46 + nameBytes.length).equals(nameBytes)) bytes.writeUInt32LE(size, offset + 24);
  }
}

/** A one-cell sheet whose cell stands at `reference` (e.g. `A1048577`, `XFE1`). */
export function buildCellAt(reference: string): Uint8Array {
  const row = Number(reference.replace(/^[A-Z]+/, ''));
  return buildHandWrittenXlsx({ sheetBody: `<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>head</t></is></c></row><row r="${row}"><c r="${reference}"><v>1</v></c></row></sheetData>` });
}

/** A sheet of two string cells over a shared string table of `count` strings of `length` characters each. */
export function buildSharedStrings(count: number, length: number): Uint8Array {
  const strings = Array.from({ length: count }, (_, i) => `<si><t>${String(i).padEnd(length, 'x')}</t></si>`).join('');
  return buildHandWrittenXlsx({
    sheetBody: '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData>',
    sharedStrings: strings,
  });
}

/** A header row and one data row whose B2 holds an inline string of `length` characters. */
export function buildLongCell(length: number): Uint8Array {
  return buildHandWrittenXlsx({
    sheetBody: `<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c><c r="B1" t="inlineStr"><is><t>note</t></is></c></row>`
      + `<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>${'y'.repeat(length)}</t></is></c></row></sheetData>`,
  });
}

/** A small table whose cells B3 and B4 point past the two-string shared string table. */
export function buildMissingStrings(): Uint8Array {
  return buildHandWrittenXlsx({
    sheetBody: '<sheetData>'
      + '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
      + '<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>0</v></c></row>'
      + '<row r="3"><c r="A3"><v>2</v></c><c r="B3" t="s"><v>7</v></c></row>'
      + '<row r="4"><c r="A4"><v>3</v></c><c r="B4" t="s"><v>99</v></c></row>'
      + '</sheetData>',
    sharedStrings: '<si><t>id</t></si><si><t>name</t></si>',
  });
}
