import { describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Differences of WikiTableQuestions shapes over small invented tables: a measure repeated after
 * each candidate's column ("Brown | Votes | Nixon | Votes"), margins ("by what number of votes
 * did A lose to B"), and two positions of one rank column ("the 1st place time and the 8th").
 * Expected numbers are computed from the rows; the declines are where a guess would be wrong.
 */

const election: TableSpec = {
  sqlName: 'election', file: 'election.csv',
  columns: [
    { name: 'County', type: 'text' },
    { name: 'Brown', type: 'percent', aggregation: 'none' }, { name: 'Votes', type: 'integer' },
    { name: 'Nixon', type: 'percent', aggregation: 'none' }, { name: 'Votes 2', type: 'integer' },
    { name: 'Wyckoff', type: 'percent', aggregation: 'none' }, { name: 'Votes 3', type: 'integer' },
  ],
  rows: [
    ['Plumas', 0.6644, 3397, 0.3176, 1624, 0.018, 92],
    ['Sacramento', 0.6, 120000, 0.39, 76326, 0.01, 900],
    ['Trinity', 0.6458, 2201, 0.3369, 1148, 0.0173, 59],
  ],
};
// two score columns side by side: no candidate column before each, so "Score 2" has no owner
const rounds: TableSpec = {
  sqlName: 'rounds', file: 'rounds.csv',
  columns: [{ name: 'Player', type: 'text' }, { name: 'Score', type: 'integer' }, { name: 'Score 2', type: 'integer' }],
  rows: [['Ann Ames', 70, 68], ['Bo Berg', 72, 71]],
};
const heat: TableSpec = {
  sqlName: 'heat', file: 'heat.csv',
  columns: [{ name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Name', type: 'text' }, { name: 'Time', type: 'decimal' }],
  rows: [[1, 'Ann Ames', 38.77], [2, 'Bo Berg', 38.97], [3, 'Cy Cole', 40.37], [3, 'Di Dunn', 40.4], [5, 'Ed Eck', 43.12]],
};

const origins: TableSpec = {
  sqlName: 'origins', file: 'origins.csv',
  columns: [{ name: 'Naturalisations by origin', type: 'text' }, { name: '2009', type: 'integer' }, { name: '% Total 2009', type: 'decimal', unit: 'percent', aggregation: 'weighted_avg' }],
  rows: [['Maghreb', 56024, 41.2], ['Sub-Saharan Africa', 22214, 16.4], ['Asia', 10000, 7.4]],
};
// two stored percentages: which one the question means is not said
const shares: TableSpec = {
  sqlName: 'shares', file: 'shares.csv',
  columns: [{ name: 'Origin', type: 'text' }, { name: '% 2005', type: 'decimal', unit: 'percent' }, { name: '% 2009', type: 'decimal', unit: 'percent' }],
  rows: [['Maghreb', 40.1, 41.2], ['Asia', 8, 7.4]],
};
const medals: TableSpec = {
  sqlName: 'medals', file: 'medals.csv',
  columns: [
    { name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Nation', type: 'text' },
    { name: 'Gold', type: 'integer' }, { name: 'Silver', type: 'integer' }, { name: 'Bronze', type: 'integer' }, { name: 'Total', type: 'integer', isAggregateColumn: true },
  ],
  rows: [[1, 'China (CHN)', 14, 14, 13, 41], [2, 'India (IND)', 7, 6, 4, 17], [3, 'Japan (JPN)', 5, 5, 8, 18]],
};
// a table of metals, not medals: "metals" is its own word here
const alloys: TableSpec = {
  sqlName: 'alloys', file: 'alloys.csv',
  columns: [{ name: 'Alloy', type: 'text' }, { name: 'Metals', type: 'integer' }, { name: 'Total', type: 'integer' }],
  rows: [['Bronze', 2, 5], ['Brass', 2, 4]],
};

const standings: TableSpec = {
  sqlName: 'standings', file: 'standings.csv',
  columns: [
    { name: 'Pos', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Team', type: 'text' },
    { name: 'Played', type: 'integer' }, { name: 'Won', type: 'integer' }, { name: 'Lost', type: 'integer' }, { name: 'Points', type: 'integer' },
  ],
  rows: [[1, 'KR', 18, 11, 3, 37], [2, 'Fylkir', 18, 10, 3, 35], [3, 'Fram', 18, 4, 9, 17]],
};

const prizes: TableSpec = {
  sqlName: 'prizes', file: 'prizes.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Jockey', type: 'text' }, { name: 'Win $', type: 'integer', unit: 'currency' }],
  rows: [[2013, 'Ann Ames', 500000], [2012, 'Bo Berg', 180000], [2011, 'Ann Ames', 150000]],
};

const specs = [election, rounds, heat, origins, shares, medals, alloys, standings, prizes];
/** Plans over one table alone and runs the SQL; undefined value when the plan declines. */
const { ask, db } = useTestTables(specs);

describe('planQuestion: a measure repeated after each candidate column', () => {
  it("reads \"Nixon's votes\" as the Votes column right after Nixon", async () => {
    expect((await ask(election, "In Plumas, what was the difference between Brown and Nixon's votes?")).value).toBe(3397 - 1624);
    expect((await ask(election, 'How many votes did Nixon get in Trinity?')).value).toBe(1148);
    expect((await ask(election, 'How many votes did Wyckoff get in Sacramento?')).value).toBe(900);
  });

  it("reads a candidate's percentage of the votes from the percentage column the votes belong to", async () => {
    expect((await ask(election, 'What percentage of votes did Brown get in Plumas?')).value).toBeCloseTo(0.6644, 6);
  });

  it('reads "did <candidate> win" as a verb, never as the unit of the candidate column', async () => {
    // "how many counties did Brown win" (where Brown had the most votes) is not computed: declined, never all counties
    expect((await ask(election, 'How many counties did Brown win?')).value).toBeUndefined();
  });

  it('declines votes that no candidate owns (three Votes columns), never the first Votes column', async () => {
    expect((await ask(election, 'How many votes were cast in Plumas?')).value).toBeUndefined();
    const { plan } = await ask(election, 'What was the total number of votes in Plumas?');
    expect(plan.kind === 'declined' && plan.reason).toContain('say whose');
  });

  it('leaves repeated columns with no owner column before each as they were', async () => {
    // Score 2 follows Score, not a column of its own: "score" is the column named completely, never Score 2 through Player
    expect((await ask(rounds, "What was Bo Berg's score?")).value).toBe(72);
  });
});

describe('planQuestion: margins between two sides', () => {
  it('answers "by what number of votes did A lose to B" with the absolute difference', async () => {
    expect((await ask(election, 'By what number of votes did Nixon lose to Brown in the county of Sacramento?')).value).toBe(120000 - 76326);
    expect((await ask(election, 'By how many votes did Brown beat Nixon in Trinity?')).value).toBe(2201 - 1148);
  });

  it('declines a margin with one side only', async () => {
    expect((await ask(election, 'By how many votes did Brown win in Plumas?')).value).toBeUndefined();
  });
});

describe('planQuestion: the difference between two positions of one rank column', () => {
  it('subtracts the values of the two rows at those positions', async () => {
    expect((await ask(heat, 'What is the difference between the 1st place time and the 5th place time?')).value).toBeCloseTo(43.12 - 38.77, 6);
    expect((await ask(heat, 'What is the difference between the first place time and the second place time?')).value).toBeCloseTo(0.2, 6);
  });

  it('gives no value when a position holds two rows with different values (never their sum)', async () => {
    const { plan, value } = await ask(heat, 'What is the difference between the 1st place time and the 3rd place time?');
    expect(plan.kind).toBe('sql');
    expect(value).toBeNull();
  });
});

describe('planQuestion: a difference of the percentages a table stores', () => {
  it('subtracts the stored percentages of the two rows', async () => {
    expect((await ask(origins, 'How much higher of a percentage of naturalisations does Maghreb have than Sub-Saharan Africa?')).value).toBeCloseTo(24.8, 6);
  });

  it('declines when two columns store percentages', async () => {
    expect((await ask(shares, 'How much higher of a percentage does Maghreb have than Asia?')).value).toBeUndefined();
  });
});

describe('planQuestion: medals in a medal table are its Total column', () => {
  it('reads "medals" (and the common misspelling "metals") as Total', async () => {
    expect((await ask(medals, 'How many medals did China win?')).value).toBe(41);
    expect((await ask(medals, 'How many metals did China have more than India?')).value).toBe(24);
    expect((await ask(medals, 'How many more medals did Japan win than India?')).value).toBe(1);
  });

  it('reads the verb of the medals after a superlative or a condition ("won the most medals", "won at least 18 medals")', async () => {
    const top = planQuestion('Which nation won the most medals?', [catalogTable(medals)]);
    expect(top.kind).toBe('sql');
    if (top.kind === 'sql') expect((await db().query<Record<string, unknown>>(top.sql)).rows[0]).toMatchObject({ nation: 'China (CHN)' });
    expect((await ask(medals, 'How many nations won at least 18 medals?')).value).toBe(2);
    // "won medals" with no amount asked is not read as "won at least one": declined
    expect((await ask(medals, 'How many nations won medals?')).value).toBeUndefined();
  });

  it('keeps a named medal colour on its own column', async () => {
    expect((await ask(medals, 'How many gold medals did India win?')).value).toBe(7);
  });

  it('takes "metals" as written outside a medal table', async () => {
    expect((await ask(alloys, 'How many metals does Brass have?')).value).toBe(2);
  });
});

describe('planQuestion: "how many games did X win" over a standings table', () => {
  it('adds up the Won column of the team named, never counts its one row', async () => {
    expect((await ask(standings, 'How many games did Fylkir win?')).value).toBe(10);
    expect((await ask(standings, 'How many games did Fram lose?')).value).toBe(9);
    expect((await ask(standings, 'How many more games did KR win than Fram?')).value).toBe(7);
  });

  it('counts the rows when the column named is money, not a count ("how many races did X win" over "Win $")', async () => {
    expect((await ask(prizes, 'How many races did Ann Ames win?')).value).toBe(2);
  });

  it('still counts the rows (teams) for a condition on the column', async () => {
    expect((await ask(standings, 'How many teams won more than 5 games?')).value).toBe(2);
  });
});
