import { describe, expect, it } from 'vitest';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';
import { planQuestion } from './plan-question.js';

/*
 * Tables whose rows are measures and whose columns are months or years (a climate box, a
 * country's indicators by year). The row is named without its units and qualifiers, the
 * column by a date phrase. Cells holding two units ("−3\n(27)": °C over °F) are read by the label's units.
 */

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// as a Wikipedia climate box is read: temperatures with their °F below, so every month column is text
const weather: TableSpec = {
  sqlName: 'weather', file: 'weather.csv',
  columns: [{ name: 'Month', type: 'text' }, ...months.map((name) => ({ name, type: 'text' as const })), { name: 'Year', type: 'text' }],
  rows: [
    ['Record high °C (°F)', '9\n(48)', '12\n(54)', '18\n(64)', '24\n(75)', '29\n(84)', '33\n(91)', '35\n(95)', '34\n(93)', '30\n(86)', '24\n(75)', '15\n(59)', '10\n(50)', '35\n(95)'],
    ['Average high °C (°F)', '1\n(34)', '3\n(37)', '8\n(46)', '14\n(57)', '19\n(66)', '23\n(73)', '25\n(77)', '24\n(75)', '20\n(68)', '13\n(55)', '7\n(45)', '2\n(36)', '13.3\n(55.9)'],
    ['Rainfall mm (inches)', '41\n(1.6)', '35\n(1.4)', '38\n(1.5)', '46\n(1.8)', '62\n(2.4)', '77\n(3.0)', '81\n(3.2)', '70\n(2.8)', '52\n(2.0)', '44\n(1.7)', '49\n(1.9)', '45\n(1.8)', '640\n(25.2)'],
    ['Avg. rainy days (≥ 0.2 mm)', '8', '7', '8', '9', '11', '12', '11', '10', '8', '8', '9', '9', '110'],
    ['Mean monthly sunshine hours', '55', '81', '124', '171', '221', '232', '248', '229', '165', '112', '60', '44', '1,742'],
  ],
};
// the same layout stored as numbers: the ingest typed the month columns as integers, periods of the table
const pantry: TableSpec = {
  sqlName: 'pantry', file: 'pantry.csv',
  columns: [{ name: 'Month', type: 'text' }, ...months.map((name) => ({ name, type: 'integer' as const, period: name }))],
  rows: [
    ['Jars of jam sold', 12, 10, 14, 9, 11, 15, 22, 30, 18, 13, 12, 25],
    ['Loaves baked', 300, 280, 310, 305, 320, 290, 260, 255, 300, 315, 330, 400],
  ],
};
const indicators: TableSpec = {
  sqlName: 'indicators', file: 'indicators.csv',
  columns: [{ name: 'Indicator', type: 'text' }, ...['2009', '2010', '2011', '2012'].map((name) => ({ name, type: 'decimal' as const, period: name }))],
  rows: [
    ['GDP (US$ billions)', 41.2, 43.9, 47.5, 46.1],
    ['Unemployment rate (%)', 8.1, 9.4, 9.9, 8.7],
    ['Population (millions)', 5.3, 5.4, 5.4, 5.5],
    ['Mean household income', 30.2, 31.5, 31.1, 32.8],
  ],
};

