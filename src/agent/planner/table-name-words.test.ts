import { describe, expect, it } from 'vitest';
import { parseQuestion } from './parse-question.js';
import { planQuestion } from './plan-question.js';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

// Break-it review: words of a file name were read as the table's name and dropped a condition.
// A trader list whose file name carries a person's name that no row has.
const traders: TableSpec = {
  sqlName: 'deex_john_arnold_15199_trader_list_sheet1', file: 'deex_john_arnold_15199_Trader_List.xlsx', sheet: 'Sheet1',
  columns: [{ name: 'Full Name', type: 'text' }, { name: 'Title', type: 'text' }],
  rows: [['Mike Grigsby', 'Trader'], ['Phillip Allen', 'Trader'], ['Hunter Shively', 'Trader'], ['Sally Beck', 'Analyst']],
};
// Results of several riders in a file named after one of them (WTQ 204-272, renamed).
const riders: TableSpec = {
  sqlName: 'kenny_results', file: 'kenny_results.csv',
  columns: [{ name: 'Event', type: 'text' }, { name: 'Placing', type: 'integer', concept: 'dimension', aggregation: 'none' }, { name: 'Rider', type: 'text' }],
  rows: [['Sprint', 1, 'Victoria Pendleton'], ['Keirin', 2, 'Jason Kenny'], ['Sprint', 1, 'Jason Kenny'], ['Team sprint', 1, 'Ross Edgar'], ['Team sprint', 1, 'Jason Kenny'], ['Keirin', 1, 'Chris Hoy']],
};
// The same file with other riders only: Kenny is no row, so counting every first place would answer for someone else.
const others: TableSpec = { ...riders, sqlName: 'kenny_others', rows: riders.rows.filter((row) => row[2] !== 'Jason Kenny') };
// One rider's own record, with no column of who each row is: the file name says whose it is.
const record: TableSpec = {
  sqlName: 'kenny_record', file: 'kenny_record.csv',
  columns: [{ name: 'Event', type: 'text' }, { name: 'Placing', type: 'integer', concept: 'dimension', aggregation: 'none' }],
  rows: [['Sprint', 1], ['Keirin', 2], ['Team sprint', 1]],
};

const { ask } = useTestTables([traders, riders, others, record]);

function declined(question: string, spec: TableSpec): string {
  const plan = planQuestion(question, [catalogTable(spec)]);
  return plan.kind === 'declined' ? plan.reason : `planned ${JSON.stringify(plan).slice(0, 300)}`;
}

describe('nameWordCondition', () => {
  it('reads a file-name word after "named"/"called"/"whose name is" as the name looked for, never as the file', async () => {
    for (const question of ['how many people are named John?', 'how many people are named Arnold?', 'how many people are named John Arnold?', 'whose name is Arnold?']) {
      expect(declined(question, traders), question).toMatch(/could not map '(john|arnold)'/);
    }
    expect(declined('how many people are named Mike?', traders)).toMatch(/could not map 'mike'/);
    // the name the rows go by, where a row has it, is still a filter
    expect((await ask(traders, 'how many people are named Mike Grigsby?')).value).toBe(1);
  });

  it('still reads the table when the question spells out its name', async () => {
    expect((await ask(riders, 'how many rows are in kenny_results?')).value).toBe(6);
    expect((await ask(traders, 'how many analysts are in deex_john_arnold_15199_trader_list?')).value).toBe(1);
    expect((await ask(traders, 'how many analysts are there?')).value).toBe(1);
  });

  it('declines a value read inside words that spell out the table name, never adds it as a condition', () => {
    // 'Trader' is a Title and a word of "Trader List": read as a value it became Title IN ('Analyst', 'Trader')
    for (const question of ['how many analysts are in the trader list?', 'how many analysts are in John Arnold\'s trader list?']) {
      expect(declined(question, traders), question).toMatch(/'trader list' may name the table .* or the Title 'Trader'/);
    }
  });

  it('declines a file-name word that is also part of a value rather than drop the condition', async () => {
    const reason = declined('how many times did Kenny place first?', riders);
    expect(reason).toMatch(/'kenny' may name the table kenny_results\.csv or the Rider 'Jason Kenny'/);
    expect(declined('how many times did the rider Kenny place first?', riders)).toMatch(/Jason Kenny/);
    expect((await ask(riders, 'how many times did Jason Kenny place first?')).value).toBe(2);
  });

  it('reads a bare subject or a person noun before a file-name word as a row of a table of many subjects', async () => {
    expect(declined('how many times did Kenny place first?', others)).toMatch(/could not map 'kenny'/);
    expect(declined('how many times did the rider Kenny place first?', others)).toMatch(/could not map 'kenny'/);
    expect(declined('how many of Kenny\'s events were sprints?', others)).toMatch(/could not map 'kenny'/);
    // one rider's own record has no such column: the name is whose record the table is
    expect((await ask(record, 'how many times did Kenny place first?')).value).toBe(2);
  });
});

describe('parseQuestion names', () => {
  it('consumes a spelled-out file name, except right after a naming word', () => {
    const named = parseQuestion('how many rows are in kenny_results?', new Date('2025-01-01'), ['kenny_results']);
    expect([...named.consumed].map((i) => named.tokens[i].norm)).toEqual(expect.arrayContaining(['kenny', 'results']));
    const condition = parseQuestion('named jason-kenny?', new Date('2025-01-01'), ['jason-kenny']);
    expect(condition.tokens.filter((t) => condition.consumed.has(t.index)).map((t) => t.norm)).toEqual([]);
  });
});
