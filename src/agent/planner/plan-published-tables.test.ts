import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogTable } from '../../store/catalog-types.js';
import { planQuestion } from './plan-question.js';
import { catalogTable, createTestDatabase, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Shapes of questions people ask about published tables (league tables, medal tables, result
 * lists, election returns), each asked over its own table alone, as WikiTableQuestions does.
 * The tables are small and invented; the expected numbers are computed from their rows.
 */

const league: TableSpec = {
  sqlName: 'league', file: 'league.csv',
  columns: [
    { name: 'Pos', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Team', type: 'text' },
    { name: 'Won', type: 'integer' }, { name: 'Lost', type: 'integer' }, { name: 'Points', type: 'integer' },
  ],
  rows: [[1, 'Falcons', 11, 3, 37], [2, 'Herons', 10, 3, 35], [3, 'Otters', 8, 4, 30], [4, 'Badgers', 6, 8, 22]],
};
const tournaments: TableSpec = {
  sqlName: 'tournaments', file: 'tournaments.csv',
  columns: [{ name: 'Outcome', type: 'text' }, { name: 'Tournament', type: 'text' }, { name: 'Surface', type: 'text' }],
  rows: [
    ['Winner', 'Kremlin Cup, Russia', 'Hard'], ['Runner-up', 'Chennai Open, India', 'Hard'], ['Winner', 'St. Petersburg Open, Russia', 'Hard'],
    ['Winner', 'Rosmalen Open, Netherlands', 'Grass'], ['Runner-up', 'Kremlin Cup, Russia', 'Hard'],
  ],
};
const relay: TableSpec = {
  sqlName: 'relay', file: 'relay.csv',
  columns: [{ name: 'Lane', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Nation', type: 'text' }, { name: 'Time behind', type: 'decimal' }],
  rows: [[1, 'Canada', 0], [2, 'France', 0.5], [3, 'Greece', 1.2]],
};
const cars: TableSpec = {
  sqlName: 'cars', file: 'cars.csv',
  columns: [{ name: 'Model', type: 'text' }, { name: 'Fuel', type: 'text' }, { name: 'Produced', type: 'integer' }],
  rows: [['725tds', 'Diesel', 100], ['728i', 'Petrol', 200], ['730i', 'Petrol', 300], ['730d', 'Diesel', 50], ['740i', 'Petrol', 80]],
};
const returns: TableSpec = {
  sqlName: 'returns', file: 'returns.csv',
  columns: [{ name: 'County', type: 'text' }, { name: 'Brown', type: 'integer' }, { name: 'Nixon', type: 'integer' }],
  rows: [['Alpine', 120, 90], ['Plumas', 2500, 4273], ['Sierra', 700, 650]],
};
const medals: TableSpec = {
  sqlName: 'medals', file: 'medals.csv',
  columns: [{ name: 'Nation', type: 'text' }, { name: 'Gold', type: 'integer' }, { name: 'Silver', type: 'integer' }, { name: 'Bronze', type: 'integer' }],
  rows: [['China', 30, 20, 10], ['India', 2, 3, 1], ['Japan', 12, 8, 9]],
};
const airport: TableSpec = {
  sqlName: 'airport', file: 'airport.csv',
  columns: [
    { name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Total passengers', type: 'integer' },
    { name: 'Passenger Change', type: 'percent', aggregation: 'none', unit: 'percent' },
  ],
  rows: [[2004, 900, 0.1], [2005, 1200, 0.33], [2006, 1500, 0.25], [2007, 1400, -0.07], [2008, 1900, 0.36]],
};
const cities: TableSpec = {
  sqlName: 'cities', file: 'cities.csv',
  columns: [{ name: 'City', type: 'text' }, { name: 'Size', type: 'text' }, { name: 'Population', type: 'integer' }],
  rows: [['Aarberg', 'big', 90000], ['Belmont', 'big', 120000], ['Cressy', 'small', 300000], ['Dunmore', 'small', 4000]],
};
const chart: TableSpec = {
  sqlName: 'chart', file: 'chart.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Song', type: 'text' }, { name: 'Album', type: 'text' }, { name: 'Peak', type: 'integer', aggregation: 'none' }],
  rows: [[1990, 'Gentle', 'Swingin', 3], [1990, 'Lately', 'Swingin', 12], [1991, 'Easy', 'Tides', 7], [1992, 'Wave', 'Tides', 40]],
};

const matches: TableSpec = {
  sqlName: 'matches', file: 'matches.csv',
  columns: [{ name: 'Date', type: 'date' }, { name: 'Opponents', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [['1920-08-28', 'Brentford', 9000], ['1920-09-01', 'Exeter City', 12000], ['1920-09-04', 'Brentford', 15000], ['1920-09-09', 'Gillingham', 10000]],
};
const jumps: TableSpec = {
  sqlName: 'jumps', file: 'jumps.csv',
  columns: [{ name: 'Rank', type: 'text' }, { name: 'Athlete', type: 'text' }, { name: 'Result', type: 'decimal', aggregation: 'none' }],
  rows: [['1.', 'Ann Berg', 2.27], ['1.', 'Bo Lind', 2.27], ['3.', 'Cy Moor', 2.24]],
};

const films: TableSpec = {
  sqlName: 'films', file: 'films.csv',
  columns: [{ name: 'Weekend', type: 'integer', aggregation: 'none', concept: 'identifier' }, { name: 'Film', type: 'text' }],
  rows: [[1, 'Antz'], [2, 'Antz'], [3, 'Godzilla'], [4, 'Armageddon']],
};
const districts: TableSpec = {
  sqlName: 'districts', file: 'districts.csv',
  columns: [{ name: 'District', type: 'text' }, { name: 'Area km2', type: 'decimal' }, { name: 'Area sq mi', type: 'decimal' }],
  rows: [['Alarm Forest', 5.4, 2.1], ['Blue Hill', 36.1, 13.9], ['Longwood', 33.4, 12.9]],
};
const honours: TableSpec = {
  sqlName: 'honours', file: 'honours.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'MVP', type: 'text' }, { name: 'Defensive Player of the Year', type: 'text' }],
  rows: [[2001, 'Gabriel Gervais', 'Gabriel Gervais'], [2002, 'Ann Roy', 'Gabriel Gervais'], [2003, 'Gabriel Gervais', 'Mauricio Vincello'], [2004, 'Ann Roy', 'Gabriel Gervais']],
};

const specs = [league, tournaments, relay, cars, returns, medals, airport, cities, chart, matches, jumps, films, districts, honours];
let db: PGlite;

beforeAll(async () => {
  db = await createTestDatabase(specs);
});
afterAll(async () => {
  await db.close();
});

/** Plans over one table alone and runs the SQL; undefined value when the plan declines. */
async function ask(spec: TableSpec, question: string, others: TableSpec[] = []) {
  const catalog: CatalogTable[] = [spec, ...others].map((s) => catalogTable(s));
  const plan = planQuestion(question, catalog);
  if (plan.kind !== "sql") return { plan, value: undefined, rows: [] as unknown[][] };
  const result = await db.query<Record<string, unknown>>(plan.sql);
  const columns = result.fields.map((f) => f.name);
  const rows = result.rows.map((row) => columns.map((c) => row[c]));
  const first = rows[0]?.[0];
  return { plan, rows, value: typeof first === 'string' && !Number.isFinite(Number(first)) ? first : first === null || first === undefined ? first : Number(first) };
}

describe('planQuestion: differences between two filtered aggregates', () => {
  it('subtracts the second value\'s measure from the first ("how many more … than …")', async () => {
    expect((await ask(league, 'Falcons had how many more points than Otters?')).value).toBe(37 - 30);
    expect((await ask(league, 'how many more wins did the herons have than the badgers?')).value).toBe(10 - 6);
  });

  it('subtracts the other way for "fewer … than"', async () => {
    expect((await ask(league, 'how many fewer points did Otters have than Falcons?')).value).toBe(37 - 30);
  });

  it('gives the absolute "difference between" two values', async () => {
    expect((await ask(league, 'what is the difference in points between Otters and Falcons?')).value).toBe(7);
    expect((await ask(relay, "what's the difference in time behind between greece and canada?")).value).toBeCloseTo(1.2, 9);
  });

  it('counts rows per side when the sides are values that repeat', async () => {
    const { value, plan } = await ask(cars, 'what is the difference in number of petrol models and the number of diesel models?');
    expect(value).toBe(3 - 2);
    expect(plan.kind === 'sql' && plan.explanation).toMatch(/number of rows where Fuel = 'Petrol' minus number of rows where Fuel = 'Diesel'/);
  });

  it('subtracts two measure columns over the row a value names', async () => {
    expect((await ask(returns, "in plumas, what was the difference between brown and nixon's votes?")).value).toBe(4273 - 2500);
  });

  it('declines a row-count difference when each side is one row (it would always be 0)', async () => {
    const { plan } = await ask(medals, 'how many metals did china have more than india?');
    expect(plan.kind).toBe('declined');
  });
});

describe('planQuestion: words that name the table\'s rows, events and parts of values', () => {
  it('matches a part of compound values ("Russia" of "Kremlin Cup, Russia") and ignores event verbs', async () => {
    const { value, plan } = await ask(tournaments, 'how many matches occurred in russia?');
    expect(value, plan.kind === 'sql' ? plan.sql : plan.reason).toBe(3);
    expect(plan.kind === 'sql' && plan.sql).toMatch(/IN \('Kremlin Cup, Russia', 'St\. Petersburg Open, Russia'\)/);
  });

  it('reads an unmapped plural count noun as the rows of the one table asked', async () => {
    expect((await ask(relay, 'how many teams competed in this race?')).value).toBe(3);
    expect((await ask(league, 'how many clubs lost more than 3 games?')).value).toBe(2);
  });

  it('keeps declining an unmapped count noun when another table could be meant, or when it is an amount', async () => {
    expect((await ask(relay, 'how many teams competed in the race?', [cars])).plan.kind).toBe('declined');
    expect((await ask(league, 'how many goals did the falcons score?')).plan.kind).toBe('declined');
  });

  it('reads an amount noun after a measure column as its unit ("gold medals")', async () => {
    expect((await ask(medals, 'what is the total number of gold medals awarded?')).value).toBe(44);
  });

  it('counts rows when the counted noun is another column than the one filtered ("songs from the album")', async () => {
    expect((await ask(chart, 'how many songs from the album swingin peaked in the chart?')).value).toBe(2);
  });

  it('answers "how many X" over a column that repeats its values only when rows and distinct values agree', async () => {
    const { plan, value } = await ask(tournaments, 'how many tournaments were won on grass?');
    expect(value).toBe(1);
    expect(plan.kind === 'sql' && plan.sql).toMatch(/CASE WHEN count\(DISTINCT "tournament"\)/);
    const hard = await ask(tournaments, 'how many tournaments had a hard surface?');
    expect(hard.value, hard.plan.kind === 'sql' ? hard.plan.sql : hard.plan.reason).toBeNull(); // 4 rows, 3 tournaments: no value
  });
});

describe('planQuestion: the words of published tables', () => {
  it('reads "movies" as the Film column and counts its different values', async () => {
    expect((await ask(films, 'how many different movies are on the list?')).value).toBe(3);
  });

  it('reads "square miles" as the "sq mi" column', async () => {
    expect((await ask(districts, 'what is the square miles difference between alarm forest and blue hill?')).value).toBeCloseTo(11.8, 9);
  });

  it('resolves a value of two columns by the column the question names, and "received by" as no grouping', async () => {
    const { value, plan } = await ask(honours, 'what is the difference in number of defensive player of the year awards received by gabriel gervais and mauricio vincello?');
    expect(value).toBe(3 - 1);
    expect(plan.kind === 'sql' && plan.sql).toMatch(/"defensive_player_of_the_year" = 'Gabriel Gervais'/);
    expect((await ask(honours, 'how many awards did gabriel gervais receive?')).plan.kind).toBe('declined'); // MVP or defensive player: not named
  });
});

describe('planQuestion: conditions written the way tables are described', () => {
  it('counts occurrences for "how many times", with the unit noun between the number and its column', async () => {
    expect((await ask(matches, 'how many times were there at least 10,000 fans in attendance?')).value).toBe(3);
  });

  it('reads "a total of 0 bronze medals" as a condition on the measure named after the number', async () => {
    expect((await ask(medals, 'what is the number of countries who have a total of 30 gold medals?')).value).toBe(1);
  });

  it('reads "the first four games" as the first rows in the sheet\'s order', async () => {
    const { value, plan } = await ask(matches, 'what was the average attendance of the first three games?');
    expect(value).toBe(12000);
    expect(plan.kind === 'sql' && plan.sql).toMatch(/ORDER BY "_sheet_row" ASC LIMIT 3/);
    expect((await ask(matches, 'what was the average attendance of the first three games against brentford?')).plan.kind).toBe('declined');
  });

  it('matches a rank written "1." when the question says 1', async () => {
    expect((await ask(jumps, 'how many athletes are ranked 1?')).value).toBe(2);
  });
});

describe('planQuestion: which X returns the label', () => {
  it('answers the label for "which X has the largest Y", not only the number', async () => {
    const { value, plan } = await ask(cities, 'Which big city has the largest population?');
    expect(value).toBe('Belmont');
    expect(plan.kind === 'sql' && plan.answerKind).toBe('top1');
  });

  it('reads the head noun before a superlative as the label asked ("the year with the most passengers")', async () => {
    const { value, plan } = await ask(airport, 'the year with the most passengers before 2007');
    expect(value).toBe(2006);
    expect(plan.kind === 'sql' && plan.sql).toMatch(/"year" < 2007/);
  });

  it('still answers the extreme value when no label is named', async () => {
    expect((await ask(airport, 'what were the most passengers since 2007?')).value).toBe(1900);
  });
});
