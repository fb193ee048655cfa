import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';
import { derivationRoot } from './word-derivations.js';
import { stemWord } from './normalize-text.js';

/*
 * Question words of the family of a column's name ("accessible" and "Accessibility", "elected"
 * and "Election", "attended" and "Attendance"), resolved only when one column of the table has
 * a word of that family. Small invented tables.
 */

const stations: TableSpec = {
  sqlName: 'stations', file: 'stations.csv',
  columns: [{ name: 'Station', type: 'text' }, { name: 'Line', type: 'text' }, { name: 'Accessibility', type: 'text' }],
  rows: [['Ash', 'Red', 'Yes'], ['Birch', 'Red', 'No'], ['Cedar', 'Blue', 'Yes'], ['Dale', 'Blue', 'Yes']],
};
const stops: TableSpec = {
  sqlName: 'stops', file: 'stops.csv',
  columns: [{ name: 'Stop', type: 'text' }, { name: 'Wheelchair access', type: 'text' }],
  rows: [['Ash', 'Yes'], ['Birch', 'No'], ['Cedar', 'Yes']],
};
// two columns of the same family: "accessible" could be either
const twoFamilies: TableSpec = {
  sqlName: 'two_families', file: 'two_families.csv',
  columns: [{ name: 'Station', type: 'text' }, { name: 'Accessibility', type: 'text' }, { name: 'Access road', type: 'text' }],
  rows: [['Ash', 'Yes', 'No'], ['Birch', 'No', 'Yes']],
};
const matches: TableSpec = {
  sqlName: 'matches', file: 'matches.csv',
  columns: [{ name: 'Opponent', type: 'text' }, { name: 'Attendance', type: 'integer' }],
  rows: [['Bears', 40000], ['Lions', 52000], ['Rams', 61000]],
};

const { ask } = useTestTables([stations, stops, twoFamilies, matches]);

describe('derivationRoot', () => {
  it('takes one derivational suffix off a stem, keeping roots of five letters or more', () => {
    expect(derivationRoot(stemWord('accessible'))).toBe('access');
    expect(derivationRoot(stemWord('accessibility'))).toBe('access');
    expect(derivationRoot(stemWord('election'))).toBe('elect');
    expect(derivationRoot(stemWord('attendance'))).toBe('attend');
    expect(derivationRoot(stemWord('table'))).toBeUndefined();
    expect(derivationRoot(stemWord('station'))).toBeUndefined();
    expect(derivationRoot(stemWord('distance'))).toBeUndefined();
  });
});

describe('planQuestion: words of a column name\'s family', () => {
  // Before, "accessible" met no column ("Accessibility" stems to accessibiliti) and blocked the plan.
  it('reads "accessible" as the yes/no column Accessibility, and "wheelchair accessible" as Wheelchair access', async () => {
    expect((await ask(stations, 'how many stations are accessible?')).value).toBe(3);
    expect((await ask(stations, 'how many stations on the blue line are accessible?')).value).toBe(2);
    expect((await ask(stops, 'how many stops are wheelchair accessible?')).value).toBe(2);
    expect((await ask(stops, 'how many stops are wheelchair-accessible?')).value).toBe(2);
  });

  it('reads "attended" as the measure Attendance', async () => {
    expect((await ask(matches, 'how many people attended when the lions played?')).value).toBe(52000);
    expect((await ask(matches, 'how many people attended in total?')).value).toBe(40000 + 52000 + 61000);
  });

  it('declines when two columns have a word of the family, or a word before it is unknown', async () => {
    expect((await ask(twoFamilies, 'how many stations are accessible?')).plan.kind).toBe('declined');
    expect((await ask(stations, 'how many stations are handicap accessible?')).plan.kind).toBe('declined');
  });
});