// the same box with a cell of no number (n/a) and a blank one
const odd: TableSpec = { ...weather, sqlName: 'weather_odd', file: 'weather_odd.csv', rows: [weather.rows[0], ['Average high °C (°F)', '1\n(34)', 'n/a', '8 (46)', ...weather.rows[1].slice(4)], ...weather.rows.slice(2)] };
const gap: TableSpec = { ...weather, sqlName: 'weather_gap', file: 'weather_gap.csv', rows: [weather.rows[0], ['Average high °C (°F)', '1\n(34)', '', ...weather.rows[1].slice(3)], ...weather.rows.slice(2)] };
// labels that write "in" before their unit, and a unit in brackets the planner does not know
const alpine: TableSpec = {
  sqlName: 'alpine', file: 'alpine.csv',
  columns: [{ name: 'Month', type: 'text' }, ...months.map((name) => ({ name, type: 'text' as const })), { name: 'Year', type: 'text' }],
  rows: [
    ['Snowfall in cm (in)', '30\n(11.8)', '25\n(9.8)', '10\n(3.9)', '2\n(0.8)', '0\n(0)', '0\n(0)', '0\n(0)', '0\n(0)', '0\n(0)', '1\n(0.4)', '5\n(2)', '20\n(7.9)', '93\n(36.6)'],
    ['Precipitation in mm (inches)', '41\n(1.6)', '35\n(1.4)', '38\n(1.5)', '46\n(1.8)', '62\n(2.4)', '77\n(3.0)', '81\n(3.2)', '70\n(2.8)', '52\n(2.0)', '44\n(1.7)', '49\n(1.9)', '45\n(1.8)', '640\n(25.2)'],
    ['Average wind speed mph (km/h)', '9\n(14)', '9\n(14)', '8\n(13)', '8\n(13)', '7\n(11)', '6\n(10)', '6\n(10)', '6\n(10)', '7\n(11)', '8\n(13)', '8\n(13)', '9\n(14)', '8\n(13)'],
  ],
};
// one measure in two rows, one per unit
const twoRows: TableSpec = {
  sqlName: 'two_rows', file: 'two_rows.csv',
  columns: [{ name: 'Month', type: 'text' }, ...months.map((name) => ({ name, type: 'decimal' as const, period: name }))],
  rows: [
    ['Average high (°C)', 1, 3, 8, 14, 19, 23, 25, 24, 20, 13, 7, 2],
    ['Precipitation (mm)', 41, 35, 38, 46, 62, 77, 81, 70, 52, 44, 49, 45],
    ['Precipitation (in)', 1.6, 1.4, 1.5, 1.8, 2.4, 3.0, 3.2, 2.8, 2.0, 1.7, 1.9, 1.8],
  ],
};
// a box with no row of records
const mild: TableSpec = { ...weather, sqlName: 'weather_mild', file: 'weather_mild.csv', rows: weather.rows.slice(1) };

const { ask, db } = useTestTables([weather, pantry, indicators, odd, gap, mild, alpine, twoRows]);

/** Plans over `spec` alone and runs the SQL: the first two columns of the rows tied for the best, as the answer names them. */
async function ranked(spec: TableSpec, question: string): Promise<{ label: unknown; value: unknown }[] | string> {
  const plan = planQuestion(question, [catalogTable(spec)]);
  if (plan.kind !== 'sql') return plan.reason;
  const result = await db().query<Record<string, unknown>>(plan.sql);
  const rows = result.rows.map((row) => ({ label: row[result.fields[0].name], value: Number(row[result.fields[1].name]) }));
  return rows.filter((row) => row.value === rows[0].value);
}

