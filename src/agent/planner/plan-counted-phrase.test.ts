import { describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

// An actor's awards (WTQ 203-709 in small): no Film is "Friends", "Heroes", "Cheers" or "Dogs".
const awards: TableSpec = {
  sqlName: 'actor_awards', file: 'actor_awards.csv',
  columns: [
    { name: 'Year', type: 'integer', concept: 'dimension', aggregation: 'none' },
    { name: 'Result', type: 'text' },
    { name: 'Award', type: 'text' },
    { name: 'Film', type: 'text' },
  ],
  rows: [
    [1989, 'Won', 'Bronze Wrangler Theatrical Motion Picture', 'Young Guns'],
    [1999, 'Nominated', 'SAG Award Outstanding Performance by a Cast', 'Being John Malkovich'],
    [2001, 'Nominated', 'ALMA Award Outstanding Actor in a Television Series', 'Spin City'],
    [2002, 'Won', 'Golden Globe Award Best Performance by an Actor', 'Spin City'],
    [2005, 'Nominated', 'Emmy Award for Outstanding Lead Actor', 'Two and a Half Men'],
    [2012, 'Won', 'WWE Slammy Award Top Social Media Ambassador', 'WWE Raw'],
  ],
};
// A staff list (Enron "Trader_List" in small): the counted noun "traders" is also the Title "Trader".
const traders: TableSpec = {
  sqlName: 'trader_list', file: 'Trader_List.xlsx', sheet: 'Sheet1',
  columns: [{ name: 'Full Name', type: 'text' }, { name: 'Title', type: 'text' }],
  rows: [['Andy Lewis', 'Trader'], ['Andy Ring', 'Trader'], ['Bill Berkeland', 'Trader/VP'], ['Brad McKay', 'Trader'], ['Carey Metz', 'Trader/VP'], ['Chris Germany', 'Trader']],
};
// Match results: "wins and losses" names two values of one column, both kept.
const matches: TableSpec = {
  sqlName: 'matches', file: 'matches.csv',
  columns: [{ name: 'Opponent', type: 'text' }, { name: 'Result', type: 'text' }],
  rows: [['Ajax', 'Win'], ['Benfica', 'Loss'], ['Celtic', 'Win'], ['Dynamo', 'Draw'], ['Everton', 'Loss'], ['Fulham', 'Win']],
};

// A swim final (WTQ 204-203 in small): Time is a duration, Sales an amount.
const swimmers: TableSpec = {
  sqlName: 'swim_final', file: 'swim_final.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Nationality', type: 'text' }, { name: 'Time', type: 'decimal', unit: 'seconds' }],
  rows: [['Joanne Malar', 'Canada', 283.64], ['Alison Fealey', 'United States', 288.31], ['Jenny Kurth', 'United States', 297.24]],
};
const stores: TableSpec = {
  sqlName: 'stores', file: 'stores.csv',
  columns: [{ name: 'Store', type: 'text' }, { name: 'Region', type: 'text' }, { name: 'Sales', type: 'integer' }],
  rows: [['Uptown', 'North', 120], ['Midtown', 'North', 80], ['Harbor', 'South', 50]],
};

// Elements (WTQ 203-599 in small): Description is named as free text, but its cells are labels that repeat.
const elementRows: [string, string][] = [
  ['Helium', 'Noble gas'], ['Neon', 'Noble gas'], ['Argon', 'Noble gas'], ['Fluorine', 'Halogen'], ['Chlorine', 'Halogen'], ['Bromine', 'Halogen'],
  ['Lithium', 'Alkali metal'], ['Sodium', 'Alkali metal'], ['Potassium', 'Alkali metal'],
];
const elements: TableSpec = {
  sqlName: 'elements', file: 'elements.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Description', type: 'text', concept: 'text' }],
  rows: elementRows,
};
// The same names with notes that do not repeat: a label among them is no category to look values up in.
const elementNotes: TableSpec = {
  sqlName: 'element_notes', file: 'element_notes.csv',
  columns: [{ name: 'Name', type: 'text' }, { name: 'Notes', type: 'text', concept: 'text' }],
  rows: elementRows.map(([name], k) => [name, k === 3 ? 'Halogen' : `Discovered by chemist number ${k}`]),
};

