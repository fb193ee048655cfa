import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * Readings found on eval/wtq-extra in the sixth session: a year phrase over a column of year
 * spans, a total or average of the N largest values of a column, and "the 15 countries" over a
 * table of 15 rows. The tables are small and invented; the expected numbers come from their rows.
 */

// car models and the years each was built
const models: TableSpec = {
  sqlName: 'models', file: '203-264.csv',
  columns: [{ name: 'Model', type: 'text' }, { name: 'Fuel', type: 'text' }, { name: 'Years built', type: 'text' }, { name: 'Units', type: 'integer' }],
  rows: [['728i', 'Petrol', '1996–2001', 38947], ['730i', 'Petrol', '1994–1996', 20876], ['735i', 'Petrol', '1994–1997', 21481], ['740d', 'Diesel', '1998–2001', 3450], ['750i', 'Petrol', '1995–1997', 15759], ['760Li', 'Petrol', '2002–present', 900]],
};
const leagues: TableSpec = {
  sqlName: 'leagues', file: '203-199.csv',
  columns: [{ name: 'Competition', type: 'text' }, { name: 'Total spectatorship', type: 'integer' }, { name: 'Year', type: 'text' }],
  rows: [['A-League', 1_772_133, '2012/2013'], ['AFL', 6_931_085, '2013'], ['Big Bash', 550_262, '2011/2012'], ['NRL', 3_345_248, '2013'], ['Super Rugby', 773_940, '2013'], ['Shield', null, '2013']],
};
const medals: TableSpec = {
  sqlName: 'medals', file: '204-347.csv',
  columns: [{ name: 'Rank', type: 'integer', aggregation: 'none' }, { name: 'Nation', type: 'text' }, { name: 'Gold', type: 'integer' }, { name: 'Silver', type: 'integer' }],
  rows: [[1, 'China', 14, 14], [2, 'India', 7, 6], [3, 'Japan', 5, 4], [4, 'Iran', 2, 3]],
};

// a show's seasons, numbered 1 … 5, beside the TV season each aired in
const show: TableSpec = {
  sqlName: 'show', file: '203-867.csv',
  columns: [{ name: 'Season', type: 'integer' }, { name: 'Episodes', type: 'integer' }, { name: 'TV season', type: 'text' }],
  rows: [[1, 23, '2000–01'], [2, 22, '2001–02'], [3, 24, '2002–03'], [4, 23, '2003–04'], [5, 25, '2004–05']],
};

// a skier's places in the overall standings, season by season
const skier: TableSpec = {
  sqlName: 'skier', file: '203-170.csv',
  columns: [{ name: 'Season', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Overall', type: 'integer' }, { name: 'Downhill', type: 'integer' }],
  rows: [[2004, 112, 40], [2005, 37, 49], [2006, 22, null], [2009, 9, 12]],
};

// a league table: each team's games won, drawn and lost
const standings: TableSpec = {
  sqlName: 'standings', file: '203-53.csv',
  columns: [{ name: 'Pos', type: 'integer', aggregation: 'none' }, { name: 'Team', type: 'text' }, { name: 'Won', type: 'integer' }, { name: 'Draw', type: 'integer' }, { name: 'Lost', type: 'integer' }],
  rows: [[1, 'KR', 11, 4, 3], [2, 'Fylkir', 10, 5, 3], [3, 'Grindavik', 8, 6, 4]],
};

// an election by county: each candidate's share, then the votes behind it
const election: TableSpec = {
  sqlName: 'election', file: '203-520.csv',
  columns: [{ name: 'County', type: 'text' }, { name: 'Brown', type: 'percent' }, { name: 'Votes', type: 'integer' }, { name: 'Nixon', type: 'percent' }, { name: 'Votes 2', type: 'integer' }, { name: 'Wyckoff', type: 'percent' }, { name: 'Votes 3', type: 'integer' }],
  rows: [['Plumas', 0.66, 3397, 0.32, 1624, 0.02, 92], ['Trinity', 0.65, 2201, 0.34, 1148, 0.01, 59], ['Kern', 0.5, 40000, 0.45, 36000, 0.05, 4000], ['Napa', 0.48, 9000, 0.5, 9400, 0.02, 376]],
};

// a team's record by year under a folded two-row header (Team Record / W, L)
const record: TableSpec = {
  sqlName: 'record', file: '204-118.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Team Record W', type: 'integer' }, { name: 'Team Record L', type: 'integer' }, { name: 'Playoffs', type: 'text' }],
  rows: [[2001, 7, 2, '3rd Qualifier'], [2002, 8, 1, '2nd Qualifier'], [2003, 8, 1, '2nd Qualifier'], [2004, 5, 4, 'Did not qualify'], [2005, 3, 6, 'Did not qualify']],
};
// widths and lengths: a lone W is no win
const boards: TableSpec = {
  sqlName: 'boards', file: 'boards.csv',
  columns: [{ name: 'Board', type: 'text' }, { name: 'W', type: 'integer' }, { name: 'H', type: 'integer' }],
  rows: [['A', 10, 20], ['B', 12, 25]],
};