describe('planQuestion: rows of measures, columns of months', () => {
  it('reads the cell of the row named without its qualifiers and the month of the date phrase', async () => {
    expect((await ask(weather, 'what is the mean monthly sunshine hours in september?')).value).toBe(165);
    expect((await ask(weather, 'how many hours of sunshine were there in june?')).value).toBe(232);
    expect((await ask(weather, 'what were the sunshine hours in dec?')).value).toBe(44);
    expect((await ask(weather, 'how many rainy days are there in may?')).value).toBe(11);
    expect((await ask(pantry, 'how many loaves were baked in november?')).value).toBe(330);
  });

  it('reads "the average …" or "the total …" of one cell as that cell', async () => {
    expect((await ask(weather, 'what is the average number of rainy days in july?')).value).toBe(11);
    expect((await ask(pantry, 'what was the total number of jars of jam sold in august?')).value).toBe(30);
  });

  it('reads a cell of two units by its row\'s label: the first unit\'s number, or the bracketed one when its unit is asked', async () => {
    expect((await ask(weather, 'what is the average high in july?')).value).toBe(25);
    expect((await ask(weather, 'what is the average high temperature in july in degrees fahrenheit?')).value).toBe(77);
    expect((await ask(weather, 'what was the rainfall in march in inches?')).value).toBe(1.5);
    expect((await ask(weather, 'what was the rainfall in march in mm?')).value).toBe(38);
    // no conversion: a unit the row does not hold, or two units, are declined
    expect((await ask(weather, 'what was the rainfall in march in cm?')).plan.kind).toBe('declined');
    expect((await ask(weather, 'what is the average high in july in celsius or fahrenheit?')).plan.kind).toBe('declined');
  });

  it('gives no value for a cell that holds no number of the unit read', async () => {
    const { plan, value } = await ask(odd, 'what is the average high in february?');
    expect(plan.kind).toBe('sql');
    expect(value).toBeNull();
    expect(plan.kind === 'sql' && plan.declineIfNull).toMatch(/not a number of the unit read/);
    expect((await ask(odd, 'what is the average high in march?')).value).toBe(8);
  });

  it('reads "in" as a preposition before a unit, never as inches, and declines a unit in brackets it cannot read', async () => {
    expect((await ask(alpine, 'what is the snowfall in january in inches?')).value).toBe(11.8);
    expect((await ask(alpine, 'what is the precipitation in july in inches?')).value).toBe(3.2);
    expect((await ask(alpine, 'what is the precipitation in july?')).value).toBe(81);
    expect((await ask(alpine, 'how many months had more than 2 inches of precipitation?')).value).toBe(4);
    expect((await ask(alpine, 'what is the average wind speed in july?')).value).toBe(6);
    expect((await ask(alpine, 'what is the average wind speed in july in km/h?')).plan.kind).toBe('declined');
    // "in" after a number is no unit: "in total", "in the table"
    expect((await ask(weather, 'how many months had rainfall above 50 in the table?')).value).toBe(5);
  });

  it('never adds up two rows one word names, each a measure of its own', async () => {
    expect((await ask(twoRows, 'what is the precipitation in july?')).plan.kind).toBe('declined');
    expect((await ask(twoRows, 'which month had the most precipitation?')).plan.kind).toBe('declined');
    expect((await ask(twoRows, 'what is the average high in july?')).value).toBe(25);
  });

  it('declines what it cannot tell apart: "2 in" (inches or the preposition), "70 degrees" of a row in °C and °F, a plain number of a row in millions', async () => {
    const inches = (await ask(weather, 'how many months had more than 2 in of rainfall?')).plan;
    expect(inches.kind === 'declined' && inches.reason).toMatch(/may be inches/);
    expect((await ask(weather, 'how many months had more than 2" of rainfall?')).plan.kind).toBe('declined');
    expect((await ask(weather, 'what was the rainfall in july in in?')).plan.kind).toBe('declined');
    const degrees = (await ask(weather, 'how many months have an average high over 70 degrees?')).plan;
    expect(degrees.kind === 'declined' && degrees.reason).toMatch(/may be °C or °F: say which/);
    expect((await ask(weather, 'how many months have an average high over 20?')).value).toBe(3);
    expect((await ask(indicators, 'in how many years was the population at least 5400000?')).plan.kind).toBe('declined');
    expect((await ask(weather, 'what is the recorded high in july?')).value).toBe(35);
  });

  it('counts between two bounds in either order', async () => {
    expect((await ask(weather, 'how many months have an average high between 20 and 10?')).value).toBe(4);
    expect((await ask(weather, 'how many months have an average high between 10 and 20?')).value).toBe(4);
  });

  it('never reads a record asked from a row of averages, nor an average asked from a row of records', async () => {
    expect((await ask(weather, 'what is the record high in july?')).value).toBe(35);
    expect((await ask(weather, 'what is the average high in july?')).value).toBe(25);
    expect((await ask(gap, 'what is the record high in july?')).value).toBe(35);
    // no row of records in the box: "record" is never left out as if it were a qualifier
    expect((await ask(mild, 'what is the record high in july?')).plan.kind).toBe('declined');
    expect((await ask(mild, 'which month has the highest record high?')).plan.kind).toBe('declined');
    expect((await ask(mild, 'what is the average high in july?')).value).toBe(25);
  });

  it('reads the closing Year column for the figure of the whole year, never for a breakdown by year', async () => {
    expect((await ask(weather, 'what is the yearly rainfall?')).value).toBe(640);
    expect((await ask(weather, 'what is the annual average high?')).value).toBe(13.3);
    expect((await ask(weather, 'what was the rainfall per year?')).plan.kind).toBe('declined');
    expect((await ask(weather, 'what was the rainfall by year?')).plan.kind).toBe('declined');
    // a month's figure over the year is no Year cell
    expect((await ask(weather, 'what is the average monthly rainfall over the year?')).value).not.toBe(640);
    expect((await ask(weather, 'what is the rainfall per month over the year?')).value).not.toBe(640);
  });

  it('counts the months whose cell passes a condition, in the unit asked', async () => {
    expect((await ask(weather, 'how many months had more than 200 sunshine hours?')).value).toBe(4);
    expect((await ask(weather, 'how many months have an average high over 20 degrees celsius?')).value).toBe(3);
    expect((await ask(weather, 'how many months have an average high temperature above 70 degrees fahrenheit?')).value).toBe(3);
    expect((await ask(weather, 'how many months have an average high of at least 66 °f?')).value).toBe(5);
    expect((await ask(weather, 'how many months had fewer than 9 rainy days?')).value).toBe(5);
    expect((await ask(pantry, 'how many months were more than 300 loaves baked?')).value).toBe(6);
    // a blank cell leaves the count open
    expect((await ask(gap, 'how many months have an average high over 20?')).value).toBeNull();
  });

  it('names the month whose cell is highest or lowest, ties included', async () => {
    expect(await ranked(weather, 'which month had the most sunshine hours?')).toEqual([{ label: 'Jul', value: 248 }]);
    expect(await ranked(weather, 'what month has the fewest rainy days?')).toEqual([{ label: 'Feb', value: 7 }]);
    expect(await ranked(pantry, 'in which month were the fewest loaves baked?')).toEqual([{ label: 'Aug', value: 255 }]);
    expect(await ranked(pantry, 'which month sold the most jars of jam?')).toEqual([{ label: 'Aug', value: 30 }]);
  });

  it('ranks a row of two-unit cells by the first unit\'s numbers, and gives no ranking when a cell holds none', async () => {
    expect(await ranked(weather, 'which month has the highest average high?')).toEqual([{ label: 'Jul', value: 25 }]);
    expect(await ranked(gap, 'which month has the highest average high?')).toEqual([]);
  });

  it('ranks the month columns, not the row labels under a "Month" corner cell', async () => {
    expect(await ranked(pantry, 'which month had the most jars of jam sold?')).toEqual([{ label: 'Aug', value: 30 }]);
    expect(await ranked({ ...pantry, rows: [pantry.rows[1]] }, 'which month had the most loaves baked?')).toEqual([{ label: 'Dec', value: 400 }]);
  });

  it('prefers the row that the question names with more of its words (record high over average high)', async () => {
    const plan = planQuestion('what was the record high in march?', [catalogTable(weather)]);
    expect(plan.kind === 'sql' && plan.sql).toMatch(/Record high/);
  });

  it('declines a question that names no month, several months, a year, or words no row holds', async () => {
    for (const question of [
      'what is the average sunshine hours?',
      'what were the sunshine hours in march and april?',
      'what were the sunshine hours in june 2010?',
      'how many goals did messi score in june?',
      'what were the sunshine hours in june in madrid?',
      'what is the temperature in june?',
      'which month had the highest sunshine hours in june?',
      'how many months had more than 200 sunshine hours in 2010?',
      'how many months had more than 200 sunshine hours and more than 10 rainy days?',
      'what is the difference between the sunshine hours in june and july?',
    ]) {
      expect((await ask(weather, question)).plan.kind, question).toBe('declined');
    }
  });
});

