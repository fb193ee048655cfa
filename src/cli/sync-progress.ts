/**
 * Progress of a sync for people and for machines. Text: on a terminal a progress bar for
 * long syncs (a line per file action for short ones), in colour unless `NO_COLOR`; piped,
 * a plain line per file action; then a closing summary. JSON (`--json`): nothing while it
 * runs, then the summary as one JSON document (`jsonLines`: one line per sync, for watch mode).
 * @module cli/sync-progress
 */
import cliProgress from 'cli-progress';
import type { SyncEvent, SyncSummary } from '../sync/index.js';
import { paintFor, type Paint } from './output.js';
import { printable } from '../printable-text.js';

/** A stream to report on; `isTTY` decides between bar and JSON lines. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Options of `reportSyncProgress`. */
export interface SyncProgressOptions {
  /** Print only the summary, as JSON. @default false */
  json?: boolean;
  /** With `json`: one compact line per summary instead of a pretty document (watch mode). @default false */
  jsonLines?: boolean;
  /** Force the terminal behaviour (bar, colour) on or off. @default stream.isTTY */
  interactive?: boolean;
  /** Environment that decides colour (`NO_COLOR`, `TERM`). @default process.env */
  env?: NodeJS.ProcessEnv;
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
  if (options.json) {
    return {
      onEvent: () => undefined,
      finish: (summary) => {
        if (summary) stream.write(`${options.jsonLines ? JSON.stringify(summary) : JSON.stringify(summary, null, 2)}\n`);
      },
    };
  }
  const interactive = options.interactive ?? stream.isTTY === true;
  const paint = paintFor({ isTTY: interactive }, options.env);
  const barThreshold = interactive ? options.barThreshold ?? 20 : Number.POSITIVE_INFINITY;
  let bar: cliProgress.SingleBar | undefined;
  let problems: string[] = [];
  return {
    onEvent(event) {
      if (event.type === 'failed') problems.push(`${paint.red('failed')}  ${printable(event.error ?? event.path)}`);
      if (event.total >= barThreshold) {
        if (!bar) {
          bar = new cliProgress.SingleBar(
            { stream: stream as NodeJS.WritableStream, format: '{bar} {value}/{total} files | {action} {file}', hideCursor: true },
            cliProgress.Presets.shades_classic,
          );
          bar.start(event.total, 0, { action: '', file: '' });
        }
        bar.update(event.done, { action: event.type, file: printable(event.path) });
        return;
      }
      if (event.type !== 'unchanged' || event.noTable !== undefined) stream.write(`${describeEvent(event, paint)}\n`);
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
      for (const warning of summary.warnings) stream.write(`  ${paint.yellow('warning')} ${printable(`${warning.path}: ${warning.message}`)}\n`);
    },
  };
}

const PLAIN: Paint = { bold: (t) => t, dim: (t) => t, red: (t) => t, yellow: (t) => t, green: (t) => t };

/** One line for a person (unprintable characters escaped), e.g. `renamed  archive/a.csv (was a.csv)`. */
export function describeEvent(event: SyncEvent, paint: Paint = PLAIN): string {
  const error = event.error ?? 'failed';
  const noTable = event.noTable === undefined ? '' : ` (${event.noTable.startsWith('no table') ? event.noTable : `no table: ${event.noTable}`})`;
  const detail =
    event.type === 'failed'
      ? `: ${error.startsWith(`${event.path}: `) ? error.slice(event.path.length + 2) : error}${event.reason ? ` (${event.reason})` : ''}`
      : event.type === 'renamed'
        ? ` (was ${event.from})${noTable}`
        : event.reason
          ? ` (${event.reason})`
          : noTable !== ''
            ? noTable
            : event.tables !== undefined
              ? ` (${event.tables} tables, ${event.rows} rows)`
              : '';
  const type = event.type.length >= 9 ? `${event.type} ` : event.type.padEnd(9);
  const shown = event.type === 'failed' ? paint.red(type) : event.type === 'skipped' ? paint.yellow(type) : event.type === 'deleted' ? paint.dim(type) : type;
  // names from the source may hold line breaks or terminal escapes: printed escaped, one line
  return `${shown}${printable(`${event.path}${detail}`)}`;
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
  if (summary.noTable.length > 0) parts.push(`${summary.noTable.length} with no table`);
  if (summary.skipped.length > 0) parts.push(`${summary.skipped.length} skipped`);
  if (summary.glossaryTerms > 0) parts.push(`${summary.glossaryTerms} glossary terms`);
  return `sync: ${parts.join(', ')}`;
}
