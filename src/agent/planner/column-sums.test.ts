import { describe, expect, it } from 'vitest';
import { catalogTable, useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';
import { planQuestion } from './plan-question.js';

/*
 * Measure columns named together with "and": a total of the columns ("how many gold and silver
 * medals"), the mean of one row's cells ("her average score between the preliminary and
 * final"), and their difference. Ranks beside the points are no measure to add.
 */

const medals: TableSpec = {
  sqlName: 'medals', file: 'medals.csv',
  columns: [
    { name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Nation', type: 'text' },
    { name: 'Gold', type: 'integer' }, { name: 'Silver', type: 'integer' }, { name: 'Bronze', type: 'integer' }, { name: 'Total', type: 'integer' },
  ],
  rows: [[1, 'Norway', 9, 5, 4, 18], [2, 'Canada', 6, 7, 3, 16], [3, 'Germany', 5, 3, 6, 14], [4, 'Austria', 2, null, 2, 4], [5, 'Japan', 1, 1, 3, 5]],
};
const vault: TableSpec = {
  sqlName: 'vault', file: 'vault.csv',
  columns: [
    { name: 'Gymnast', type: 'text' }, { name: 'Country', type: 'text' },
    { name: 'Qualifying Score', type: 'decimal' }, { name: 'Qualifying Rank', type: 'integer', aggregation: 'none', concept: 'dimension' },
    { name: 'Final Score', type: 'decimal' }, { name: 'Final Rank', type: 'integer', aggregation: 'none', concept: 'dimension' },
  ],
  rows: [
    ['Ana Alves', 'Brazil', 14.2, 2, 14.9, 1], ['Bea Brun', 'France', 14.6, 1, 14.5, 2],
    ['Cleo Carr', 'Canada', 13.8, 4, 14.1, 3], ['Dana Diaz', 'Canada', 14.0, 3, null, 4],
  ],
};

const { ask } = useTestTables([medals, vault]);

describe('planQuestion: measure columns named together', () => {
  it('adds up the columns of the rows kept ("how many gold and silver medals")', async () => {
    expect((await ask(medals, 'how many gold and silver medals did canada win?')).value).toBe(13);
    expect((await ask(medals, 'what was the total number of silver and bronze medals won by japan?')).value).toBe(4);
    expect((await ask(medals, 'how many gold silver and bronze medals did germany win?')).value).toBe(14);
    // a blank medal cell ("–") adds nothing
    expect((await ask(medals, 'how many gold and silver medals did austria win?')).value).toBe(2);
    expect((await ask(medals, 'how many gold and silver medals were won in total?')).value).toBe(23 + 16);
  });

  it('ranks the rows by the columns together', async () => {
    const plan = planQuestion('which nation won the most gold and silver medals?', [catalogTable(medals)]);
    expect(plan.kind === 'sql' && plan.answerKind).toBe('top1');
    expect(plan.kind === 'sql' && plan.sql).toMatch(/"gold".*"silver"/);
  });

  it('reads the mean of the columns of one row, the shared measure named by a generic word', async () => {
    expect((await ask(vault, "what was ana alves's average score between the qualifying and final?")).value).toBeCloseTo(14.55, 9);
    expect((await ask(vault, 'what is the average of bea brun\'s qualifying and final scores?')).value).toBeCloseTo(14.55, 9);
    expect((await ask(vault, 'what was the combined score of cleo carr in the qualifying and the final?')).value).toBeCloseTo(27.9, 9);
  });

  it('subtracts the two columns of one row ("the difference between her qualifying and final scores")', async () => {
    expect((await ask(vault, "what is the difference between ana alves's qualifying and final scores?")).value).toBeCloseTo(0.7, 9);
  });

  it('gives no mean over several rows or with a blank cell (no value, or a decline)', async () => {
    expect((await ask(vault, 'what was the average of the qualifying and final scores?')).value).toBeNull();
    expect((await ask(vault, "what was dana diaz's average score between the qualifying and final?")).value).toBeNull();
    expect((await ask(vault, 'what was the average of the qualifying and final scores of the canada gymnasts?')).value ?? null).toBeNull();
  });

  it('declines when the columns are not named as amounts, or rows are counted, or a side is ambiguous', async () => {
    for (const [spec, question] of [
      [medals, 'how many nations won gold and silver medals?'],
      [vault, 'what were ana alves\'s qualifying and final scores?'],
      [vault, "what was ana alves's average rank between the qualifying and final?"],
      [vault, "what was messi's average score between the qualifying and final?"],
      [medals, 'what is the highest gold and silver medals?'],
    ] as const) {
      expect((await ask(spec, question)).plan.kind, question).toBe('declined');
    }
  });
});
