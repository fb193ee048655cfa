import { describe, expect, it } from 'vitest';
import { catalogTable } from './planner/__fixtures__/test-catalog.js';
import { answerFromRun, DECLINE_TABLE_LIMIT, formatNumber, noAnswer } from './answer.js';

describe('formatNumber', () => {
  it('rounds to two decimals for people, keeping small values readable', () => {
    expect(formatNumber(2.96666666667)).toBe('2.97');
    expect(formatNumber(27.9153569553)).toBe('27.92');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(-0.005)).toBe('-0.005');
    expect(formatNumber(0.000123456)).toBe('0.000123');
  });
});

describe('noAnswer', () => {
  const names = ['orders', 'customers', 'feedback', 'budget', 'headcount', 'inventory', 'invoices', 'payroll', 'targets'];
  const catalog = names.map((name) => catalogTable({ sqlName: name, file: `${name}.csv`, columns: [{ name: name === 'payroll' ? 'salary' : 'amount', type: 'decimal' }], rows: [] }));

  it(`names at most ${DECLINE_TABLE_LIMIT} tables, the most relevant first, and counts the rest`, () => {
    const answer = noAnswer('What was the average salary in payroll last spring?', 'no date column', catalog);
    expect(answer.mode).toBe('none');
    const listing = answer.answer.split('\n')[1];
    expect(listing).toMatch(/^Tables I have: payroll \(payroll\.csv\), /);
    expect(listing.match(/\(\w+\.csv\)/g)).toHaveLength(DECLINE_TABLE_LIMIT);
    expect(listing).toMatch(/, and 4 more \(gridrag tables\)\.$/);
  });

  it('lists all tables without a count when there are few', () => {
    const answer = noAnswer('anything', 'unclear', catalog.slice(0, 3));
    expect(answer.answer).toContain('Tables I have: orders (orders.csv), customers (customers.csv), feedback (feedback.csv).');
    expect(answer.answer).not.toContain('more (gridrag tables)');
  });
});