// a country's olympians: events written with a possessive
const olympians: TableSpec = {
  sqlName: 'olympians', file: '203-0.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Event', type: 'text' }, { name: 'Placing', type: 'integer', aggregation: 'none' }],
  rows: [['Shaul Ladani', "Men's 50 km walk", 19], ['Dan Alon', "Men's foil", 7], ['Yehuda Weissenstein', "Men's foil", 12], ['Esther Roth', "Women's 100 m hurdles", 6]],
};

// named roads and their lengths
const roads: TableSpec = {
  sqlName: 'roads', file: '203-100.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Length (mi)', type: 'decimal' }, { name: 'Location', type: 'text' }],
  rows: [['Alewife Brook Parkway', 2.05, 'Cambridge'], ['Massachusetts Turnpike', 138.1, 'Statewide'], ['Henry E. Bodurtha Highway', 5.0, 'Springfield']],
};

// locomotives named after people, one of them after a pair
const locomotives: TableSpec = {
  sqlName: 'locomotives', file: '203-658.csv',
  columns: [{ name: 'Locomotive', type: 'text' }, { name: 'Name', type: 'text' }],
  rows: [['9001', 'Ernest Henry'], ['9002', 'Michael Wendon'], ['9003', 'Todd Woodbridge/Mark Woodforde'], ['9004', null]],
};

// box office by country, beside a text column whose name starts with the same words
const boxOffice: TableSpec = {
  sqlName: 'box_office', file: '203-448.csv',
  columns: [{ name: 'Country', type: 'text' }, { name: 'Box Office', type: 'integer', unit: 'currency', currency: 'USD' }, { name: 'Box office from national films', type: 'text' }],
  rows: [['China', 3_600_000_000, '59%'], ['Japan', 1_880_000_000, '61%'], ['India', 1_400_000_000, '–'], ['Brazil', 720_000_000, '17%']],
};

