import { describe, expect, it } from 'vitest';
import { readTables, readTablesPaced } from '../tables/index.js';
import { createPace } from './pace.js';
import { readCsv, readCsvPaced } from './read-csv.js';

/** A CSV of `rows` rows, every 7th with a quoted field holding a line break, a delimiter and a doubled quote. */
function trickyCsv(rows: number): Uint8Array {
  const lines = ['id,note,amount'];
  for (let i = 1; i <= rows; i++) lines.push(i % 7 === 0 ? `${i},"line one\nline ""two"", end",${i}.25` : `${i},plain ${i % 13},${i}`);
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/** Counts turns of the event loop while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work();
  running = false;
  return { result, turns };
}

describe('readCsvPaced', () => {
  it('reads the same workbook as readCsv, quoted line breaks across its pieces included, while the event loop runs', async () => {
    // About 3 MB: several of the parser's 1 MB pieces, and a pause after every record (everyMs 0).
    const bytes = trickyCsv(120_000);
    const whole = readCsv(bytes, 'tricky.csv', false, 50_000);
    const { result: paced, turns } = await turnsDuring(() => readCsvPaced(bytes, 'tricky.csv', false, 50_000, createPace(undefined, 0)));
    expect(turns).toBeGreaterThan(1000);
    const { store: wholeStore, ...wholeSheet } = whole.sheets[0];
    const { store: pacedStore, ...pacedSheet } = paced.sheets[0];
    expect(pacedSheet).toEqual(wholeSheet);
    expect(pacedStore?.length).toBe(wholeStore?.length);
    for (const r of [50_000, 77_777, 120_000]) expect(pacedStore?.row(r)).toEqual(wholeStore?.row(r));
    expect({ ...paced, sheets: [] }).toEqual({ ...whole, sheets: [] });
  });

  it('stops with the signal’s reason once it is aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped');
    setImmediate(() => controller.abort(reason));
    await expect(readCsvPaced(trickyCsv(50_000), 'tricky.csv', false, 10_000, createPace(controller.signal, 0))).rejects.toBe(reason);
  });
});

describe('readTablesPaced', () => {
  it('finds the same tables as readTables in a sheet read in chunks, letting the event loop run between them', async () => {
    const workbook = readCsv(trickyCsv(40_000), 'tricky.csv', false, 5_000);
    const whole = readTables(workbook);
    const { result: paced, turns } = await turnsDuring(() => readTablesPaced(workbook, {}, createPace(undefined, 0)));
    expect(turns).toBeGreaterThan(3);
    const withoutChunks = (tables: typeof whole.tables) => tables.map(({ streamed, ...table }) => ({ ...table, dataRows: streamed?.dataRows }));
    expect(withoutChunks(paced.tables)).toEqual(withoutChunks(whole.tables));
    expect(paced.accounts).toEqual(whole.accounts);
  });

  it('stops with the signal’s reason once it is aborted', async () => {
    const workbook = readCsv(trickyCsv(40_000), 'tricky.csv', false, 5_000);
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(readTablesPaced(workbook, {}, createPace(controller.signal, 0))).rejects.toThrow('stopped');
  });
});