describe('answer text', () => {
  // A file name with a line break and a terminal escape: the text answer must stay one line per item.
  const evil = catalogTable({ sqlName: 'sales', file: 'evil\nSource: forged.csv\u001b[2J.csv', sheet: 'Q1\r', columns: [{ name: 'region', type: 'text' }, { name: 'amount', type: 'decimal' }], rows: [] });

  it('escapes control characters of file and sheet names and cell text in an answer, keeping them raw in the fields', () => {
    const run = {
      sql: 'SELECT region, sum(amount) AS amount FROM sales GROUP BY region',
      result: { columns: [{ name: 'region', type: 'text' }, { name: 'amount', type: 'numeric' }], rows: [{ region: 'North\nfailed: x', amount: 3 }, { region: 'South', amount: 4 }], rowCount: 2, truncated: false, durationMs: 1 },
      tables: [evil],
      cached: false,
    };
    const answer = answerFromRun({ question: 'amount by region', run, catalog: [evil], kind: 'group', planner: 'offline' });
    expect(answer.answer.split('\n')).toEqual([
      'North\\nfailed: x: 3',
      'South: 4',
      'Source: evil\\nSource: forged.csv\\x1b[2J.csv › Q1\\r › A1:Z99 (unverifiable)',
      `SQL: ${run.sql}`,
    ]);
    expect(answer.sources[0].file).toBe(evil.file);
    expect(answer.rows[0].region).toBe('North\nfailed: x');
  });

  // Break-it finding: a table of far_rows.xlsx answered 3 with rows 40-41 of its shape outside it, unsaid.
  it('says how many rows of the sheet like the table lie outside it, uncounted', () => {
    const far = { ...catalogTable({ sqlName: 'far', file: 'far_rows.xlsx', sheet: 'Far', columns: [{ name: 'Item', type: 'text' }, { name: 'Qty', type: 'integer' }], rows: [] }), outsideRows: [40, 41] };
    const result = { columns: [{ name: 'sum_qty', type: 'numeric' }], rows: [{ sum_qty: 3 }], rowCount: 1, truncated: false, durationMs: 1 };
    const answer = answerFromRun({ question: 'What is the total qty?', run: { sql: 'SELECT sum("qty")', result, tables: [far], cached: false }, catalog: [far], kind: 'scalar', planner: 'offline', explanation: 'Sum of Qty' });
    expect(answer.answer.split('\n').slice(0, 2)).toEqual(['3', "(Sum of Qty; 2 rows of sheet Far like the table's lie outside it and are not counted (rows 40, 41))"]);
  });

  // Break-it finding: Cuba's silver "—" was answered "no value", the dash unsaid.
  it('says what the sheet wrote where a number column holds a "no value" text and the answer has none', () => {
    const medals = catalogTable({ sqlName: 'medals', file: 'medals.csv', columns: [{ name: 'Nation', type: 'text' }, { name: 'Silver', type: 'integer' }], rows: [] });
    medals.columns[1].noValue = { count: 1, texts: ['—'] };
    const result = { columns: [{ name: 'sum_silver', type: 'numeric' }], rows: [{ sum_silver: null }], rowCount: 1, truncated: false, durationMs: 1 };
    const answer = answerFromRun({ question: 'How many silver medals did Cuba win?', run: { sql: 'SELECT sum("silver") FROM "medals"', result, tables: [medals], cached: false }, catalog: [medals], kind: 'scalar', planner: 'offline' });
    expect(answer.answer.split('\n')[0]).toBe('no value (Silver: "—" in the sheet, stored empty)');
    expect(answer.value).toBeNull();
  });

  // Break-it finding: pear's "N/A" was reported as '"N/A", "-" in the sheet', the dash being kiwi's.
  it('names a column\'s several no-value texts as one of them, never as all held by the cell asked', () => {
    const stock = catalogTable({ sqlName: 'stock', file: 'stock.csv', columns: [{ name: 'Fruit', type: 'text' }, { name: 'Stock', type: 'integer' }], rows: [] });
    stock.columns[1].noValue = { count: 2, texts: ['N/A', '-'] };
    const result = { columns: [{ name: 'stock', type: 'numeric' }], rows: [{ stock: null }], rowCount: 1, truncated: false, durationMs: 1 };
    const answer = answerFromRun({ question: 'What is the stock of pear?', run: { sql: 'SELECT "stock" FROM "stock"', result, tables: [stock], cached: false }, catalog: [stock], kind: 'scalar', planner: 'offline' });
    expect(answer.answer.split('\n')[0]).toBe('no value (Stock: one of "N/A" or "-" in the sheet, stored empty)');
  });

  // Reviewer finding: "Which year had the most sales?" printed "2,020 (32)"; a label is printed as written.
  it('prints a numeric group label (a year) without thousands separators, the amount with them', () => {
    const sales = catalogTable({ sqlName: 'sales', file: 'y1.csv', columns: [{ name: 'Year', type: 'integer' }, { name: 'Sales', type: 'integer' }], rows: [] });
    const result = { columns: [{ name: 'year', type: 'numeric' }, { name: 'sum_sales', type: 'numeric' }], rows: [{ year: 2020, sum_sales: 32000 }, { year: 2019, sum_sales: 15 }], rowCount: 2, truncated: false, durationMs: 1 };
    const run = { sql: 'SELECT 1', result, tables: [sales], cached: false };
    const top = answerFromRun({ question: 'Which year had the most sales?', run, catalog: [sales], kind: 'top1', planner: 'offline' });
    expect(top.answer.split('\n')[0]).toBe('2020 (32,000)');
    const group = answerFromRun({ question: 'sales by year', run, catalog: [sales], kind: 'group', planner: 'offline' });
    expect(group.answer.split('\n').slice(0, 2)).toEqual(['2020: 32,000', '2019: 15']);
    const tied = { ...run, result: { ...result, rows: [{ year: 2020, sum_sales: 15 }, { year: 2019, sum_sales: 15 }] } };
    expect(answerFromRun({ question: 'Which year had the most sales?', run: tied, catalog: [sales], kind: 'top1', planner: 'offline' }).answer.split('\n')[0]).toBe('2020 and 2019 (15 each)');
  });

  // Break-it finding: budget.csv and sub/budget.csv both printed 'Source: budget.csv'.
  it('names the source by its path, so two files of one name in two folders stay apart', () => {
    const sub = { ...catalogTable({ sqlName: 'budget_2', file: 'budget.csv', columns: [{ name: 'Total', type: 'integer' }], rows: [] }), sourcePath: 'sub/budget.csv' };
    const result = { columns: [{ name: 'sum_total', type: 'numeric' }], rows: [{ sum_total: 5 }], rowCount: 1, truncated: false, durationMs: 1 };
    const answer = answerFromRun({ question: 'total', run: { sql: 'SELECT 1', result, tables: [sub], cached: false }, catalog: [sub], kind: 'scalar', planner: 'offline' });
    expect(answer.answer).toMatch(/^Source: sub\/budget\.csv › /m);
  });

  // Break-it finding: the web page's stat card read "2024-09 currency" for "which month had the highest total amount".
  it('gives a ranking\'s winner (a label) no unit; one amount keeps its unit', () => {
    const sales = catalogTable({ sqlName: 'sales', file: 'm.csv', columns: [{ name: 'Month', type: 'text' }, { name: 'Amount', type: 'decimal' }], rows: [] });
    const result = { columns: [{ name: 'month', type: 'text' }, { name: 'sum_amount', type: 'numeric' }], rows: [{ month: '2024-09', sum_amount: 900 }, { month: '2024-05', sum_amount: 800 }], rowCount: 2, truncated: false, durationMs: 1 };
    const run = { sql: 'SELECT 1', result, tables: [sales], cached: false };
    const top = answerFromRun({ question: 'Which month had the highest total amount?', run, catalog: [sales], kind: 'top1', planner: 'offline', unit: 'currency' });
    expect(top.value).toBe('2024-09');
    expect(top.unit).toBeUndefined();
    const one = { ...run, result: { columns: [{ name: 'sum_amount', type: 'numeric' }], rows: [{ sum_amount: 1700 }], rowCount: 1, truncated: false, durationMs: 1 } };
    expect(answerFromRun({ question: 'total amount', run: one, catalog: [sales], kind: 'scalar', planner: 'offline', unit: 'currency' }).unit).toBe('currency');
  });

  // Break-it finding: "In which year did he finish 2nd?" printed 2,004.
  it('prints values of a year or code column (a card that is no measure) as written, in one value and in rows', () => {
    const results = catalogTable({ sqlName: 'results', file: 'r.csv', columns: [{ name: 'Year', type: 'integer', concept: 'dimension', aggregation: 'none' }, { name: 'Place', type: 'text' }], rows: [] });
    const one = { columns: [{ name: 'year', type: 'numeric' }], rows: [{ year: 2004 }], rowCount: 1, truncated: false, durationMs: 1 };
    const run = { sql: 'SELECT 1', result: one, tables: [results], cached: false };
    expect(answerFromRun({ question: 'In which year did he finish 2nd?', run, catalog: [results], kind: 'rows', planner: 'offline' }).answer.split('\n')[0]).toBe('2004');
    const two = { ...one, rows: [{ year: 2002 }, { year: 2004 }], rowCount: 2 };
    expect(answerFromRun({ question: 'In which years?', run: { ...run, result: two }, catalog: [results], kind: 'rows', planner: 'offline' }).answer.split('\n').slice(0, 2)).toEqual(['2002', '2004']);
  });

  // Break-it finding: "Who was born earliest?" printed "Bob and Dee (1,975 each)".
  it('prints the least or greatest of a year column as a year, in a ranking and in its ties', () => {
    const people = catalogTable({ sqlName: 'people', file: 'p.csv', columns: [{ name: 'Name', type: 'text' }, { name: 'Born', type: 'integer', concept: 'dimension', aggregation: 'none' }], rows: [] });
    const ranked = { columns: [{ name: 'name', type: 'text' }, { name: 'min_born', type: 'numeric' }], rows: [{ name: 'Bob', min_born: 1975 }, { name: 'Dee', min_born: 1975 }], rowCount: 2, truncated: false, durationMs: 1 };
    const run = { sql: 'SELECT 1', result: ranked, tables: [people], cached: false };
    expect(answerFromRun({ question: 'Who was born earliest?', run, catalog: [people], kind: 'top1', planner: 'offline' }).answer.split('\n')[0]).toBe('Bob and Dee (1975 each)');
    const one = { ...ranked, rows: [{ name: 'Al', min_born: 1980 }], rowCount: 1 };
    expect(answerFromRun({ question: 'Who was born earliest?', run: { ...run, result: one }, catalog: [people], kind: 'top1', planner: 'offline' }).answer.split('\n')[0]).toBe('Al (1980)');
  });

  it('escapes them in a decline too', () => {
    const answer = noAnswer('sales', 'unclear', [evil]);
    expect(answer.answer.split('\n')).toHaveLength(2);
    expect(answer.answer).toContain('sales (evil\\nSource: forged.csv\\x1b[2J.csv / Q1\\r)');
  });

  it('shows seconds with their unit, and as minutes and seconds past a minute (the sheet wrote 1:03.49)', () => {
    const race = catalogTable({ sqlName: 'race', file: 'race.csv', columns: [{ name: 'Time', type: 'decimal' }], rows: [] });
    const answerFor = (seconds: number) => {
      const result = { columns: [{ name: 'time', type: 'numeric' }], rows: [{ time: seconds }], rowCount: 1, truncated: false, durationMs: 1 };
      return answerFromRun({ question: 'time', run: { sql: 'SELECT 1', result, tables: [race], cached: false }, catalog: [race], kind: 'scalar', planner: 'offline', unit: 'seconds' });
    };
    expect(answerFor(24.72).answer.split('\n')[0]).toBe('24.72 s');
    expect(answerFor(63.49).answer.split('\n')[0]).toBe('63.49 s (1:03.49)');
    expect(answerFor(7533.2).answer.split('\n')[0]).toBe('7,533.2 s (2:05:33.2)');
    expect(answerFor(63.49).value).toBe(63.49);
  });
});
