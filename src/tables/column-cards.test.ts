import { describe, expect, it } from 'vitest';
import { buildColumnCards, type ColumnInput } from './column-cards.js';
import type { ColumnType, StoredValue } from './types.js';

function column(name: string, type: ColumnType, values: StoredValue[], extra: Partial<ColumnInput> = {}): ColumnInput {
  return { name, sourceColumn: 0, typed: { type, values, invalidCount: 0 }, ...extra };
}

function byName(cards: ReturnType<typeof buildColumnCards>, name: string) {
  const card = cards.find((candidate) => candidate.name === name);
  if (!card) throw new Error(`no card ${name}`);
  return card;
}

describe('buildColumnCards', () => {
  it('reads a names column by the first line of its cells: notes on the lines below make it no free text', () => {
    const names = Array.from({ length: 24 }, (_, i) => `Senator Number${String.fromCharCode(65 + i)} Ojeda${i % 3 === 0 ? '\n(Vice-President, March 20, 2012–March 20, 2013)' : ''}`);
    const remarks = Array.from({ length: 24 }, (_, i) => `Re-elected after a close count in district ${i}`);
    const cards = buildColumnCards([column('Name', 'text', names), column('Remarks', 'text', remarks)]);
    expect(byName(cards, 'Name').concept).toBe('dimension');
    expect(byName(cards, 'Remarks').concept).toBe('text');
  });

  it('weights a margin by the revenue column and reads the currency from the name', () => {
    const cards = buildColumnCards([
      column('Branch', 'text', ['Oslo', 'Oslo', 'Bergen']),
      column('Month', 'date', ['2025-01-01', '2025-02-01', '2025-01-01']),
      column('Net Revenue [EUR]', 'decimal', [1.5, 2.5, 3.5]),
      column('Gross Margin [%]', 'decimal', [44.2, 41.5, 39.2]),
      column('Orders', 'integer', [3, 4, 5]),
    ]);
    expect(cards.map((card) => card.sqlName)).toEqual(['branch', 'month', 'net_revenue_eur', 'gross_margin_pct', 'orders']);
    expect(byName(cards, 'Branch')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(cards, 'Month')).toMatchObject({ concept: 'date', aggregation: 'none' });
    expect(byName(cards, 'Net Revenue [EUR]')).toMatchObject({ concept: 'measure', unit: 'currency', currency: 'EUR', aggregation: 'sum' });
    expect(byName(cards, 'Gross Margin [%]')).toMatchObject({ unit: 'percent', aggregation: 'weighted_avg', weightBy: 'net_revenue_eur' });
    expect(byName(cards, 'Orders')).toMatchObject({ unit: 'count', aggregation: 'sum' });
  });

  it('weights a score by the response count, in German', () => {
    const cards = buildColumnCards([
      column('Standort', 'text', ['Zürich', 'Genève']),
      column('Monat', 'date', ['2025-01-01', '2025-02-01']),
      column('CSAT', 'decimal', [3.83, 3.87]),
      column('Antworten', 'integer', [800, 533]),
    ]);
    expect(byName(cards, 'CSAT')).toMatchObject({ unit: 'score', aggregation: 'weighted_avg', weightBy: 'antworten' });
    expect(byName(cards, 'Antworten')).toMatchObject({ unit: 'count', aggregation: 'sum' });
  });

  it('averages a per-entry rating and keeps identifiers out of sums', () => {
    const cards = buildColumnCards([
      column('order_id', 'text', ['000120', '000121']),
      column('Audit ID', 'text', ['EM-0217', 'EM-0218']),
      column('zip_code', 'text', ['05982', '69672']),
      column('Code', 'text', ['AMS', 'RTM']),
      column('Rating', 'integer', [5, 3]),
      column('amount', 'decimal', [59.8, 214.5], { typed: { type: 'decimal', values: [59.8, 214.5], invalidCount: 0, currency: 'USD' } }),
      column('Comment', 'text', ['Fast delivery, thanks', 'Nothing special']),
    ]);
    for (const name of ['order_id', 'Audit ID', 'zip_code', 'Code']) expect(byName(cards, name)).toMatchObject({ concept: 'identifier', aggregation: 'none' });
    expect(byName(cards, 'Rating')).toMatchObject({ concept: 'measure', aggregation: 'avg' });
    expect(byName(cards, 'amount')).toMatchObject({ unit: 'currency', currency: 'USD', aggregation: 'sum' });
    expect(byName(cards, 'Comment').concept).toBe('text');
  });

  it('reads "Numer of …" (a misspelt "number of") as a count, while a Polish "Numer" alone stays a code', () => {
    const cards = buildColumnCards([
      column('Numer of Jamaicans granted British citizenship', 'integer', [732, 1370]),
      column('Numer', 'integer', [101, 102]),
    ]);
    expect(byName(cards, 'Numer of Jamaicans granted British citizenship')).toMatchObject({ concept: 'measure', aggregation: 'sum' });
    expect(byName(cards, 'Numer')).toMatchObject({ concept: 'identifier', aggregation: 'none' });
  });

  it('reads the year something ended ("Defunct", "Closed") as a label like "Founded", and counts named so as amounts', () => {
    const cards = buildColumnCards([
      column('Founded', 'integer', [1989, 1991]),
      column('Defunct', 'integer', [1996, 2001]),
      column('Closed', 'integer', [3, 5]),
    ]);
    expect(byName(cards, 'Defunct')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(cards, 'Closed')).toMatchObject({ concept: 'measure', aggregation: 'sum' }); // not years: a count of closures
  });

  it('keeps a rate with no base column unweighted and years as labels', () => {
    const cards = buildColumnCards([
      column('Year', 'integer', [2023, 2024]),
      column('Share %', 'percent', [0.1, 0.2]),
      column('Headcount', 'integer', [10, 12]),
    ]);
    expect(byName(cards, 'Year')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(cards, 'Share %')).toMatchObject({ unit: 'percent', aggregation: 'none' });
  });

  it('reads positions and ranks, singular or plural, as places, never amounts ("Chart Positions US")', () => {
    const cards = buildColumnCards([column('Single', 'text', ['Clap', 'Say Yes']), column('Chart Positions US', 'integer', [38, 12]), column('Rankings', 'integer', [1, 2])]);
    expect(byName(cards, 'Chart Positions US')).toMatchObject({ concept: 'dimension' });
    expect(byName(cards, 'Rankings')).toMatchObject({ concept: 'dimension' });
    expect(byName(cards, 'Chart Positions US').aggregation).not.toBe('sum');
  });

  it('reads qualifiers, periods and the currency of the notes', () => {
    const months = ['Jan', 'Feb', 'Mar'].map((name) => column(name, 'integer', [1, 2]));
    const cards = buildColumnCards(
      [column('Line Item', 'text', ['Product A', 'Product B']), ...months, column('FY 2024', 'integer', [3, 6], { isAggregateColumn: true }), column('Spend Budget', 'decimal', [1, 2]), column('Reach Achieved', 'integer', [1, 2])],
      { title: 'Northwind – P&L', notes: ['All figures in EUR'] },
    );
    expect(byName(cards, 'Jan')).toMatchObject({ period: 'Jan', unit: 'currency', currency: 'EUR', aggregation: 'sum' });
    expect(byName(cards, 'FY 2024')).toMatchObject({ period: 'FY 2024', isAggregateColumn: true });
    expect(byName(cards, 'Spend Budget')).toMatchObject({ qualifier: 'budget', unit: 'currency' });
    expect(byName(cards, 'Reach Achieved')).toMatchObject({ qualifier: 'achieved', unit: 'count' });
    expect(byName(cards, 'Line Item').period).toBeUndefined();
  });

  it('makes duplicate sql names unique and keeps derived columns', () => {
    const cards = buildColumnCards([
      column('Amount', 'decimal', [1]),
      column('Amount 2', 'decimal', [2]),
      column('amount', 'decimal', [3]),
      column('Section', 'text', ['Revenue'], { sourceColumn: -1, derived: 'section' }),
    ]);
    expect(cards.map((card) => card.sqlName)).toEqual(['amount', 'amount_2', 'amount_3', 'section']);
    expect(cards[3]).toMatchObject({ derived: 'section', concept: 'dimension', aggregation: 'none' });
  });
});