// the break-it review's tables: seasons numbered 1 … 6 with a W column, head-to-head records, a list of goals, a team's games
const coached: TableSpec = {
  sqlName: 'coached', file: 'seasons3.csv',
  columns: [{ name: 'Season', type: 'integer' }, { name: 'Coach', type: 'text' }, { name: 'W', type: 'integer' }, { name: 'L', type: 'integer' }],
  rows: [[1, 'Smith', 3, 7], [2, 'Smith', 5, 5], [3, 'Jones', 7, 3], [4, 'Jones', 9, 1], [5, 'Brown', 4, 6], [6, 'Brown', 6, 4]],
};
const headToHead: TableSpec = {
  sqlName: 'head_to_head', file: 'h2h.csv',
  columns: [{ name: 'Opponent', type: 'text' }, { name: 'P', type: 'integer' }, { name: 'W', type: 'integer' }, { name: 'D', type: 'integer' }, { name: 'L', type: 'integer' }, { name: 'GF', type: 'integer' }, { name: 'GA', type: 'integer' }],
  rows: [['Leeds', 10, 6, 2, 2, 18, 9], ['York', 8, 3, 3, 2, 11, 10], ['Hull', 12, 4, 2, 6, 14, 19], ['Bath', 6, 5, 1, 0, 15, 3]],
};
const goalList: TableSpec = {
  sqlName: 'goal_list', file: 'goals.csv',
  columns: [{ name: 'Goal', type: 'integer' }, { name: 'Opponent', type: 'text' }, { name: 'Competition', type: 'text' }],
  rows: [[1, 'Chile', 'Friendly'], [2, 'Peru', 'Qualifier'], [3, 'Chile', 'Qualifier'], [4, 'Bolivia', 'Friendly'], [5, 'Peru', 'Cup']],
};
const gameLog: TableSpec = {
  sqlName: 'game_log', file: '203-48.csv',
  columns: [{ name: 'Week', type: 'integer' }, { name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [[1, 'New Orleans Saints', 'W 31–28', 60000], [2, 'Carolina Panthers', 'L 10–20', 66069], [3, 'at New Orleans Saints', 'W 34–21', 70000], [4, 'at Carolina Panthers', 'W 24–17', 72438]],
};

// the second review's tables: results written with notes, away games named with "at", seasons with a Finish, barges named "Unnamed"
const honours: TableSpec = {
  sqlName: 'honours', file: 'aw3.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Award', type: 'text' }, { name: 'Recipient', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [[2001, 'Grammy', 'Ann Lee', 'Won'], [2002, 'Grammy', 'Bob Ray', 'Nominated'], [2003, 'Grammy', 'Ann Lee', 'Nominated[2]'], [2004, 'MTV Award', 'Ann Lee', 'Won (shared)'], [2005, 'Brit Award', 'Ann Lee', 'Withdrawn'], [2006, 'Juno Award', 'Ann Lee', 'Won[3]']],
};
const schedule: TableSpec = {
  sqlName: 'schedule', file: 'sched2.csv',
  columns: [{ name: 'Week', type: 'integer' }, { name: 'Opponent', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [[1, 'at Philadelphia', 66000], [2, 'Tampa Bay', 65000], [3, 'at Dallas', 63000], [4, 'Philadelphia', 64000], [5, 'Dallas', 61000]],
};
const finishes: TableSpec = {
  sqlName: 'finishes', file: 'seas.csv',
  columns: [{ name: 'Season', type: 'integer' }, { name: 'Wins', type: 'integer' }, { name: 'Finish', type: 'text' }],
  rows: [[1, 5, '4th'], [2, 8, '2nd'], [3, 3, '6th'], [4, 9, '1st'], [5, 7, '3rd']],
};
const barges: TableSpec = {
  sqlName: 'barges', file: 'names.csv',
  columns: [{ name: 'Hull', type: 'text' }, { name: 'Name', type: 'text' }],
  rows: [['B1', 'Ceres'], ['B2', null], ['B3', 'Unnamed'], ['B4', 'Hera'], ['B5', null]],
};

const { ask } = useTestTables([models, leagues, medals, show, skier, standings, election, record, boards, olympians, roads, locomotives, boxOffice, coached, headToHead, goalList, gameLog, honours, schedule, finishes, barges]);

describe('planQuestion: a year phrase over a column of year spans', () => {
  it('counts the rows whose span overlaps the years asked', async () => {
    expect((await ask(models, 'how many models were built after 2000?')).value).toBe(3); // 1996–2001, 1998–2001, 2002–present
    expect((await ask(models, 'how many models were built in 1997?')).value).toBe(3); // 1996–2001, 1994–1997, 1995–1997
    expect((await ask(models, 'how many models were built before 1995?')).value).toBe(2);
    expect((await ask(models, 'how many petrol models were built between 1998 and 1999?')).value).toBe(1);
  });

  it('declines an amount over overlapping spans: a row\'s units cover its whole span, not the years asked', async () => {
    expect((await ask(models, 'how many units were built in 1997?')).plan.kind).toBe('declined');
    expect((await ask(models, 'what is the average units of models built after 2000?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: a total or average of the N largest values of a column', () => {
  it('adds up the N largest (or smallest) values, ties not mattering', async () => {
    expect((await ask(leagues, 'what is the total of the 3 highest total spectatorships?')).value).toBe(6_931_085 + 3_345_248 + 1_772_133);
    expect((await ask(leagues, 'what is the sum of the two lowest total spectatorships?')).value).toBe(550_262 + 773_940);
    expect((await ask(leagues, 'what is the average of the top 2 total spectatorship?')).value).toBe((6_931_085 + 3_345_248) / 2);
  });

  it('declines when fewer values are filled than asked, and leaves "which" questions alone', async () => {
    expect((await ask(leagues, 'what is the total of the 6 highest total spectatorships?')).plan.kind).toBe('declined');
    expect((await ask(leagues, 'which are the 3 highest total spectatorships?')).value ?? null).toBeNull();
  });
});

describe('planQuestion: "the N <rows>" naming every row of the table', () => {
  it('reads the number as all the rows when it is the table\'s row count', async () => {
    expect((await ask(medals, 'what is the average amount of gold medals earned by the 4 nations?')).value).toBe(7);
    expect((await ask(medals, 'how many silver medals did the 4 nations win?')).value).toBe(27);
  });

  it('declines another number, which names no rows it can tell', async () => {
    expect((await ask(medals, 'what is the average amount of gold medals earned by the 3 nations?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: a season named by its number', () => {
  it('reads "season 3" and "season three" over a Season column numbering the rows, never the TV season', async () => {
    expect((await ask(show, 'how many episodes did season 3 have?')).value).toBe(24);
    expect((await ask(show, 'how many episodes did season three have?')).value).toBe(24);
    expect((await ask(show, 'which season had the most episodes?')).value).toBe(5);
  });

  it('declines a season the table does not have', async () => {
    expect((await ask(show, 'how many episodes did season 9 have?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: "standing" after a column of places', () => {
  it('reads "her overall standing" as the Overall column', async () => {
    expect((await ask(skier, 'what was her overall standing in 2005?')).value).toBe(37);
    expect((await ask(skier, 'what was the difference between her overall standing in 2004 and 2009?')).value).toBe(103);
    expect((await ask(skier, 'what was her best overall standing?')).value).toBe(9);
  });

  it('declines a total of places', async () => {
    expect((await ask(skier, 'what was her total overall standing?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: "draws" over a Draw column of a league table', () => {
  it('adds up the tally (it counted the rows: 1 draw for KR, 3 in all)', async () => {
    expect((await ask(standings, 'how many draws did KR have?')).value).toBe(4);
    expect((await ask(standings, 'what is the total number of draws?')).value).toBe(15);
    expect((await ask(standings, 'what is the average number of draws?')).value).toBe(5);
  });

  it('still counts the teams', async () => {
    expect((await ask(standings, 'how many teams had more than 4 draws?')).value).toBe(2);
  });
});

describe('planQuestion: a condition on one candidate\'s own Votes column', () => {
  it('counts the rows where that candidate\'s votes pass the bound', async () => {
    expect((await ask(election, 'how many counties had at least 200 votes for wyckoff?')).value).toBe(2);
    expect((await ask(election, 'how many counties had more than 5000 votes for nixon?')).value).toBe(2);
  });

  it('declines votes of no one named', async () => {
    expect((await ask(election, 'how many counties had at least 200 votes?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: the W and L columns of a win–loss record', () => {
  it('reads wins and losses as W and L, a season as the row\'s year, and "had 5 wins" as a condition', async () => {
    expect((await ask(record, 'what is the total number of wins for 2001-2003?')).value).toBe(23);
    expect((await ask(record, 'how many losses did they have in 2005?')).value).toBe(6);
    expect((await ask(record, 'which season had more wins, 2004 or 2003?')).value).toBe(2003);
    expect((await ask(record, 'how many seasons did the team have 8 wins?')).value).toBe(2);
  });

  it('never reads a lone W as wins', async () => {
    expect((await ask(boards, 'how many wins did board A have?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: a value written with a possessive', () => {
  it('names "Men\'s foil" by "the men\'s foil"', async () => {
    expect((await ask(olympians, "how many people competed in the men's foil event?")).value).toBe(2);
    expect((await ask(olympians, "what place did shaul ladani take in the men's 50 km walk?")).value).toBe(19);
  });

  it('declines an event the table does not hold', async () => {
    expect((await ask(olympians, "how many people competed in the women's foil event?")).plan.kind).toBe('declined');
  });
});

describe('planQuestion: "how long is X" over a table with one column of lengths', () => {
  it('gives the length of the row named', async () => {
    expect((await ask(roads, 'how long is the massachusetts turnpike?')).value).toBe(138.1);
    expect((await ask(roads, 'how long is henry e. bodurtha highway?')).value).toBe(5);
  });

  it('declines "how tall" where no column holds heights', async () => {
    expect((await ask(roads, 'how tall is the massachusetts turnpike?')).plan.kind).toBe('declined');
  });
});

describe('planQuestion: a count of names where a cell names two people', () => {
  it('declines: the values are cells, and one cell holds two names', async () => {
    expect((await ask(locomotives, 'what is the total number of names listed in the table?')).plan.kind).toBe('declined');
  });

  it('still counts the rows that have a name', async () => {
    expect((await ask(locomotives, 'how many locomotives have names?')).value).toBe(3);
  });
});

describe('planQuestion: a column named whole beside one that starts with the same words', () => {
  it('reads "box office" as Box Office, and "at least 1500000000 in box office" as a condition on it', async () => {
    expect((await ask(boxOffice, 'what is the total box office?')).value).toBe(7_600_000_000);
    expect((await ask(boxOffice, 'how many countries had at least 1500000000 in box office?')).value).toBe(2);
  });
});

describe('planQuestion: findings of the break-it review', () => {
  it('reads "what season had 5 wins" as a condition on wins, never as season 5', async () => {
    expect((await ask(coached, 'what season had 5 wins?')).value).toBe(2);
    expect((await ask(coached, 'how many wins did season 5 have?')).value).toBe(4);
    expect((await ask(show, 'what season had 10 episodes?')).value ?? null).toBeNull();
  });

  it('never reads "against" as the GA column', async () => {
    const against = await ask(headToHead, 'how many games were played against Hull?');
    expect(against.value === 19).toBe(false);
    const scored = await ask(headToHead, 'how many goals did they score against York?');
    expect(scored.value === 10).toBe(false);
  });

  it('counts the goals of a list of goals numbered 1 … N, never adds up the numbering', async () => {
    expect((await ask(goalList, 'how many goals in total?')).value).toBe(5);
    expect((await ask(goalList, 'how many goals were there?')).value).toBe(5);
  });

  it('keeps away games written "at X" among the games against X', async () => {
    expect((await ask(gameLog, 'how many people attended games against the New Orleans Saints?')).value).toBe(130_000);
    expect((await ask(gameLog, 'what was the attendance of the game against the Carolina Panthers?')).value ?? null).toBeNull();
  });

  it('gives "the combined score" of one game only, never the total over two', async () => {
    expect((await ask(gameLog, 'what was the combined score against the Carolina Panthers?')).value ?? null).toBeNull();
    expect((await ask(gameLog, 'what was the combined score in week 1?')).value).toBe(59);
  });
});

describe('planQuestion: findings of the second break-it review', () => {
  it('counts wins and nominations written with a note ("Won (shared)", "Nominated[2]")', async () => {
    expect((await ask(honours, 'how many times did Ann Lee win?')).value).toBe(3);
    expect((await ask(honours, 'how many times was Ann Lee awarded?')).value).toBe(3);
    expect((await ask(honours, 'how many times was Ann Lee only nominated?')).value).toBe(1);
  });

  it('keeps "at Dallas" to the away game, and "against Dallas" to both', async () => {
    expect((await ask(schedule, 'what was the attendance at Dallas?')).value).toBe(63000);
    expect((await ask(schedule, 'how many times did they play at Philadelphia?')).value).toBe(1);
    expect((await ask(schedule, 'how many people attended games against Dallas?')).value).toBe(124000);
  });

  it('reads "the 3rd season" as season 3, never a 3rd-place finish', async () => {
    expect((await ask(finishes, 'how many wins in the 3rd season?')).value).toBe(3);
    // an ordinal that ends the question is a place (it threw: no word after it)
    expect((await ask(finishes, 'which season finished 3rd')).value).toBe(5);
  });

  it('does not count a cell saying "Unnamed" as a name', async () => {
    expect((await ask(barges, 'how many barges have names?')).value).toBe(2);
  });
});