// Leagues and their crowds (WTQ 203-199 in small): "spectators" are counted by Total spectatorship.
const leagues: TableSpec = {
  sqlName: 'leagues', file: 'leagues.csv',
  columns: [{ name: 'Competition', type: 'text' }, { name: 'Total spectatorship', type: 'integer' }],
  rows: [['A-League', 1772133], ['Big Bash League', 550262], ['National Rugby League', 3345248], ['Super Netball', 400000]],
};

// A Grand Prix (WTQ 203-479 in small): one driver a row, so each row is one car; a fleet counts its cars in Quantity.
const grandPrix: TableSpec = {
  sqlName: 'grand_prix', file: 'grand_prix.csv',
  columns: [{ name: 'Driver', type: 'text' }, { name: 'Constructor', type: 'text' }, { name: 'Laps', type: 'integer' }],
  rows: [['Jack Brabham', 'Brabham-Repco', 48], ['Mike Parkes', 'Ferrari', 48], ['Jochen Rindt', 'Cooper-Maserati', 46], ['John Surtees', 'Cooper-Maserati', 45]],
};
const fleet: TableSpec = {
  sqlName: 'fleet', file: 'fleet.csv',
  columns: [{ name: 'Model', type: 'text' }, { name: 'Maker', type: 'text' }, { name: 'In service', type: 'integer' }],
  rows: [['Corolla', 'Toyota', 40], ['Yaris', 'Toyota', 12], ['Focus', 'Ford', 9]],
};

// Stations and their parking, written "951 Spaces" or "None" (WTQ 204-289 in small).
const stations: TableSpec = {
  sqlName: 'stations', file: 'stations.csv',
  columns: [{ name: 'Stations', type: 'text' }, { name: 'Parking', type: 'text' }],
  rows: [['North Hollywood', '951 Spaces'], ['Universal City', 'None'], ['Sierra Madre Villa', '1,205 Spaces'], ['Lake', '270 Spaces'], ['Allen', '522 Spaces']],
};

// Conferences' tournament records (WTQ 203-605 in small), and games with each side's conference.
const conferences: TableSpec = {
  sqlName: 'conferences', file: 'conferences.csv',
  columns: [{ name: 'Conference', type: 'text' }, { name: 'Elite Eight', type: 'integer' }, { name: 'Final Four', type: 'integer' }],
  rows: [['Big Ten', 3, 1], ['ACC', 4, 2], ['SEC', 2, 0]],
};
const games: TableSpec = {
  sqlName: 'games', file: 'games.csv',
  columns: [{ name: 'Team', type: 'text' }, { name: 'Conference', type: 'text' }, { name: 'Opponent', type: 'text' }],
  rows: [['Ohio State', 'Big Ten', 'Duke'], ['Ohio State', 'Big Ten', 'Kansas'], ['Purdue', 'Big Ten', 'Duke'], ['Duke', 'ACC', 'Purdue']],
};

const { ask } = useTestTables([awards, traders, matches, swimmers, stores, elements, leagues, grandPrix, stations, conferences]);

function plan(question: string, spec: TableSpec) {
  return planQuestion(question, [catalogTable(spec)]);
}

describe('rowEntityNoun', () => {
  it('never takes a word after "for" that matches no column or value as the name of the rows (it would count the whole table)', () => {
    for (const question of [
      'how many awards for Friends?', 'how many awards for Heroes?', 'how many awards for Cheers?', 'how many awards for Dogs?',
      'how many results for Friends?', 'how many rows for Friends?', 'how many awards for Seinfeld?',
    ]) {
      const result = plan(question, awards);
      expect(result.kind, question).toBe('declined');
      const word = question.split(' ')[4].replace('?', '').toLowerCase();
      expect(result.kind === 'declined' && result.reason, question).toMatch(new RegExp(word));
    }
  });

  it('never takes the subject of a verb or a capitalised name as the name of the rows', () => {
    expect(plan('how many awards did Friends win?', awards).kind).toBe('declined');
    expect(plan('how many awards Friends got?', awards).kind).toBe('declined');
  });

  it('still filters on a value named after "for"', async () => {
    expect((await ask(awards, 'how many rows for Spin City?')).value).toBe(2);
    expect((await ask(awards, 'how many awards were won?')).value).toBe(3);
  });
});

