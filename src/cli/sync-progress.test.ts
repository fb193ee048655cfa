import { describe, expect, it } from 'vitest';
import { reportSyncProgress, type ProgressStream } from './sync-progress.js';
import { emptySyncSummary, type SyncEvent, type SyncSummary } from '../sync/index.js';

function memoryStream(isTTY: boolean): ProgressStream & { text: () => string } {
  const chunks: string[] = [];
  return { isTTY, write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

const EVENTS: SyncEvent[] = [
  { type: 'added', path: 'a.csv', ref: '/f/a.csv', recordId: 'r1', tables: 1, rows: 3, done: 1, total: 3 },
  { type: 'unchanged', path: 'b.csv', ref: '/f/b.csv', done: 2, total: 3 },
  { type: 'failed', path: 'c.xlsx', ref: '/f/c.xlsx', error: 'c.xlsx: not a zip archive', done: 3, total: 3 },
];

const SUMMARY: SyncSummary = {
  ...emptySyncSummary('full'),
  added: 1,
  unchanged: 1,
  failed: [{ path: 'c.xlsx', error: 'c.xlsx: not a zip archive' }],
  warnings: [{ path: 'a.csv', message: 'column "amount" disappeared' }],
};

describe('reportSyncProgress', () => {
  it('with --json writes nothing while it runs and the summary as one JSON document at the end', () => {
    const stream = memoryStream(false);
    const progress = reportSyncProgress(stream, { json: true });
    for (const event of EVENTS) progress.onEvent(event);
    progress.finish(SUMMARY);
    expect(JSON.parse(stream.text())).toEqual(SUMMARY);
  });

  it('with --json in watch mode writes one line per sync', () => {
    const stream = memoryStream(false);
    const progress = reportSyncProgress(stream, { json: true, jsonLines: true });
    progress.finish(SUMMARY);
    progress.finish(SUMMARY);
    expect(stream.text().trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual([SUMMARY, SUMMARY]);
  });

  it('writes plain text without colour or bar when piped, however many files', () => {
    const stream = memoryStream(false);
    const progress = reportSyncProgress(stream, { barThreshold: 1 });
    for (const event of EVENTS) progress.onEvent(event);
    progress.finish(SUMMARY);
    const text = stream.text();
    expect(text).not.toContain('\u001b[');
    expect(text.trimEnd().split('\n')).toEqual([
      'added    a.csv (1 tables, 3 rows)',
      'failed   c.xlsx: not a zip archive',
      'sync: 1 added, 0 changed, 0 renamed, 0 deleted, 1 unchanged, 1 failed',
      '  warning a.csv: column "amount" disappeared',
    ]);
  });

  it('writes a line per file action and a readable summary on a terminal', () => {
    const stream = memoryStream(true);
    const progress = reportSyncProgress(stream, { env: { NO_COLOR: '1' } });
    for (const event of EVENTS) progress.onEvent(event);
    progress.finish(SUMMARY);
    const lines = stream.text().trimEnd().split('\n');
    expect(lines).toEqual([
      'added    a.csv (1 tables, 3 rows)',
      'failed   c.xlsx: not a zip archive',
      'sync: 1 added, 0 changed, 0 renamed, 0 deleted, 1 unchanged, 1 failed',
      '  warning a.csv: column "amount" disappeared',
    ]);
  });

  it('colours failures on a terminal', () => {
    const stream = memoryStream(true);
    const progress = reportSyncProgress(stream, { env: {} });
    progress.onEvent(EVENTS[2]);
    expect(stream.text()).toContain('\u001b[31mfailed');
  });

  it('lists failures after the bar of a long sync', () => {
    const stream = memoryStream(true);
    const progress = reportSyncProgress(stream, { barThreshold: 2, env: { NO_COLOR: '1' } });
    for (const event of EVENTS) progress.onEvent(event);
    progress.finish(SUMMARY);
    const text = stream.text();
    expect(text).not.toContain('added    a.csv');
    expect(text).toContain('sync: 1 added');
    expect(text).toContain('  failed  c.xlsx: not a zip archive');
  });

  it('reports one sync after another (watch mode)', () => {
    const stream = memoryStream(true);
    const progress = reportSyncProgress(stream, { env: { NO_COLOR: '1' } });
    progress.onEvent(EVENTS[0]);
    progress.finish(SUMMARY);
    progress.onEvent({ ...EVENTS[0], path: 'd.csv' });
    progress.finish(SUMMARY);
    const lines = stream.text().split('\n');
    expect(lines.filter((line) => line.startsWith('sync: '))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('added'))).toEqual(['added    a.csv (1 tables, 3 rows)', 'added    d.csv (1 tables, 3 rows)']);
  });
  it('names a file with no table and a failure reported again, with their reasons, and counts them in the summary line', () => {
    const stream = memoryStream(false);
    const progress = reportSyncProgress(stream);
    progress.onEvent({ type: 'unchanged', path: 'head.csv', ref: '/f/head.csv', noTable: 'no table: a single row', done: 1, total: 2 });
    progress.onEvent({ type: 'failed', path: 'big.csv', ref: '/f/big.csv', error: 'big.csv: cell B2 too long', reason: 'unchanged since it failed', done: 2, total: 2 });
    progress.finish({ ...emptySyncSummary('full'), unchanged: 1, failed: [{ path: 'big.csv', error: 'big.csv: cell B2 too long' }], noTable: [{ path: 'head.csv', reason: 'no table: a single row' }] });
    expect(stream.text().split('\n')).toEqual([
      'unchanged head.csv (no table: a single row)',
      'failed   big.csv: cell B2 too long (unchanged since it failed)',
      'sync: 0 added, 0 changed, 0 renamed, 0 deleted, 1 unchanged, 1 failed, 1 with no table',
      '',
    ]);
  });
});
