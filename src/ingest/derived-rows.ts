/**
 * The rows of a derived table (union or long form) as its base tables' data rows go by, to
 * profile it and count its rows: a derived table stores no rows (its view reads the base
 * tables'), and a streamed base (a sheet too tall to hold) is seen only a slice at a time, as
 * its rows are stored. Memory is bounded by a slice, whatever the size of the bases.
 * @module ingest/derived-rows
 */
import type { DetectedTable, StoredValue } from '../tables/types.js';
import type { ColumnProfile } from '../store/catalog-types.js';
import { dataRows, type ProfileSink } from '../store/file-writes.js';
import { ColumnProfiler, profileColumns } from './column-profile.js';
import type { DerivedTableSpec } from './derived-tables.js';

/** Derived rows made at a time, about (a long form makes one per period of each base row). */
const SLICE_ROWS = 10_000;

/** Profiles a derived table from its bases' data rows, fed base by base in any slices. */
export class DerivedRows {
  /** Derived rows seen so far: the table's row count once every base is fed. */
  rowCount = 0;
  private readonly profiler: ColumnProfiler;

  constructor(private readonly spec: DerivedTableSpec) {
    this.profiler = new ColumnProfiler(spec.columns);
  }

  /** True when the table at `baseIndex` (in the file's table list) is one of this table's bases. */
  reads(baseIndex: number): boolean {
    return this.spec.baseIndexes.includes(baseIndex);
  }

  /**
   * Adds data rows of one base (`row_data` objects keyed by sqlName; no aggregate or hidden
   * rows), in sheet order; bases are fed in the order of `baseIndexes`.
   */
  add(baseIndex: number, rows: Record<string, StoredValue>[]): void {
    const position = this.spec.baseIndexes.indexOf(baseIndex);
    if (position < 0) return;
    const perRow = this.spec.kind === 'long' ? Math.max(1, this.spec.definition.periods?.length ?? 1) : 1;
    const step = Math.max(1, Math.floor(SLICE_ROWS / perRow));
    for (let from = 0; from < rows.length; from += step) {
      const derived = this.derive(position, rows.slice(from, from + step));
      this.profiler.add(derived);
      this.rowCount += derived.length;
    }
  }

  /** `{ [sqlName]: profile }` over the derived rows seen. */
  profile(): Record<string, ColumnProfile> {
    return this.profiler.result();
  }

  /** The derived rows of base rows: a union labels each with its base; a long form makes one per period. */
  private derive(position: number, rows: Record<string, StoredValue>[]): Record<string, StoredValue>[] {
    const { spec } = this;
    if (spec.kind === 'union') {
      const labelColumn = spec.definition.labelColumn as string;
      const label = (spec.labels as string[])[position];
      return rows.map((row) => ({ ...row, [labelColumn]: label }));
    }
    const [periodCard, indexCard, valueCard] = spec.columns.slice(-3);
    const periods = spec.definition.periods ?? [];
    return rows.flatMap((row) => periods.map((p) => ({ ...row, [periodCard.sqlName]: p.period, [indexCard.sqlName]: p.index, [valueCard.sqlName]: row[p.column] ?? null })));
  }
}

/**
 * A table's profile and data row count as `insertTable` takes them, its data rows also given to
 * the derived tables that read it (table `index` of the file): a held table's at once; a streamed
 * table's through the sink `insertTable` feeds each slice as it is stored.
 */
export function profileFeeding(table: DetectedTable, index: number, derived: DerivedRows[]): { profile: Record<string, ColumnProfile> | ProfileSink; rowCount: number } {
  const readers = derived.filter((rows) => rows.reads(index));
  if (table.streamed === undefined) {
    const data = dataRows(table);
    for (const rows of readers) rows.add(index, data);
    return { profile: profileColumns(table.columns, data), rowCount: data.length };
  }
  const own = new ColumnProfiler(table.columns);
  const sink: ProfileSink = {
    add: (rows) => {
      own.add(rows);
      for (const reader of readers) reader.add(index, rows);
    },
    result: () => own.result(),
  };
  return { profile: sink, rowCount: table.streamed.dataRows };
}
