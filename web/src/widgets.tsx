/** Small shared pieces: the validation badge and the sortable, capped result table. */
import { useMemo, useState } from 'preact/hooks';
import type { Outcome } from './api';
import { display, OUTCOME_TEXT } from './format';

/** The validation outcome as a badge, its meaning in the title. */
export function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  return (
    <span class={`badge badge-${outcome}`} title={OUTCOME_TEXT[outcome]}>
      {outcome}
    </span>
  );
}

/** Rows shown at most; the rest are counted ("showing N of M"). */
export const TABLE_CAP = 50;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/**
 * A table of rows, sortable by clicking a column header (keyboard: the header is a button),
 * capped at `TABLE_CAP` rows with "showing N of M" (M: `total`, the rows the query produced).
 * `mark` names a row's class and label (the table page marks total rows).
 */
export function ResultTable(props: {
  columns: string[];
  headers?: string[];
  rows: Record<string, unknown>[];
  total: number;
  caption: string;
  mark?: (row: Record<string, unknown>) => string | null;
}) {
  const [sort, setSort] = useState<{ column: string; ascending: boolean } | null>(null);
  const sorted = useMemo(() => {
    if (!sort) return props.rows;
    const copy = [...props.rows];
    copy.sort((a, b) => compare(a[sort.column], b[sort.column]) * (sort.ascending ? 1 : -1));
    return copy;
  }, [props.rows, sort]);
  const shown = sorted.slice(0, TABLE_CAP);
  return (
    <div class="table-wrap" data-testid="result-table">
      <table>
        <caption>
          {props.caption}: showing {shown.length} of {props.total}
        </caption>
        <thead>
          <tr>
            {props.columns.map((column, index) => {
              const active = sort?.column === column;
              return (
                <th key={column} scope="col" aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}>
                  <button type="button" class="sort" onClick={() => setSort({ column, ascending: active ? !sort.ascending : true })}>
                    {props.headers?.[index] ?? column}
                    <span aria-hidden="true">{active ? (sort.ascending ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => {
            const mark = props.mark?.(row) ?? null;
            return (
              <tr key={index} class={mark ? `marked marked-${mark}` : undefined}>
                {props.columns.map((column, columnIndex) => (
                  <td key={column} class={typeof row[column] === 'number' ? 'num' : undefined}>
                    {columnIndex === 0 && mark ? <span class="mark-label">{mark} </span> : null}
                    {display(row[column])}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
