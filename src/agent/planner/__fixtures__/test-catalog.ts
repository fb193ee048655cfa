/**
 * Test support: builds catalog tables by hand (cards, profiles) and the same tables as real
 * Postgres tables in an in-memory PGlite, so tests run the SQL the planner writes.
 * @module agent/planner/test-catalog
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import type { CatalogColumn, CatalogTable } from '../../../store/catalog-types.js';
import { toSqlName } from '../../../tables/sql-names.js';
import { planQuestion } from '../plan-question.js';
import type { PlanResult } from '../plan-types.js';
import type { ColumnCard, ColumnType } from '../../../tables/types.js';

/** A column to build: display name and type, plus any card fields. */
export type ColumnSpec = { name: string; type: ColumnType } & Partial<Omit<ColumnCard, 'name' | 'type'>>;

export interface TableSpec {
  sqlName: string;
  file: string;
  sheet?: string | null;
  title?: string | null;
  label?: string | null;
  hidden?: boolean;
  kind?: CatalogTable['kind'];
  baseTableIds?: string[];
  /** Source rows stored apart as totals (none by default). */
  aggregateRows?: number[];
  columns: ColumnSpec[];
  /** Values in column order; dates as `YYYY-MM-DD`; percent columns as fractions. */
  rows: (string | number | boolean | null)[][];
}

const SQL_TYPES: Record<ColumnType, string> = { integer: 'numeric', decimal: 'numeric', percent: 'numeric', date: 'date', boolean: 'boolean', text: 'text' };

/** Builds the catalog entry of a table spec, with profiles computed from its rows. */
export function catalogTable(spec: TableSpec): CatalogTable {
  const columns: CatalogColumn[] = spec.columns.map((column, index) => {
    const values = spec.rows.map((row) => row[index]).filter((v): v is string | number | boolean => v !== null);
    const distinct = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const numeric = values.every((v) => typeof v === 'number');
    return {
      sqlName: toSqlName(column.name),
      sourceColumn: index,
      concept: column.type === 'date' ? 'date' : ['integer', 'decimal', 'percent'].includes(column.type) ? 'measure' : 'dimension',
      aggregation: ['integer', 'decimal'].includes(column.type) ? 'sum' : 'none',
      ...column,
      profile: {
        distinct: distinct.length < 50 ? distinct : undefined,
        distinctCount: distinct.length,
        min: distinct.length > 0 ? (numeric ? Math.min(...(values as number[])) : String(distinct[0])) : null,
        max: distinct.length > 0 ? (numeric ? Math.max(...(values as number[])) : String(distinct[distinct.length - 1])) : null,
        nullCount: spec.rows.length - values.length,
      },
    };
  });
  const firstDate = columns.find((c) => c.type === 'date');
  return {
    id: `id_${spec.sqlName}`,
    sqlName: spec.sqlName,
    kind: spec.kind ?? 'table',
    baseTableIds: spec.baseTableIds ?? [],
    record: { recordId: `rec_${spec.file}`, version: 1, contentHash: 'hash', sourceModifiedAt: null },
    file: spec.file,
    sourcePath: spec.file,
    sheet: spec.sheet ?? null,
    hidden: spec.hidden ?? false,
    range: 'A1:Z99',
    title: spec.title ?? null,
    label: spec.label ?? null,
    headerRows: 1,
    columns,
    rowCount: spec.rows.length,
    aggregateRows: spec.aggregateRows ?? [],
    aggregateColumns: columns.filter((c) => c.isAggregateColumn).map((c) => c.name),
    outcome: 'unverifiable',
    dateRange: firstDate ? { column: firstDate.name, min: String(firstDate.profile.min), max: String(firstDate.profile.max) } : undefined,
    sampleRows: [],
    warnings: [],
    fileWarnings: [],
  };
}

/** Creates every spec as a real table in a new in-memory PGlite. */
export async function createTestDatabase(specs: TableSpec[]): Promise<PGlite> {
  const db = new PGlite();
  for (const spec of specs) {
    const names = spec.columns.map((c) => `"${toSqlName(c.name)}"`);
    // like the real views, each row carries `_sheet_row`, its 1-based source row (the header is row 1)
    await db.exec(`CREATE TABLE "${spec.sqlName}" (${spec.columns.map((c, i) => `${names[i]} ${SQL_TYPES[c.type]}`).join(', ')}, "_sheet_row" integer)`);
    for (const [index, row] of spec.rows.entries()) {
      await db.query(`INSERT INTO "${spec.sqlName}" VALUES (${[...row, index + 2].map((_, i) => `$${i + 1}`).join(', ')})`, [...row, index + 2]);
    }
  }
  return db;
}

/**
 * Plans `question` over `spec` alone and runs the SQL on `db`.
 * @returns the plan and the first cell as a number (null for SQL NULL); `value` undefined when the plan declines
 */
export async function planAndRun(db: PGlite, spec: TableSpec, question: string): Promise<{ plan: PlanResult; value: number | null | undefined }> {
  const plan = planQuestion(question, [catalogTable(spec)]);
  if (plan.kind !== 'sql') return { plan, value: undefined };
  const result = await db.query<Record<string, unknown>>(plan.sql);
  const first = result.rows[0]?.[result.fields[0].name];
  return { plan, value: first === null || first === undefined ? (first as null | undefined) : Number(first) };
}

/**
 * Plans `question` over `spec` alone and runs the SQL on `db`.
 * @returns the first column of every row as text (a list's labels); undefined when the plan declines
 */
export async function planAndList(db: PGlite, spec: TableSpec, question: string): Promise<string[] | undefined> {
  const plan = planQuestion(question, [catalogTable(spec)]);
  if (plan.kind !== 'sql') return undefined;
  const result = await db.query<Record<string, unknown>>(plan.sql);
  return result.rows.map((row) => String(row[result.fields[0].name]));
}

/**
 * For a test file: creates `specs` as tables before its tests and closes the database after.
 * @returns `ask(spec, question)` (`planAndRun` over that one table), `labels(spec, question)` (`planAndList`) and `db()`, the open database
 */
export function useTestTables(specs: TableSpec[]): {
  ask: (spec: TableSpec, question: string) => ReturnType<typeof planAndRun>;
  labels: (spec: TableSpec, question: string) => ReturnType<typeof planAndList>;
  db: () => PGlite;
} {
  let db: PGlite;
  beforeAll(async () => {
    db = await createTestDatabase(specs);
  });
  afterAll(async () => {
    await db.close();
  });
  return { ask: (spec, question) => planAndRun(db, spec, question), labels: (spec, question) => planAndList(db, spec, question), db: () => db };
}
