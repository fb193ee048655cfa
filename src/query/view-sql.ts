/**
 * The per-table views queries run against, built by our code and never by a model:
 * each is the body of a CTE that casts `row_data` fields to the column cards' types,
 * excludes aggregate and hidden rows, and is scoped to its table ids and tenant.
 * Every view also exposes `_sheet_row`, the 1-based source row, for provenance.
 * @module query/view-sql
 */
import type { ColumnType } from '../tables/types.js';
import type { CatalogTable } from '../store/catalog-types.js';
import { quoteIdentifier } from '../db/index.js';
import { InternalError } from '../errors.js';

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidLiteral(id: string): string {
  if (!UUID.test(id)) throw new InternalError(`not a table id: ${id}`);
  return `'${id}'::uuid`;
}

/** `row_data->>'key'` cast to the SQL type of a column type. */
export function castField(field: string, type: ColumnType, rowAlias = 'r'): string {
  const text = `${rowAlias}.row_data->>${literal(field)}`;
  switch (type) {
    case 'integer':
    case 'decimal':
    case 'percent':
      return `(${text})::numeric`;
    case 'date':
      return `(${text})::date`;
    case 'boolean':
      return `(${text})::boolean`;
    default:
      return text;
  }
}

/** The SQL type name views give a column type. */
export function sqlTypeOf(type: ColumnType): string {
  return type === 'integer' || type === 'decimal' || type === 'percent' ? 'numeric' : type === 'date' ? 'date' : type === 'boolean' ? 'boolean' : 'text';
}

const DATA_ROWS = 'NOT r.is_aggregate AND NOT r.is_hidden';

/**
 * The SELECT that defines one table's view (the body of its CTE).
 * @param table a catalog table of any kind
 * @param tenantId the caller's tenant; rows of other tenants never match
 * @throws Error when a derived table's definition is incomplete (a bug, not user input)
 */
export function viewSql(table: CatalogTable, tenantId: string): string {
  const scope = `r.tenant_id = ${literal(tenantId)}`;
  if (table.kind === 'table') {
    const columns = table.columns.map((card) => `${castField(card.sqlName, card.type)} AS ${quoteIdentifier(card.sqlName)}`);
    return `SELECT ${[...columns, 'r.sheet_row AS _sheet_row'].join(', ')} FROM tabular_document_rows r WHERE r.table_id = ${uuidLiteral(table.id)} AND ${scope} AND ${DATA_ROWS}`;
  }
  const definition = table.definition ?? {};
  if (table.kind === 'union') {
    const labels = definition.labels ?? {};
    const cases = table.baseTableIds.map((id) => `WHEN ${uuidLiteral(id)} THEN ${literal(labels[id] ?? '')}`).join(' ');
    const columns = table.columns.map((card) =>
      card.derived === 'label'
        ? `CASE r.table_id ${cases} END AS ${quoteIdentifier(card.sqlName)}`
        : `${castField(card.sqlName, card.type)} AS ${quoteIdentifier(card.sqlName)}`,
    );
    const ids = table.baseTableIds.map(uuidLiteral).join(', ');
    return `SELECT ${[...columns, 'r.sheet_row AS _sheet_row'].join(', ')} FROM tabular_document_rows r WHERE r.table_id IN (${ids}) AND ${scope} AND ${DATA_ROWS}`;
  }
  const periods = definition.periods ?? [];
  const dimensions = new Set(definition.dimensions ?? []);
  if (periods.length === 0 || table.baseTableIds.length !== 1) throw new InternalError(`long table ${table.sqlName} has no periods`);
  const periodCards = table.columns.filter((card) => !dimensions.has(card.sqlName));
  const [periodName, indexName, valueName] = periodCards.map((card) => card.sqlName);
  const values = periods
    .map((p) => `(${literal(p.period)}, ${p.index}, ${castField(p.column, 'decimal')})`)
    .join(', ');
  const columns = [
    ...table.columns.filter((card) => dimensions.has(card.sqlName)).map((card) => `${castField(card.sqlName, card.type)} AS ${quoteIdentifier(card.sqlName)}`),
    `p.period AS ${quoteIdentifier(periodName)}`,
    `p.period_index AS ${quoteIdentifier(indexName)}`,
    `p.value AS ${quoteIdentifier(valueName)}`,
    'r.sheet_row AS _sheet_row',
  ];
  return `SELECT ${columns.join(', ')} FROM tabular_document_rows r CROSS JOIN LATERAL (VALUES ${values}) AS p(period, period_index, value) WHERE r.table_id = ${uuidLiteral(table.baseTableIds[0])} AND ${scope} AND ${DATA_ROWS}`;
}

/** The ids of the stored tables whose rows a table's view reads. */
export function rowTableIds(table: CatalogTable): string[] {
  return table.kind === 'table' ? [table.id] : table.baseTableIds;
}
