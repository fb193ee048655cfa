/**
 * Deterministic benchmark data: orders with 10 columns (id, date, country, department,
 * product, quantity, unit price, amount, channel, zip), as CSV text or an .xlsx file; a
 * customer register whose names and towns are too varied for the catalog to list.
 * @module bench/generate-data
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { writeFile } from 'node:fs/promises';

const COUNTRIES = ['Germany', 'France', 'Spain', 'Italy', 'Poland', 'Netherlands'];
const DEPARTMENTS = ['Electronics', 'Toys', 'Garden', 'Books', 'Sports'];
const PRODUCTS = Array.from({ length: 40 }, (_, i) => `Product ${i + 1}`);
const CHANNELS = ['Meta', 'Google', 'TikTok', 'Organic'];

/** The header of every generated table. */
export const ORDER_COLUMNS = ['order_id', 'order_date', 'country', 'department', 'product', 'quantity', 'unit_price', 'amount', 'channel', 'zip_code'];

/** Row i of the generated orders (i from 0), as plain values. */
export function orderRow(i: number): [string, string, string, string, string, number, number, number, string, string] {
  const day = new Date(Date.UTC(2024, 0, 1 + (i % 700)));
  const quantity = 1 + ((i * 7) % 9);
  const unitPrice = Math.round(((i * 37) % 5000) + 99) / 100;
  return [
    String(i + 1).padStart(7, '0'),
    day.toISOString().slice(0, 10),
    COUNTRIES[i % COUNTRIES.length],
    DEPARTMENTS[(i * 3) % DEPARTMENTS.length],
    PRODUCTS[(i * 11) % PRODUCTS.length],
    quantity,
    unitPrice,
    Math.round(quantity * unitPrice * 100) / 100,
    CHANNELS[(i * 5) % CHANNELS.length],
    String((i * 13) % 99999).padStart(5, '0'),
  ];
}

/** `rows` orders as CSV text with a header line. */
export function ordersCsv(rows: number): string {
  const lines = new Array<string>(rows + 1);
  lines[0] = ORDER_COLUMNS.join(',');
  for (let i = 0; i < rows; i++) lines[i + 1] = orderRow(i).join(',');
  return `${lines.join('\n')}\n`;
}

/** Writes `rows` orders as an .xlsx file with the streaming writer (dates as real dates). */
export async function writeOrdersXlsx(file: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(ORDER_COLUMNS).commit();
  for (let i = 0; i < rows; i++) {
    const row = orderRow(i);
    sheet.addRow([row[0], new Date(`${row[1]}T00:00:00Z`), ...row.slice(2)]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * Writes a tall two-column sheet (`id`, `amount`; `rows` rows in all, header included) as an
 * .xlsx file with hand-written XML: Excel's full 1,048,576 rows in seconds, where the exceljs
 * writer takes minutes.
 */
export async function writeTallXlsx(file: string, rows: number): Promise<void> {
  const parts = [`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c><c r="B1" t="inlineStr"><is><t>amount</t></is></c></row>`];
  for (let r = 2; r <= rows; r++) parts.push(`<row r="${r}"><c r="A${r}"><v>${r - 1}</v></c><c r="B${r}"><v>${(r * 7) % 1000}</v></c></row>`);
  parts.push('</sheetData></worksheet>');
  const zip = new JSZip();
  zip.file('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIP}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  zip.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIP}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);
  zip.file('xl/worksheets/sheet1.xml', parts.join(''));
  await writeFile(file, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
}

/** A tall two-column CSV (`id`, `amount`) of `rows` data rows. */
export function tallCsv(rows: number): string {
  const lines = new Array<string>(rows + 1);
  lines[0] = 'id,amount';
  for (let r = 1; r <= rows; r++) lines[r] = `${r},${(r * 7) % 1000}`;
  return `${lines.join('\n')}\n`;
}

/** A CSV with `columns` columns and two data rows: a wide export's header. */
export function wideCsv(columns: number): string {
  const row = (f: (c: number) => string) => Array.from({ length: columns }, (_, c) => f(c)).join(',');
  return `${row((c) => `c${c}`)}\n${row((c) => String(c))}\n${row((c) => String(c * 2))}\n`;
}

const SYLLABLES = ['ka', 'lo', 'mer', 'vin', 'to', 'sa', 'bre', 'dan', 'el', 'ru', 'fen', 'go', 'ha', 'ist', 'jo', 'nor', 'pe', 'quil', 'ros', 'tam'];
const FIRST_NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas', 'Karla', 'Lars', 'Mia', 'Nils', 'Olga', 'Paul', 'Rosa', 'Sven', 'Tina', 'Udo'];
const SEGMENTS = ['Retail', 'Wholesale', 'Online', 'Partner', 'Public'];

/** A made-up word, capitalised, from the base-20 digits of `n` as syllables: 0 `Kaka`, 21 `Lolo`, 400 `Kakalo`. */
function madeUpWord(n: number): string {
  let word = SYLLABLES[n % 20];
  for (let rest = Math.floor(n / 20); word.length < 4 || rest > 0; rest = Math.floor(rest / 20)) word += SYLLABLES[rest % 20];
  return word[0].toUpperCase() + word.slice(1);
}

/** The header of the generated customer register. */
export const CUSTOMER_COLUMNS = ['Customer', 'Town', 'Segment', 'Revenue'];

/**
 * Row i of customer register `register` (both from 0): a customer name ("Anna Kakalo"), one of
 * 1,000 towns ("Merlohaheim"), one of 5 segments, a revenue in euros. Registers of up to
 * 50,000 rows share no customer name.
 */
export function customerRow(i: number, register = 0): [string, string, string, number] {
  const customer = `${FIRST_NAMES[i % 20]} ${madeUpWord(Math.floor(i / 20) + register * 2500)}`;
  return [customer, `${madeUpWord((i * 7 + register * 13) % 1000)}heim`, SEGMENTS[(i * 3) % 5], Math.round(((i * 97) % 100_000) + 500) / 100];
}

/** `rows` customers of register `register` as CSV text with a header line. */
export function customersCsv(rows: number, register = 0): string {
  const lines = new Array<string>(rows + 1);
  lines[0] = CUSTOMER_COLUMNS.join(',');
  for (let i = 0; i < rows; i++) lines[i + 1] = customerRow(i, register).join(',');
  return `${lines.join('\n')}\n`;
}
