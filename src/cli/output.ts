/**
 * What the CLI writes: JSON for machines (full precision), text for people (numbers rounded
 * by `formatNumber`), colour only on a terminal and never when `NO_COLOR` is set.
 * @module cli/output
 */
import { formatNumber } from '../agent/index.js';
import { printable } from '../printable-text.js';

/** A stream the CLI writes to; `isTTY` decides colour and progress bars. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** True when `stream` is a terminal and neither `NO_COLOR` (any value, see no-color.org) nor `TERM=dumb` is set. */
export function colourEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** ANSI styles, each the identity when colour is off. */
export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], yellow: [33, 39], green: [32, 39] } as const;

/** Styles for `stream`: ANSI escapes on a terminal, plain text otherwise. */
export function paintFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Paint {
  const on = colourEnabled(stream, env);
  const style = (name: keyof typeof CODES) => (text: string) => (on ? `\u001b[${CODES[name][0]}m${text}\u001b[${CODES[name][1]}m` : text);
  return { bold: style('bold'), dim: style('dim'), red: style('red'), yellow: style('yellow'), green: style('green') };
}

/** Prints JSON to stdout, pretty, numbers at full precision. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A cell for text output: numbers rounded for people, objects as JSON, null as empty; unprintable characters escaped (one row, one line). */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value).replace(/,/g, '');
  if (typeof value === 'object') return JSON.stringify(value);
  return printable(String(value));
}