describe('buildColumnCards on ratios and ranks', () => {
  it('does not sum a density or a rank', () => {
    const cards = buildColumnCards([
      column('District', 'text', ['A', 'B']),
      column('Pop./km² 2008', 'decimal', [46.8, 4.2]),
      column('Rank', 'integer', [1, 2]),
      column('Revenue/Umsatz', 'decimal', [1, 2]),
      column('Finish', 'integer', [11, 3]),
      column('Finish Time', 'decimal', [61.2, 59.8]),
      column('Finished', 'integer', [3, 6]),
      column('Deaths (age <15)', 'integer', [14, 16]),
      column('Age (years)', 'integer', [31, 40]),
    ]);
    // an age in parentheses says whose deaths are counted: they add up; an age column does not
    expect(byName(cards, 'Deaths (age <15)').aggregation).toBe('sum');
    expect(byName(cards, 'Age (years)').aggregation).toBe('avg');
    expect(byName(cards, 'Finished')).toMatchObject({ concept: 'measure', aggregation: 'sum' });
    expect(byName(cards, 'Finish')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(cards, 'Finish Time').concept).toBe('measure');
    expect(byName(cards, 'Pop./km² 2008').aggregation).toBe('avg');
    // … and beside an area, it averages over the area (total population over total area), never over a count of
    // something else (No. of Barangays)
    const towns = buildColumnCards([column('No. of Barangays', 'integer', [5, 40]), column('Area (km²)', 'decimal', [18.6, 312.7]), column('Pop. density (per km²)', 'decimal', [383.9, 7447.3])]);
    expect(byName(towns, 'Pop. density (per km²)')).toMatchObject({ aggregation: 'weighted_avg', weightBy: 'area_km2' });
    // … the land area of two, never the water area; a speed is never weighted by laps
    const counties = buildColumnCards([column('Water area (km²)', 'decimal', [1.2, 40]), column('Land area (km²)', 'decimal', [300, 900]), column('Density (/km²)', 'decimal', [20, 80])]);
    expect(byName(counties, 'Density (/km²)')).toMatchObject({ aggregation: 'weighted_avg', weightBy: 'land_area_km2' });
    const races = buildColumnCards([column('Laps', 'integer', [200, 251]), column('Average Speed (mph)', 'decimal', [130.5, 150.2])]);
    expect(byName(races, 'Average Speed (mph)').weightBy).toBeUndefined();
    expect(byName(cards, 'Rank')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(cards, 'Revenue/Umsatz').aggregation).toBe('sum');
  });
});