describe('the total of a plural noun', () => {
  it('counts the rows the noun names, as "the number of" does; a race time is no amount it could mean', async () => {
    expect((await ask(swimmers, 'what is the total of athletes from the united states?')).value).toBe(2);
  });

  it('reads "total" right after the counted word, or "in total" closing the question, as a whole count', async () => {
    expect((await ask(swimmers, 'how many swimmers total are listed?')).value).toBe(3);
    expect((await ask(swimmers, 'how many swimmers are there in total?')).value).toBe(3);
  });

  it('declines where the table holds an amount the total could add up', () => {
    expect(plan('what is the total of shops in the north?', stores).kind).toBe('declined');
  });
});

describe('labels in a free-text column', () => {
  it('looks up the values of a Description whose short labels repeat, as a category', async () => {
    expect((await ask(elements, 'how many noble gases are there in total?')).value).toBe(3);
    expect((await ask(elements, 'how many halogens are there?')).value).toBe(3);
  });

  it('never counts every row for a noun a free-text cell holds as a label', () => {
    expect(plan('how many halogens are there?', elementNotes).kind).toBe('declined');
  });
});

describe('a column named by its agent noun and "-ship"', () => {
  it('counts the people the noun names ("spectators" over Total spectatorship)', async () => {
    expect((await ask(leagues, 'how many competitions had at least 1 million spectators?')).value).toBe(2);
    expect((await ask(leagues, 'how many spectators did the a-league have?')).value).toBe(1772133);
  });
});

describe('vehicles in a list of entries', () => {
  it('counts the rows as cars where a Driver column names one person a row', async () => {
    expect((await ask(grandPrix, 'how many cooper-maserati cars were in the race?')).value).toBe(2);
  });

  it('never counts a fleet\'s rows as its cars', () => {
    expect(plan('how many toyota cars are there?', fleet).kind).toBe('declined');
  });
});

describe('a condition on a number written in cells', () => {
  it('compares the number written before the noun ("at least 500 parking spaces" over "951 Spaces")', async () => {
    expect((await ask(stations, 'how many stations have at least 500 parking spaces?')).value).toBe(3);
    expect((await ask(stations, 'how many stations have more than 1000 spaces?')).value).toBe(1);
  });

  it('declines an upper bound where a cell holds no number ("None" may be no spaces at all)', () => {
    expect(plan('how many stations have fewer than 500 parking spaces?', stations).kind).toBe('declined');
  });
});

describe('members named after their group', () => {
  it('reads "Big Ten teams" as the Big Ten', async () => {
    expect((await ask(conferences, 'number of final four appearances by big ten teams?')).value).toBe(1);
  });

  it('never drops the noun counted ("how many Big Ten teams" over games counts teams, not games)', () => {
    const result = plan('how many big ten teams are there?', games);
    expect(result.kind === 'sql' ? result.sql : 'declined').not.toMatch(/count\(\*\)/);
  });
});

describe('countedNounValue', () => {
  it('never adds the counted noun as a second value of a column the question gives a value for', async () => {
    const result = await ask(traders, 'how many traders have the title Trader/VP?');
    expect(result.plan.kind === 'sql' && result.plan.sql).toMatch(/"title" = 'Trader\/VP'$/);
    expect(result.value).toBe(2);
    expect((await ask(traders, 'how many people have the title Trader/VP?')).value).toBe(2);
    expect((await ask(traders, 'how many traders are Trader/VP?')).value).toBe(2);
    expect((await ask(traders, 'how many traders have the title Trader?')).value).toBe(4);
  });

  it('keeps both values of a list joined by "and"/"or"', async () => {
    expect((await ask(matches, 'how many wins or losses?')).value).toBe(5);
    expect((await ask(matches, 'how many wins and losses were there?')).value).toBe(5);
  });
});