describe('planQuestion: rows of measures, columns of years', () => {
  it('reads the cell of the row named without its unit and the year asked', async () => {
    expect((await ask(indicators, 'what was the gdp in 2011?')).value).toBe(47.5);
    expect((await ask(indicators, 'what was the unemployment rate in 2010?')).value).toBe(9.4);
    expect((await ask(indicators, 'what was the household income in 2010?')).value).toBe(31.5);
    expect(await ranked(indicators, 'in what year was the population highest?')).toEqual([{ label: '2012', value: 5.5 }]);
    expect(await ranked(indicators, 'which year had the lowest household income?')).toEqual([{ label: '2009', value: 30.2 }]);
  });

  it('counts the years whose cell passes a condition, in the row\'s own unit and scale', async () => {
    expect((await ask(indicators, 'in how many years was the gdp above 45?')).value).toBe(2);
    expect((await ask(indicators, 'how many years had an unemployment rate over 9%?')).value).toBe(2);
    expect((await ask(indicators, 'how many years had a population of at least 5.4 million?')).value).toBe(3);
    expect((await ask(indicators, 'how many years had a gdp above 45 billion?')).value).toBe(2);
    // a scale or unit the row is not counted in is no condition on its figures
    expect((await ask(indicators, 'how many years had a gdp above 45 million?')).plan.kind).toBe('declined');
    expect((await ask(indicators, 'how many years had a household income over 31%?')).plan.kind).toBe('declined');
  });

  it('counts a year layout\'s years beside a month layout whose closing column is named Year', async () => {
    const plan = planQuestion('in how many years was the gdp above 45?', [catalogTable(weather), catalogTable(indicators)]);
    expect(plan.kind === 'sql' && plan.sql).toMatch(/FROM "indicators"/);
    const result = plan.kind === 'sql' ? await db().query<Record<string, unknown>>(plan.sql) : undefined;
    expect(Number(Object.values(result?.rows[0] ?? {})[0])).toBe(2);
  });

  it('declines a month or a range over year columns', async () => {
    expect((await ask(indicators, 'what was the household income in june?')).plan.kind).toBe('declined');
    expect((await ask(indicators, 'what was the household income from 2009 to 2011?')).plan.kind).toBe('declined');
    expect((await ask(indicators, 'what was the average household income?')).plan.kind).toBe('declined');
  });
});
