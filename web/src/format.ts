/** Display helpers: numbers rounded for people (full precision in the title), outcomes explained. */
import type { Outcome, Source } from './api';

const numbers = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** A cell or value as text: numbers rounded to 2 decimals, null as an em dash. */
export function display(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return numbers.format(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One line per validation outcome (the README's wording). */
export const OUTCOME_TEXT: Record<Outcome, string> = {
  verified: "the sheet's own total rows matched the computed sums",
  unverifiable: 'the sheet states no total to check these numbers against',
  floor: "a check against the sheet's totals failed: read by heuristics only, not arithmetically trustworthy",
};

/** `file › sheet › range` */
export function whereOf(source: Pick<Source, 'file' | 'path' | 'sheet' | 'range'>): string {
  return [source.path ?? source.file, source.sheet, source.range].filter((part) => part !== null && part !== '').join(' › ');
}

/** A local date and time from an ISO timestamp. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
