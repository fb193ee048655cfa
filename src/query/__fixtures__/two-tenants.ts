/**
 * Test data for the query tests: two tenants' records, tables and rows inserted with plain SQL,
 * with marker strings that must never reach tenant A's results.
 */
import type { Db } from '../../db/index.js';
import type { CatalogTable } from '../../store/catalog-types.js';
import type { ColumnCard, ColumnType } from '../../tables/types.js';
import { viewSql } from '../view-sql.js';

export const TENANT_A = 'tenant-a';
export const TENANT_B = 'tenant-b';

/** Strings only tenant B's data, internal tables and secrets hold. */
export const FOREIGN_MARKERS = ['TENANT_B_SECRET', TENANT_B, 'RECORD_SECRET', 'QUERY_LOG_SECRET', 'root:x:0:0', 'SCRAM-SHA-256$'];

export interface TwoTenants {
  ordersId: string;
  feedbackId: string;
  otherOrdersId: string;
  /** Tenant A's views, as the lead's `viewSql` builds them. */
  views: { name: string; sql: string }[];
  /** Counts of every table, to compare after attacks. */
  snapshot(): Promise<Record<string, number>>;
}

function card(sqlName: string, type: ColumnType): ColumnCard {
  return { name: sqlName, sqlName, sourceColumn: 0, type, concept: type === 'text' ? 'dimension' : 'measure', aggregation: type === 'decimal' ? 'sum' : 'none' };
}

const ORDER_COLUMNS = [card('customer', 'text'), card('amount', 'decimal'), card('order_date', 'date'), card('region', 'text')];
const FEEDBACK_COLUMNS = [card('customer', 'text'), card('score', 'integer')];

function catalogTable(id: string, sqlName: string, columns: ColumnCard[]): CatalogTable {
  return { id, sqlName, kind: 'table', baseTableIds: [], columns } as unknown as CatalogTable;
}

async function insertTable(db: Db, tenant: string, title: string, sqlName: string, columns: ColumnCard[]): Promise<{ recordId: string; tableId: string }> {
  const record = await db.query<{ id: string }>(
    `insert into record_manager (tenant_id, source_kind, source_ref, title, data_type, content_hash)
     values ($1, 'local', $2, $3, 'tabular', 'hash-' || $2) returning id`,
    [tenant, `${tenant}/${sqlName}`, title],
  );
  const table = await db.query<{ id: string }>(
    `insert into tabular_tables (record_id, tenant_id, sql_name, range_a1, columns) values ($1, $2, $3, 'A1:D9', $4::jsonb) returning id`,
    [record.rows[0].id, tenant, sqlName, JSON.stringify(columns)],
  );
  return { recordId: record.rows[0].id, tableId: table.rows[0].id };
}

async function insertRows(db: Db, ids: { recordId: string; tableId: string }, tenant: string, rows: { data: object; aggregate?: boolean; hidden?: boolean }[]): Promise<void> {
  let sheetRow = 2;
  for (const row of rows) {
    await db.query(
      `insert into tabular_document_rows (record_id, table_id, tenant_id, sheet_row, row_data, is_aggregate, is_hidden) values ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
      [ids.recordId, ids.tableId, tenant, sheetRow++, JSON.stringify(row.data), row.aggregate ?? false, row.hidden ?? false],
    );
  }
}

/** Inserts tenant A's `orders` (5 data rows, a total row) and `feedback`, tenant B's `orders`, and a stray B row under A's table id. */
export async function seedTwoTenants(db: Db): Promise<TwoTenants> {
  const orders = await insertTable(db, TENANT_A, 'orders.csv RECORD_SECRET', 'orders', ORDER_COLUMNS);
  await insertRows(db, orders, TENANT_A, [
    { data: { customer: 'Acme', amount: 120.5, order_date: '2024-01-15', region: 'North' } },
    { data: { customer: 'Acme', amount: 80, order_date: '2024-02-03', region: 'North' } },
    { data: { customer: 'Globex', amount: 300, order_date: '2024-02-20', region: 'South' } },
    { data: { customer: 'Initech', amount: 45.25, order_date: '2024-03-01', region: 'Zürich' } },
    { data: { customer: 'Umbrella', amount: 10, order_date: '2024-03-09', region: null } },
    { data: { customer: 'Total', amount: 555.75 }, aggregate: true },
  ]);
  // A row of tenant B filed under tenant A's table id: the tenant check must hide it.
  await insertRows(db, orders, TENANT_B, [{ data: { customer: 'TENANT_B_SECRET', amount: 999999, order_date: '2024-01-01', region: 'TENANT_B_SECRET' } }]);
  const feedback = await insertTable(db, TENANT_A, 'feedback.xlsx', 'feedback', FEEDBACK_COLUMNS);
  await insertRows(db, feedback, TENANT_A, [
    { data: { customer: 'Acme', score: 4 } },
    { data: { customer: 'Globex', score: 2 } },
  ]);
  const other = await insertTable(db, TENANT_B, 'orders.csv RECORD_SECRET', 'orders', ORDER_COLUMNS);
  await insertRows(db, other, TENANT_B, [{ data: { customer: 'TENANT_B_SECRET', amount: 1, order_date: '2024-01-01', region: 'TENANT_B_SECRET' } }]);
  await db.query(`insert into query_log (tenant_id, sql, outcome) values ($1, 'select QUERY_LOG_SECRET', 'ok')`, [TENANT_B]);
  // Statistics exist, so pg_stats would show most common values if row-level security let it.
  await db.exec('analyze record_manager, tabular_document_rows, query_log');

  const views = [
    { name: 'orders', sql: viewSql(catalogTable(orders.tableId, 'orders', ORDER_COLUMNS), TENANT_A) },
    { name: 'feedback', sql: viewSql(catalogTable(feedback.tableId, 'feedback', FEEDBACK_COLUMNS), TENANT_A) },
  ];
  return {
    ordersId: orders.tableId,
    feedbackId: feedback.tableId,
    otherOrdersId: other.tableId,
    views,
    async snapshot() {
      const counts: Record<string, number> = {};
      for (const table of ['record_manager', 'tabular_tables', 'tabular_document_rows', 'query_log', 'gridrag_scope_secret']) {
        counts[table] = Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n);
      }
      const tables = await db.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
      counts.public_tables = Number(tables.rows[0].n);
      const titles = await db.query<{ t: string }>(`select string_agg(title, ',' order by title) as t from record_manager`);
      counts.titles_hash = [...(titles.rows[0].t ?? '')].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
      return counts;
    },
  };
}

const NUMBER_COLUMNS = [card('n', 'integer'), card('label', 'text')];

/**
 * Adds tenant A's table `t` of `count` rows (`n` 1…count, `label` 'row n'), for queries that
 * multiply rows, and returns its view.
 */
export async function seedNumbers(db: Db, count: number): Promise<{ tableId: string; view: { name: string; sql: string } }> {
  const ids = await insertTable(db, TENANT_A, 'numbers.csv', 't', NUMBER_COLUMNS);
  await db.query(
    `insert into tabular_document_rows (record_id, table_id, tenant_id, sheet_row, row_data, is_aggregate, is_hidden)
     select $1, $2, $3, g + 1, jsonb_build_object('n', g, 'label', 'row ' || g), false, false from generate_series(1, $4::int) g`,
    [ids.recordId, ids.tableId, TENANT_A, count],
  );
  await db.exec('analyze tabular_document_rows');
  return { tableId: ids.tableId, view: { name: 't', sql: viewSql(catalogTable(ids.tableId, 't', NUMBER_COLUMNS), TENANT_A) } };
}
