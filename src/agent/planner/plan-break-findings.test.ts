import { describe, expect, it } from 'vitest';
import { planQuestion } from './plan-question.js';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

// A small income statement: its Net Income line (Total Revenue − Total Expenses) is a total row, not stored.
const statement: TableSpec = {
  sqlName: 'statement_pl', file: 'statement.xlsx', sheet: 'P&L',
  columns: [
    { name: 'Line Item', type: 'text' },
    { name: '2010', type: 'integer', period: '2010', nettedSections: true },
    { name: '2011', type: 'integer', period: '2011', nettedSections: true },
    { name: 'Section', type: 'text', derived: 'section' },
  ],
  rows: [['Ticket sales', 70, 90, 'Revenue'], ['Sponsoring', 30, 20, 'Revenue'], ['Wages', 40, 45, 'Expenses'], ['Hall rent', 10, 10, 'Expenses']],
};
// Values that are also English function words: a department IT, a country US, a state code IN.
const staff: TableSpec = {
  sqlName: 'staff', file: 'staff.csv',
  columns: [{ name: 'Unit', type: 'text' }, { name: 'Person', type: 'text' }, { name: 'Spend', type: 'integer', unit: 'currency' }],
  rows: [['IT', 'Kai', 70], ['Legal', 'Lou', 20], ['IT', 'Mo', 10], ['US', 'Nia', 5]],
};
const states: TableSpec = {
  sqlName: 'states', file: 'states.csv',
  columns: [{ name: 'State', type: 'text' }, { name: 'Abbrev', type: 'text' }, { name: 'Orders', type: 'integer' }],
  rows: [['Indiana', 'IN', 11], ['Oregon', 'OR', 22], ['Maine', 'ME', 33], ['Texas', 'TX', 44]],
};
// A measured table and a second one sharing its key (Client) but listing other contracts.
const contracts: TableSpec = {
  sqlName: 'contracts', file: 'book.xlsx', sheet: 'Contracts',
  columns: [{ name: 'Contract', type: 'text' }, { name: 'Client', type: 'text' }, { name: 'Tonnes', type: 'integer' }],
  rows: [['K1', 'Acme', 40], ['K2', 'Bolt', 25], ['K3', 'Acme', 15]],
};
const closed: TableSpec = {
  sqlName: 'closed_contracts', file: 'book.xlsx', sheet: 'Closed',
  columns: [{ name: 'Contract', type: 'text' }, { name: 'Client', type: 'text' }, { name: 'Closed On', type: 'date' }],
  rows: [['K7', 'Acme', '2019-03-01'], ['K8', 'Bolt', '2019-04-01']],
};
// A ranking with a tie at the cut: Cyan and Dune share the 3rd place.
const league: TableSpec = {
  sqlName: 'league', file: 'league.csv',
  columns: [{ name: 'Rank', type: 'integer', concept: 'dimension', aggregation: 'none' }, { name: 'Club', type: 'text' }, { name: 'Wins', type: 'integer' }],
  rows: [[1, 'Amber', 9], [2, 'Birch', 7], [3, 'Cyan', 6], [3, 'Dune', 6], [5, 'Elm', 2]],
};
// A results list whose Year is a label.
const results: TableSpec = {
  sqlName: 'results', file: 'results.csv',
  columns: [{ name: 'Year', type: 'integer', concept: 'dimension', aggregation: 'none' }, { name: 'Meet', type: 'text' }, { name: 'Place', type: 'text' }],
  rows: [[1998, 'Nationals', '3rd'], [1999, 'Open', '2nd'], [2000, 'Cup', '1st']],
};
// A port's line-up: a serial number column whose heading reads like a time ("Expected to report").
const lineUp: TableSpec = {
  sqlName: 'line_up', file: 'line_up.xlsx', sheet: 'Port',
  columns: [{ name: 'Expected To Report', type: 'integer' }, { name: 'Vessel', type: 'text' }, { name: 'ETA', type: 'date' }, { name: 'Cargo', type: 'text' }],
  rows: [[1, 'MV. Vega', '2017-11-04', 'Coal'], [2, 'MV. Lyra', '2017-11-05', 'Coke'], [3, 'MV. Orion', '2017-11-07', 'Coal']],
};
// A budget sheet: a one-row summary of totals beside the list of expense items it totals.
const budgetSummary: TableSpec = {
  sqlName: 'budget_summary', file: 'budget.xlsx', sheet: 'Budget', title: 'SUMMARY',
  columns: [{ name: 'Total Monthly Income', type: 'integer' }, { name: 'Total Monthly Expenses', type: 'integer' }, { name: 'Balance', type: 'integer' }],
  rows: [[3750, 1643, 2107]],
};
const budgetExpenses: TableSpec = {
  sqlName: 'budget_monthly_expenses', file: 'budget.xlsx', sheet: 'Budget', title: 'MONTHLY EXPENSES',
  columns: [{ name: 'Item', type: 'text' }, { name: 'Amount', type: 'integer' }],
  rows: [['Rent', 800], ['Groceries', 500], ['Car payment', 273], ['Phone', 70]],
};