describe('buildColumnCards on shares and years of events', () => {
  it('weights no share by the count it is a share of', () => {
    const cards = buildColumnCards([
      column('Election year', 'integer', [1965, 1969]),
      column('# of party list votes', 'integer', [664193, 1422010]),
      column('% of party list votes', 'decimal', [2.0, 4.3]),
      column('Seats', 'integer', [3, 5]),
      column('Turnout %', 'decimal', [71.2, 68.0]),
    ]);
    // the count is the share's part; the whole (every vote cast) is not in the table
    expect(byName(cards, '% of party list votes')).toMatchObject({ unit: 'percent', aggregation: 'none' });
    expect(byName(cards, '% of party list votes').weightBy).toBeUndefined();
    // a rate with no such part beside it keeps its base count
    expect(byName(cards, 'Turnout %').aggregation).toBe('weighted_avg');
    // … and a share of a whole the table does not hold ("% of State Population") is weighted by no count in it
    const districts = buildColumnCards([column('Population', 'integer', [8131849, 1020216]), column('% of State Population', 'decimal', [8.4, 1.05])]);
    expect(byName(districts, '% of State Population').weightBy).toBeUndefined();
  });

  it('reads a column named for an event whose values are years before 1900 as years', () => {
    const cards = buildColumnCards([column('Established', 'integer', [1846, 1882, 1908]), column('Election', 'integer', [1958, 1962, 1966]), column('Height (m)', 'integer', [1846, 1882, 1908])]);
    expect(byName(cards, 'Established')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(cards, 'Election')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(cards, 'Height (m)').concept).toBe('measure');
    // a "#" numbering the rows 1 … n is their number, never a count to add up (a "#" of responses is one)
    expect(byName(buildColumnCards([column('#', 'integer', [1, 2, 3, 4, null])]), '#').concept).toBe('identifier');
    expect(byName(buildColumnCards([column('#', 'integer', [12, 40, 7])]), '#').concept).toBe('measure');
    expect(byName(buildColumnCards([column('Column 1', 'integer', [1, 2, 3, 4, 5])]), 'Column 1').concept).toBe('identifier');
    expect(byName(buildColumnCards([column('Column 1', 'integer', [12, 40, 7])]), 'Column 1').concept).toBe('measure');
    // a year a thing left service is a label too (two locomotives named alike are two years, never their sum)
    expect(byName(buildColumnCards([column('Withdrawn', 'integer', [1927, 1907, 1930])]), 'Withdrawn')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    // … and so are the years a term of office began and ended ("Took Office", "Left Office"); a count left stays a count
    expect(byName(buildColumnCards([column('Took Office', 'integer', [1949, 1957, 1967])]), 'Took Office')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(buildColumnCards([column('Left Office', 'integer', [1949, 1965, 1968])]), 'Left Office')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
    expect(byName(buildColumnCards([column('Seats left', 'integer', [3, 12, 40])]), 'Seats left').concept).toBe('measure');
    // … while amounts that happen to fall among years stay amounts ("Units left", "Office visits", "Customers served")
    for (const name of ['Units left', 'Office visits', 'Customers served']) expect(byName(buildColumnCards([column(name, 'integer', [1540, 1820, 2040])]), name).concept).toBe('measure');
    // a Season of calendar years is a label too, never added up
    expect(byName(buildColumnCards([column('Season', 'integer', [1905, 1906, 1907])]), 'Season')).toMatchObject({ concept: 'dimension', aggregation: 'none' });
  });
});

describe('buildColumnCards under a pivot caption', () => {
  it('reads the numbers of a "Count of" pivot as counts', () => {
    const cards = buildColumnCards([column('Row Labels', 'text', ['Critical']), column('AMER', 'integer', [39]), column('Grand Total', 'integer', [99], { isAggregateColumn: true })], { title: 'Count of Audit ID' });
    expect(cards.slice(1).map((card) => card.unit)).toEqual(['count', 'count']);
  });

  it('weights a stated average by the count it is an average of, never sums it', () => {
    const salary = buildColumnCards([column('Team', 'text', ['X', 'Y']), column('Employees', 'integer', [100, 2]), column('Avg salary', 'integer', [40000, 200000])]);
    expect(byName(salary, 'Avg salary')).toMatchObject({ unit: 'currency', aggregation: 'weighted_avg', weightBy: 'employees' });
    const aov = buildColumnCards([column('Store', 'text', ['A', 'B']), column('Orders', 'integer', [1000, 10]), column('Avg order value', 'integer', [20, 500])]);
    expect(byName(aov, 'Avg order value')).toMatchObject({ unit: 'currency', aggregation: 'weighted_avg', weightBy: 'orders' });
    const aht = buildColumnCards([column('Agent', 'text', ['Ann', 'Bob']), column('Calls', 'integer', [500, 20]), column('Avg handle time (min)', 'integer', [4, 30])]);
    expect(byName(aht, 'Avg handle time (min)')).toMatchObject({ aggregation: 'weighted_avg', weightBy: 'calls' });
    const alone = buildColumnCards([column('Team', 'text', ['X', 'Y']), column('Mean wait', 'decimal', [1.5, 2])]);
    expect(byName(alone, 'Mean wait').aggregation).not.toBe('sum');
  });

  it('reads a pivot\'s "Average of Price" beside "Sum of" columns as averages to decline, not to average again', () => {
    const pivot = buildColumnCards([column('Act Date', 'date', ['2001-07-01', '2001-07-02']), column('Sum of Gross MW', 'integer', [-852, -721]), column('Average of Price', 'decimal', [1.43, 3.21])]);
    expect(byName(pivot, 'Average of Price')).toMatchObject({ aggregation: 'none', qualifier: 'stated_average' });
    const counted = buildColumnCards([column('Act Date', 'date', ['2001-07-01', '2001-07-02']), column('Count of Deal', 'integer', [12, 30]), column('Average of Price', 'decimal', [1.43, 3.21])]);
    expect(byName(counted, 'Average of Price')).toMatchObject({ aggregation: 'weighted_avg', weightBy: 'count_of_deal' });
  });

  it('weights a rate by its base count, else leaves it unaggregated', () => {
    const occupancy = buildColumnCards([column('Hotel', 'text', ['H1', 'H2']), column('Rooms', 'integer', [300, 10]), column('Occupancy', 'decimal', [0.9, 0.2])]);
    expect(byName(occupancy, 'Occupancy')).toMatchObject({ unit: 'percent', aggregation: 'weighted_avg', weightBy: 'rooms' });
    const alone = buildColumnCards([column('Hotel', 'text', ['H1', 'H2']), column('Utilisation', 'decimal', [0.9, 0.2])]);
    expect(byName(alone, 'Utilisation').aggregation).toBe('none');
  });

  it('marks point-in-time measures as snapshots', () => {
    const cards = buildColumnCards([
      column('Month', 'date', ['2024-01-01', '2024-02-01']),
      column('Department', 'text', ['Sales', 'Sales']),
      column('Headcount', 'integer', [10, 12]),
      column('Employees', 'integer', [10, 12]),
      column('Stock on hand', 'integer', [5, 6]),
      column('Revenue', 'decimal', [1.5, 2]),
    ]);
    expect(byName(cards, 'Headcount')).toMatchObject({ qualifier: 'snapshot', aggregation: 'sum' });
    expect(byName(cards, 'Employees').qualifier).toBe('snapshot');
    expect(byName(cards, 'Stock on hand').qualifier).toBe('snapshot');
    expect(byName(cards, 'Revenue').qualifier).toBeUndefined();
    const undated = buildColumnCards([column('Team', 'text', ['X', 'Y']), column('Employees', 'integer', [100, 2]), column('Open tickets', 'integer', [3, 4])]);
    expect(byName(undated, 'Employees').qualifier).toBeUndefined();
    expect(byName(undated, 'Open tickets').qualifier).toBe('snapshot');
  });

  it('never aggregates a column in mixed currencies', () => {
    const cards = buildColumnCards([
      column('Client', 'text', ['Acme', 'Beta']),
      { name: 'Amount', sourceColumn: 1, typed: { type: 'decimal', values: [100, 200], invalidCount: 0, unit: 'mixed_currency', currency: 'mixed' } },
    ]);
    expect(byName(cards, 'Amount')).toMatchObject({ concept: 'measure', unit: 'mixed_currency', currency: 'mixed', aggregation: 'none' });
  });

  // Break-it finding: "What is the total cost?" added up the codes of a "Cost Center" column (100, 101 …).
  it('reads the numbers of a cost center or profit centre as labels, not as the cost', () => {
    const cards = buildColumnCards([
      column('Department', 'text', ['Gas', 'Power', 'IT']),
      column('Cost Center', 'integer', [100, 101, 201]),
      column('Profit Centre', 'integer', [7, 8, 9]),
      column('Cost', 'integer', [120, 200, 80]),
      column('Cost Total', 'integer', [120, 200, 80]),
    ]);
    expect(byName(cards, 'Cost Center')).toMatchObject({ concept: 'identifier', aggregation: 'none' });
    expect(byName(cards, 'Profit Centre')).toMatchObject({ concept: 'identifier', aggregation: 'none' });
    expect(byName(cards, 'Cost')).toMatchObject({ concept: 'measure', aggregation: 'sum' });
    expect(byName(cards, 'Cost Total')).toMatchObject({ concept: 'measure', aggregation: 'sum' });
  });

  // Break-it finding: a "Born" column printed "Bob and Dee (1,975 each)" as if birth years were amounts.
  it('reads the years of an event named by its verb (Born, Founded) as labels, and a Born column of other numbers as a measure', () => {
    const cards = buildColumnCards([
      column('Name', 'text', ['Bob', 'Dee', 'Al']),
      column('Born', 'integer', [1975, 1975, 1980]),
      column('Founded', 'integer', [1901, 1950, 2001]),
      column('Built', 'integer', [3, 4, 5]),
    ]);
    expect(byName(cards, 'Born')).toMatchObject({ concept: 'dimension' });
    expect(byName(cards, 'Founded')).toMatchObject({ concept: 'dimension' });
    expect(byName(cards, 'Built')).toMatchObject({ concept: 'measure' });
  });
});
