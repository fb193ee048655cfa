// Writes the bundled example files (deterministic: a seeded generator, no randomness from the clock).
// Run: node examples/make-examples.mjs
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
let seed = 20251130;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (items) => items[Math.floor(random() * items.length)];
const pad = (n, width) => String(n).padStart(width, '0');

async function feedbackTracker() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Feedback');
  sheet.getCell('A1').value = 'Customer Feedback Tracker — Q1 2025';
  sheet.mergeCells('A1:E1');
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getRow(3).values = ['Date', 'Location', 'Category', 'Rating', 'Comment'];
  sheet.getRow(3).font = { bold: true };
  const locations = ['Amsterdam', 'Utrecht', 'Rotterdam', 'Antwerp', 'Brussels'];
  const categories = ['Service', 'Cleanliness', 'Delivery', 'Pricing'];
  const comments = ['Great staff', 'Took too long', 'Dirty tables', 'Fair price', 'Will come back', ''];
  for (let i = 0; i < 240; i++) {
    const day = new Date(Date.UTC(2025, 0, 1 + Math.floor(random() * 90)));
    const location = pick(locations);
    const rating = Math.max(1, Math.min(5, Math.round(1 + random() * 4 + (location === 'Utrecht' ? -0.8 : 0))));
    // Every tenth date was typed by hand as day/month/year text.
    const date = i % 10 === 3 ? `${pad(day.getUTCDate(), 2)}/${pad(day.getUTCMonth() + 1, 2)}/${day.getUTCFullYear()}` : day;
    const row = sheet.addRow([date, location, pick(categories), rating, pick(comments)]);
    if (date instanceof Date) row.getCell(1).numFmt = 'dd/mm/yyyy';
  }
  await workbook.xlsx.writeFile(path.join(here, 'feedback_tracker.xlsx'));
}

async function orders() {
  const countries = ['Germany', 'France', 'Netherlands', 'Poland'];
  const products = ['Desk Lamp', 'Office Chair', 'Standing Desk', 'Monitor Arm', 'Cable Kit, Deluxe'];
  const zips = ['01067', '04109', '10115', '20095', '80331', '01307'];
  const lines = ['order_id,order_date,country,product,quantity,amount,zip_code'];
  for (let i = 1; i <= 400; i++) {
    const date = new Date(Date.UTC(2024, 6, 1 + Math.floor(random() * 270)));
    const quantity = 1 + Math.floor(random() * 5);
    const cents = Math.round((20 + random() * 1400) * quantity * 100);
    const value = cents / 100;
    const style = i % 9;
    const amount = style === 0 ? `"$${value.toLocaleString('en-US', { minimumFractionDigits: 2 })}"`
      : style === 1 ? `"${value.toLocaleString('en-US', { minimumFractionDigits: 2 })}"` : value.toFixed(2);
    const product = pick(products);
    lines.push([pad(i, 6), date.toISOString().slice(0, 10), pick(countries), product.includes(',') ? `"${product}"` : product, quantity, amount, pick(zips)].join(','));
  }
  await writeFile(path.join(here, 'orders.csv'), `\uFEFF${lines.join('\r\n')}\r\n`);
}

async function csatByMonth() {
  const locations = ['Zürich', 'Malmö', 'Genève', 'Kraków'];
  const lines = ['Standort;Monat;CSAT;Antworten'];
  for (const location of locations) {
    for (let month = 1; month <= 12; month++) {
      const csat = (3 + random() * 1.9).toFixed(1).replace('.', ',');
      lines.push(`${location};2025-${pad(month, 2)};${csat};${80 + Math.floor(random() * 400)}`);
    }
  }
  await writeFile(path.join(here, 'csat_by_month.csv'), iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252'));
}

await feedbackTracker();
await orders();
await csatByMonth();
console.log('examples written');