const { ask, db } = useTestTables([statement, staff, states, contracts, closed, league, results, lineUp, budgetExpenses]);

function plan(question: string, specs: TableSpec[]) {
  return planQuestion(question, specs.map(catalogTable));
}

describe('planner findings of the break-it review', () => {
  it('never answers "net income" with the revenue section, and sums a named line of a netted statement', async () => {
    const net = plan('What was Net Income in 2010?', [statement]);
    expect(net.kind).toBe('declined');
    expect(net.kind === 'declined' && net.reason).toMatch(/net/);
    expect((await ask(statement, 'What were Ticket sales in 2011?')).value).toBe(90);
    expect((await ask(statement, 'What was revenue in 2010?')).value).toBe(100);
  });

  it('filters on a value that is also a function word when the question writes it in capitals, and declines when it cannot tell', async () => {
    expect((await ask(staff, 'What is the total spend for IT?')).value).toBe(80);
    expect((await ask(staff, 'total spend for US?')).value).toBe(5);
    expect((await ask(staff, 'How many people are in IT?')).value).toBe(2);
    expect((await ask(states, 'What were orders for abbrev IN?')).value).toBe(11);
    expect((await ask(states, 'What were orders for OR?')).value).toBe(22);
    expect((await ask(states, 'What were orders in Oregon?')).value).toBe(22);
    expect(plan('total spend for us?', [staff]).kind).toBe('declined');
  });

  it('never reaches a value of a column the measured table has itself through another table sharing its key', () => {
    const semiJoin = plan('What is the tonnage of K7?', [contracts, closed]);
    expect(semiJoin.kind).toBe('declined');
    expect(plan('What are the tonnes of K7?', [contracts, { ...closed, hidden: true }]).kind).toBe('declined');
  });

  it('lists every row tied at the cut of a top N, and declines a total over the top N', async () => {
    const top = plan('What are the top 3 clubs by wins?', [league]);
    if (top.kind !== 'sql') throw new Error(top.reason);
    const rows = (await db().query<Record<string, unknown>>(top.sql)).rows.map((r) => Object.values(r).map(String));
    expect(rows).toEqual([['Amber', '9'], ['Birch', '7'], ['Cyan', '6'], ['Dune', '6']]);
    expect(plan('How many wins did the top 3 clubs have?', [league]).kind).toBe('declined');
  });

  it('declines "the total of all staff" beside an amount to add up (their number or the sum?), and counts "the number of" them', async () => {
    const total = plan('What is the total of all persons?', [staff]);
    expect(total.kind).toBe('declined');
    expect(total.kind === 'declined' ? total.reason : '').toMatch(/could be the number of persons or the sum of Spend/);
    expect((await ask(staff, 'What is the number of persons?')).value).toBe(4);
    expect((await ask(results, 'What is the total of meets?')).value).toBe(3);
  });

  it('answers "when" with no sum, count or amount: a serial number named "Expected to report" is no date', async () => {
    for (const question of ['When is MV. Vega expected?', 'when is MV. Lyra expected to report?', 'When were the coal vessels expected?']) {
      const result = plan(question, [lineUp]);
      expect(result.kind, question).toBe('declined');
      expect(result.kind === 'declined' ? result.reason : '', question).toMatch(/'when' asks for a date or time/);
    }
    expect((await ask(lineUp, 'What is the expected to report number of MV. Orion?')).value).toBe(3);
    // a place is no time, nor is a name: "when did … best rank" and "when was the club with the most wins"
    for (const question of ['When was the lowest rank?', 'When was the club with the most wins?']) {
      const result = plan(question, [league]);
      expect(result.kind, question).toBe('declined');
      expect(result.kind === 'declined' ? result.reason : '', question).toMatch(/'when' asks for a date or time/);
    }
  });

  it('never counts the rows of a summary, or adds up its total, for items that another table on the sheet lists', async () => {
    for (const question of ['How many expense items cost more than 100?', 'How many items in monthly expenses?']) {
      const result = plan(question, [budgetSummary, budgetExpenses]);
      if (result.kind === 'sql') expect(result.sql, question).not.toContain('budget_summary');
      else expect(result.reason, question).toMatch(/counted are named by Item in budget_monthly_expenses/);
    }
    expect((await ask(budgetExpenses, 'How many expense items have an amount over 100?')).value).toBe(3);
  });

  it('declines a top 0 or a top N past any ranking with what it accepts, never a database error', () => {
    for (const question of ['What are the top 0 clubs by wins?', 'What are the top 100000000000000000000 clubs by wins?', 'What are the top -1 clubs by wins?', 'What are the top \u22123 clubs by wins?']) {
      const result = plan(question, [league]);
      expect(result.kind, question).toBe('declined');
      expect(result.kind === 'declined' ? result.reason : '', question).toMatch(/top 1 to 1000/);
    }
  });

  it('reads a numbered Account column as a label, never as an amount to add up', async () => {
    const ledger: TableSpec = {
      sqlName: 'ledger', file: 'ledger.xlsx',
      columns: [{ name: 'Account', type: 'integer' }, { name: 'Balance', type: 'decimal' }, { name: 'Status', type: 'text' }],
      rows: [[5001, 10.5, 'open'], [5002, -4, 'open'], [5003, 20, 'closed']],
    };
    expect(plan('What is the total account?', [ledger]).kind).toBe('declined');
    const planned = plan('What is the total balance?', [ledger]);
    expect(planned.kind === 'sql' ? planned.sql : planned.reason).toMatch(/sum\("balance"\)/);
  });

  it('reads a period column named as the phrase (Q1) and a year that is part of a column name (Population 2020)', async () => {
    const quarters: TableSpec = {
      sqlName: 'quarters', file: 'quarters.xlsx',
      columns: [{ name: 'Desk', type: 'text' }, { name: 'Q1', type: 'integer', period: 'Q1' }, { name: 'Q2', type: 'integer', period: 'Q2' }],
      rows: [['Gas', 12, 13], ['Oil', 30, 31]],
    };
    const census: TableSpec = {
      sqlName: 'census', file: 'census.csv',
      columns: [{ name: 'County', type: 'text' }, { name: 'Population 2010', type: 'integer' }, { name: 'Population 2020', type: 'integer' }],
      rows: [['Elko', 100, 120], ['Lyon', 50, 70]],
    };
    const sumQ1 = plan('What is the sum of Q1?', [quarters]);
    expect(sumQ1.kind === 'sql' ? sumQ1.sql : sumQ1.reason).toMatch(/sum\("q1"\)/);
    const population = plan('What is the total Population 2020?', [census]);
    expect(population.kind === 'sql' ? population.sql : population.reason).toMatch(/sum\("population_2020"\)/);
  });
});

