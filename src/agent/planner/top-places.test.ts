import { describe, expect, it } from 'vitest';
import { useTestTables, type TableSpec } from './__fixtures__/test-catalog.js';

/*
 * "Top N" with no rows named to rank: a condition on a column of finishing positions. The
 * tables are small and invented, shaped like published results: one athlete's results (a
 * position per competition, `–` for no mark), a ranked list whose medal places are pictures
 * (blank ranks), a clean ranked list, and a skier's season standings by discipline.
 */

// one athlete's results: positions in fields of their own (16th among 6 rows), `–` stored blank
const results: TableSpec = {
  sqlName: 'results', file: 'results.csv',
  columns: [{ name: 'Year', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Competition', type: 'text' }, { name: 'Position', type: 'text' }],
  rows: [[2001, 'European Juniors', '7th'], [2003, 'European U23', '13th (q)'], [2005, 'Universiade', '5th'], [2006, 'European Championships', '3rd'], [2007, 'World Indoors', '16th (q)'], [2012, 'European Championships', null]],
};
// a race's ranked list: the medal places are pictures, so their Rank cells are blank
const medals: TableSpec = {
  sqlName: 'medals', file: 'medals.csv',
  columns: [{ name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Name', type: 'text' }, { name: 'Nationality', type: 'text' }, { name: 'Time', type: 'decimal', unit: 'seconds' }],
  rows: [[null, 'Ann Ames', 'Canada', 283.64], [null, 'Bo Berg', 'Chile', 288.31], [null, 'Cy Cole', 'Chile', 297.24], [4, 'Di Dunn', 'Peru', 303.15], [5, 'Ed Eck', 'Chile', 303.43]],
};
const heat: TableSpec = {
  sqlName: 'heat', file: 'heat.csv',
  columns: [{ name: 'Rank', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Name', type: 'text' }, { name: 'Nationality', type: 'text' }, { name: 'Points', type: 'integer' }],
  rows: [[1, 'Ann Ames', 'Canada', 530], [2, 'Bo Berg', 'Chile', 517], [3, 'Cy Cole', 'Chile', 512], [4, 'Di Dunn', 'Peru', 507], [5, 'Ed Eck', 'Chile', 470]],
};
const standings: TableSpec = {
  sqlName: 'standings', file: 'standings.csv',
  columns: [{ name: 'Season', type: 'integer', aggregation: 'none', concept: 'dimension' }, { name: 'Overall', type: 'integer' }, { name: 'Downhill', type: 'integer' }],
  rows: [[2004, 112, 51], [2005, 37, 18], [2006, 22, 37], [2007, 33, 15], [2009, 9, 2], [2010, 28, 13]],
};

const { ask } = useTestTables([results, medals, heat, standings]);

describe('matchTopPlaces', () => {
  it('counts the results in the top N of a column of positions (1st, 13th (q)); a blank there is no position', async () => {
    expect((await ask(results, 'how many times did he finish in the top 10?')).value).toBe(3);
    expect((await ask(results, 'how many times did he place in the top 5?')).value).toBe(2);
    expect((await ask(results, 'how many top 5 finishes did he have?')).value).toBe(2);
  });

  it('keeps the top N of a clean ranked list, with the other conditions', async () => {
    expect((await ask(heat, 'how many divers ranked in the top 3?')).value).toBe(3);
    expect((await ask(heat, 'how many divers from chile finished in the top 4?')).value).toBe(2);
    expect((await ask(heat, 'what is the average points of the top 2?')).value).toBe(523.5);
  });

  it('applies "top N in the <column> standings" to that column of places', async () => {
    expect((await ask(standings, 'how many times did she place in the top 30 in the overall standings?')).value).toBe(3);
    expect((await ask(standings, 'how many times did she place in the top 10 in the downhill standings?')).value).toBe(1);
  });

  // The medal places are blank: rank <= 3 would keep none of them. Before, the count ignored
  // "top 3" (every row) and "the average time of the top 3" answered the maximum time.
  it('declines over a ranked list with blank ranks, which may be medals or ties inside the top', async () => {
    expect((await ask(medals, 'how many swimmers ranked in the top 3?')).plan.kind).toBe('declined');
    expect((await ask(medals, 'how many swimmers from chile finished in the top 5?')).plan.kind).toBe('declined');
    expect((await ask(medals, 'what is the average time of the top 3?')).plan.kind).toBe('declined');
  });

  it('declines "top N in <amount>", a ranking by the amount rather than a condition on places', async () => {
    expect((await ask(heat, 'how many divers were in the top 3 in points?')).plan.kind).toBe('declined');
  });
});

// Before, "her best overall finish" answered the largest position (112) and "the highest rank" the largest rank.
describe('positionOrder', () => {
  it('reads best, highest and top over positions as the smallest number, worst and lowest as the largest', async () => {
    expect((await ask(standings, 'what was her best overall finish?')).value).toBe(9);
    expect((await ask(standings, 'what was her worst overall finish?')).value).toBe(112);
    expect((await ask(heat, 'what is the highest rank?')).value).toBe(1);
    expect((await ask(heat, 'what is the lowest rank?')).value).toBe(5);
  });

  it('leaves a measure that is no position as it is, and declines amount words and blank ranks over positions', async () => {
    expect((await ask(heat, 'what is the highest points?')).value).toBe(530);
    expect((await ask(heat, 'what is the maximum rank?')).plan.kind).toBe('declined');
    expect((await ask(medals, 'what is the highest rank?')).plan.kind).toBe('declined');
  });
});

// Before, "better than 10th" was read as a difference of two answers and "5th or better" left "better" unexplained.
describe('matchPlaceComparisons', () => {
  it('compares places on the column of positions: better is a smaller number', async () => {
    // positions 7, 13, 5, 3, 16 and one blank
    expect((await ask(results, 'how many times did he finish better than 10th place?')).value).toBe(3);
    expect((await ask(results, 'how many times did he finish 5th or better?')).value).toBe(2);
    expect((await ask(results, 'how many times did he finish below 10th place?')).value).toBe(2);
    expect((await ask(results, 'how many times did he finish 13th or worse?')).value).toBe(2);
    expect((await ask(heat, 'how many divers from chile ranked better than 3rd?')).value).toBe(1);
  });

  it('declines over blank ranks of a ranked list', async () => {
    expect((await ask(medals, 'how many swimmers finished better than 5th?')).plan.kind).toBe('declined');
  });
});

// Before, "fastest" and "slowest" were unknown words; a maximum of a time would have been the slowest.
describe('planQuestion: fastest and slowest times', () => {
  it('reads fastest as the smallest time and slowest as the largest, over a column of seconds', async () => {
    expect((await ask(medals, 'what was the fastest time?')).value).toBe(283.64);
    expect((await ask(medals, 'what was the slowest time?')).value).toBe(303.43);
  });

  it('declines them over a column that holds no times', async () => {
    expect((await ask(heat, 'what was the fastest points?')).plan.kind).toBe('declined');
  });
});

