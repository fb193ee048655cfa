/**
 * Progress of a sync for people and for machines: on a terminal, a progress bar for long
 * syncs (a line per file action for short ones) and a closing summary; otherwise one JSON
 * line per event and a final `{"type":"summary",…}` line (for cron logs and pipes).
 * @module source/sync-progress
 */
import cliProgress from 'cli-progress';
import type { SyncEvent, SyncSummary } from './sync-types.js';

/** A stream to report on; `isTTY` decides between bar and JSON lines. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Options of `reportSyncProgress`. */
export interface SyncProgressOptions {
  /** Force the terminal (`true`) or JSON (`false`) format. @default stream.isTTY */
  interactive?: boolean;
  /** From this many planned files on, a terminal gets a bar instead of a line per file. @default 20 */
  barThreshold?: number;
}

/** What `reportSyncProgress` returns. */
export interface SyncProgressReporter {
  /** Pass as the sync's `onEvent`. */
  onEvent: (event: SyncEvent) => void;
  /**
   * Ends the report of one sync: stops the bar and writes the summary (when given). The
   * reporter can then report the next sync (watch mode).
   */
  finish: (summary?: SyncSummary) => void;
}

/** Reports sync events on `stream` (e.g. `process.stdout`). */
export function reportSyncProgress(stream: ProgressStream, options: SyncProgressOptions = {}): SyncProgressReporter {
  const interactive = options.interactive ?? stream.isTTY === true;
  if (!interactive) {
    return {
      onEvent: (event) => void stream.write(JSON.stringify(event) + '\n'),
      finish: (summary) => {
        if (summary) stream.write(JSON.stringify({ type: 'summary', ...summary }) + '\n');
      },
    };
  }

  const barThreshold = options.barThreshold ?? 20;
  let bar: cliProgress.SingleBar | undefined;
  let problems: string[] = [];
  return {
    onEvent(event) {
      if (event.type === 'failed') problems.push(`failed  ${event.error ?? event.path}`);
      if (event.total >= barThreshold) {
        if (!bar) {
          bar = new cliProgress.SingleBar(
            { stream: stream as NodeJS.WritableStream, format: '{bar} {value}/{total} files | {action} {file}', hideCursor: true },
            cliProgress.Presets.shades_classic,
          );
          bar.start(event.total, 0, { action: '', file: '' });
        }
        bar.update(event.done, { action: event.type, file: event.path });
        return;
      }
      if (event.type !== 'unchanged') stream.write(`${describeEvent(event)}\n`);
    },
    finish(summary) {
      const hadBar = bar !== undefined;
      bar?.stop();
      bar = undefined;
      const failures = problems;
      problems = [];
      if (!summary) return;
      stream.write(`${describeSummary(summary)}\n`);
      if (hadBar) for (const line of failures) stream.write(`  ${line}\n`);
      for (const warning of summary.warnings) stream.write(`  warning ${warning.path}: ${warning.message}\n`);
    },
  };
}

/** One line for a person, e.g. `renamed  archive/a.csv (was a.csv)`. */
export function describeEvent(event: SyncEvent): string {
  const detail =
    event.type === 'failed'
      ? `: ${event.error ?? 'failed'}`
      : event.type === 'renamed'
        ? ` (was ${event.from})`
        : event.reason
          ? ` (${event.reason})`
          : event.tables !== undefined
            ? ` (${event.tables} tables, ${event.rows} rows)`
            : '';
  return `${event.type.padEnd(9)}${event.path}${detail}`;
}

/** The closing line, e.g. `sync: 2 added, 1 changed, 0 renamed, 1 deleted, 10 unchanged, 1 failed`. */
export function describeSummary(summary: SyncSummary): string {
  const parts = [
    `${summary.added} added`,
    `${summary.changed} changed`,
    `${summary.renamed} renamed`,
    `${summary.deleted} deleted`,
    `${summary.unchanged} unchanged`,
    `${summary.failed.length} failed`,
  ];
  if (summary.skipped.length > 0) parts.push(`${summary.skipped.length} skipped`);
  return `sync: ${parts.join(', ')}`;
}
