/**
 * Tables of a sheet too tall to hold as cells (`Grid.store`, more than `ReadLimits.streamRows`
 * rows), read in bounded memory:
 * - structure is found on the sheet's first rows (`Grid.rows`) as for any sheet: banners,
 *   header, columns, the tables above; the last table there, when it runs to the end of those
 *   rows, is the tall one. Its kept columns and the sheet's end (notes below, a table under it)
 *   are read from the whole store; the end is found by detection on the last chunk;
 * - the body is read in chunks of `chunkRows` rows, each a small grid (the header rows, then the
 *   chunk) given to `buildTable` with the same columns, title and notes: rows typed, totals and
 *   sections flagged per chunk. A first pass keeps counts, column types, validation and the row
 *   accounting and drops the rows; `StreamedRows.chunks()` builds them again for the database.
 * Differences from reading the sheet whole, all on the tall table only: a column whose chunks
 * type differently is widened (integer+decimal → decimal, else text, values as their text); a
 * total is recognised from its own chunk (label, sums of the rows above within the chunk) and
 * verified against every row above it; the header printed again inside the body (a page break of
 * an export: `repeatedHeaderStart`) is always the table going on under it, a `repeated header`
 * row, never the start of another block of the same schema (the next year's Jan, Feb, Mar).
 * @module tables/streamed-table
 */
import type { Grid } from '../extract/grid.js';
import { buildTable, type TableSource } from './build-table.js';
import { isBlankCell } from './cells.js';
import { isCommentRecord } from './clean-csv.js';
import { detectTableRegions, type TableRegion } from './detect-tables.js';
import { fingerprintTable } from './fingerprint.js';
import { foldHeaderNames } from './header-names.js';
import { headerKey, repeatedHeaderStart } from './stacked-headers.js';
import { accountRows, DETAIL_LIMIT, type SheetAccount } from './account-rows.js';
import { hiddenSheetWarning, tableWarnings } from './table-warnings.js';
import { validateTable } from './validate-table.js';
import type { ColumnCard, ColumnType, DetectedTable, StoredValue, TableRow, ValidationCheck } from './types.js';
import type { RowStore } from '../extract/row-store.js';
import { runSteps } from '../extract/pace.js';

/** Rows per chunk of a streamed table. */
export const STREAM_CHUNK_ROWS = 10_000;
/** Rows a plain pass over the store (its filled columns) reads between two steps of `streamedSheetSteps`. */
const STEP_ROWS = 20_000;

/** What a streamed sheet yields. */
export interface StreamedSheet {
  tables: DetectedTable[];
  account: SheetAccount;
  warnings: string[];
}

/** The whole sheet as ordinary rows of cells (the fallback for a tall sheet of an unusual shape). */
export function materializeGrid(grid: Grid): Grid {
  const store = grid.store;
  if (store === undefined) return grid;
  const rows = new Array<ReturnType<typeof store.row>>(store.length);
  const rowHidden = new Array<boolean>(store.length);
  for (let r = 0; r < store.length; r++) {
    rows[r] = r < grid.rows.length ? grid.rows[r] : store.row(r);
    rowHidden[r] = r < grid.rows.length ? grid.rowHidden[r] === true : store.isHidden(r);
  }
  // Outline levels were read for the first rows only: none is better than half.
  const { store: _store, rowOutlineLevels: _levels, outlineSummaryBelow: _below, ...rest } = grid;
  return { ...rest, rows, rowHidden };
}

/**
 * Reads the tables of a sheet held in a compact store.
 * @returns null when the sheet's first rows end in no table running on (the caller reads the sheet whole)
 */
export function readStreamedSheet(grid: Grid, format: 'csv' | 'xlsx', decimalSeparator: '.' | ',', chunkRows = STREAM_CHUNK_ROWS): StreamedSheet | null {
  return runSteps(streamedSheetSteps(grid, format, decimalSeparator, chunkRows));
}

/**
 * `readStreamedSheet` in steps: the generator yields after each chunk of the body (a chunk is
 * built as a table, a few hundred milliseconds for 10,000 rows), so that a caller can let the
 * event loop run between them (`extract/pace.ts`).
 */
export function* streamedSheetSteps(grid: Grid, format: 'csv' | 'xlsx', decimalSeparator: '.' | ',', chunkRows = STREAM_CHUNK_ROWS): Generator<void, StreamedSheet | null> {
  const store = grid.store;
  if (store === undefined) return null;
  const options = { decimalSeparator, format };
  const headLength = grid.rows.length;
  const detected = detectTableRegions(grid, options);
  yield;
  const regions = [...detected.regions].sort((a, b) => a.range.top - b.range.top || a.range.left - b.range.left);
  const tall = regions.find((region) => region.range.bottom >= headLength - 1);
  if (tall === undefined || tall.totalsAbove !== undefined || regions.some((region) => region !== tall && region.range.bottom >= tall.range.top && region.range.left > tall.range.right)) return null;
  const above = regions.filter((region) => region !== tall);
  const { top, left } = tall.range;
  const headerRows = tall.headerRows;
  const bodyStart = top + headerRows;
  const total = store.length;
  if (bodyStart >= total) return null;
  const right = Math.max(tall.range.right, store.width - 1);

  const rowAt = (r: number) => (r < headLength ? grid.rows[r] : store.row(r));
  const hiddenAt = (r: number) => (r < headLength ? grid.rowHidden[r] === true : store.isHidden(r));

  // Columns kept as in `buildTable`: those with a header or any value, over every row; and the body rows repeating the header.
  const range = { top, left, right, bottom: headLength - 1 };
  const filled = new Array<boolean>(right - left + 1).fill(false);
  const headerKeys = Array.from({ length: headerRows }, (_, offset) => headerKey(grid, top + offset, range));
  const repeatedHeaders: number[] = [];
  for (let r = top; r < total; r++) {
    if (r % STEP_ROWS === 0) yield;
    const cells = rowAt(r);
    for (let c = left; c <= Math.min(right, cells.length - 1); c++) if (!filled[c - left] && !isBlankCell(cells[c] ?? null)) filled[c - left] = true;
    const repeatFrom = r > bodyStart ? repeatedHeaderStart(cells, r, rowAt, range, headerKeys, bodyStart) : null;
    if (repeatFrom !== null) for (let row = Math.max(repeatFrom, (repeatedHeaders.at(-1) ?? -1) + 1); row <= r; row++) repeatedHeaders.push(row);
  }
  const names = headerRows > 0 ? foldHeaderNames(grid, range, top, headerRows) : filled.map((_, index) => `Column ${index + 1}`);
  const columns = filled.flatMap((kept, offset) => (kept ? [{ offset, name: names[offset] }] : []));

  // Chunks of the body: the last takes the remainder, so it is never a handful of rows.
  const bodyRows = total - bodyStart;
  const chunkCount = Math.max(1, Math.floor(bodyRows / chunkRows));
  const shape: ChunkShape = {
    sheet: { name: grid.name, index: grid.index, hidden: grid.hidden, columnHidden: grid.columnHidden },
    headerCells: grid.rows.slice(top, bodyStart),
    headerHidden: grid.rowHidden.slice(top, bodyStart).map((hidden) => hidden === true),
    top, left, right, bodyStart, total, chunkRows, chunkCount, headerRows, format,
  };
  const bounds = (i: number) => chunkBounds(shape, i);
  const chunkGrid = (from: number, to: number) => gridOfChunk(shape, rowAt, hiddenAt, from, to);
  const toSheetRow = (from: number) => (gridRow: number) => sheetRowOf(shape, from, gridRow);

  // The end of the table: detection on the last chunk (notes below it, a table under it).
  const [lastFrom, lastTo] = bounds(chunkCount - 1);
  const lastGrid = chunkGrid(lastFrom, lastTo);
  yield;
  const tail = detectTableRegions(lastGrid, options).regions.sort((a, b) => a.range.top - b.range.top);
  yield;
  const tailOwn = tail.find((region) => region.range.top === 0 && region.headerRows === headerRows);
  const lastBottom = tailOwn?.range.bottom ?? lastGrid.rows.length - 1;
  const under = tailOwn === undefined ? [] : tail.filter((region) => region.range.top > lastBottom);
  const notes = [...tall.notes, ...(tailOwn?.notes ?? [])];
  const several = regions.length + under.length > 1;
  const source = (region: TableRegion): TableSource => ({
    sheet: grid.name,
    sheetIndex: grid.index,
    sheetHidden: grid.hidden,
    decimalSeparator,
    label: several && region.title ? region.title : grid.name ?? region.title,
  });
  const tallSource = source(tall);
  const body: ChunkBody = { shape, lastBottom, title: tall.title, notes, source: tallSource, columns, repeatedHeaders };

  /** Chunk i built as a table, in the chunk grid's rows (`toSheetRow` maps them), with its grid. */
  const buildChunk = (i: number) => buildBodyChunk(body, i, i === chunkCount - 1 ? lastGrid : chunkGrid(...bounds(i)));

  // Pass 1: counts, column types, totals, accounting; the rows are dropped.
  const aboveTables = above.map((region) => buildTable(grid, region, source(region)));
  const cardVotes: (ColumnCard | undefined)[] = [];
  let sectionCard: ColumnCard | undefined;
  const widened: (ColumnType | undefined)[] = [];
  const invalid: number[] = [];
  const noValues: ({ count: number; texts: string[] } | undefined)[] = [];
  const aggregateSheetRows: number[] = [];
  let dataRows = 0;
  let hiddenRows = 0;
  const validationRows: TableRow[] = [];
  const nonNull = new Map<string, number>();
  const numberTotals: Record<string, number> = {};
  const emptyStated = new Map<string, number>();
  /** Per aggregate row (1-based sheet row): data rows above it, and since the previous total. */
  const dataAbove = new Map<number, { all: number; since: number }>();
  let dataAtLastTotal = 0;
  const accounts: SheetAccount[] = [];
  let underTables: DetectedTable[] = [];
  let first: DetectedTable | undefined;
  /** Numbers merged over several rows, counted once (a merge over two chunks is split in both). */
  const mergedNumbers = new Map<string, NonNullable<DetectedTable['mergedNumbers']>[number]>();
  const ownIndex = aboveTables.length;
  for (let i = 0; i < chunkCount; i++) {
    yield;
    const { table, grid: chunk, from } = buildChunk(i);
    first ??= table;
    for (const merged of table.mergedNumbers ?? []) {
      const { top, left, bottom, right } = merged.range;
      const key = `${merged.column}:${top},${left},${bottom},${right}`;
      if (!mergedNumbers.has(key)) mergedNumbers.set(key, merged);
    }
    const map = toSheetRow(from);
    let extra: DetectedTable[] = [];
    if (i === chunkCount - 1) extra = under.map((region) => buildTable(chunk, region, source(region)));
    accounts.push(shiftAccount(accountRows(chunk, [table, ...extra]), chunk, headerRows, map, ownIndex));
    if (i === chunkCount - 1) underTables = extra.map((other) => shiftTable(other, map));
    table.columns.forEach((card, index) => {
      if (card.derived === 'section') {
        sectionCard ??= card;
        return;
      }
      invalid[index] = (invalid[index] ?? 0) + (card.invalidCount ?? 0);
      if (card.noValue !== undefined) noValues[index] = mergeNoValue(noValues[index], card.noValue);
      const filledHere = table.rows.some((row) => !row.isAggregate && !row.hidden && row.values[card.sqlName] !== null);
      if (!filledHere) {
        cardVotes[index] ??= card;
        return;
      }
      const before = widened[index];
      const type = before === undefined ? card.type : widen(before, card.type);
      if (before === undefined || type !== before) cardVotes[index] = card.type === type ? card : cardVotes[index] ?? card;
      widened[index] = type;
    });
    for (const check of table.validation.checks) {
      if (check.kind === 'empty_column' && check.column !== undefined) emptyStated.set(check.column, (emptyStated.get(check.column) ?? 0) + (check.stated ?? 0));
    }
    for (const row of table.rows) {
      const sheetRow = map(row.sheetRow - 1) + 1;
      if (row.isAggregate) {
        aggregateSheetRows.push(sheetRow);
        validationRows.push({ ...row, sheetRow });
        dataAbove.set(sheetRow, { all: dataRows, since: dataRows - dataAtLastTotal });
        dataAtLastTotal = dataRows;
        continue;
      }
      if (row.hidden) hiddenRows++;
      else dataRows++;
      addToRun(validationRows, row);
      if (row.hidden) continue;
      for (const [key, value] of Object.entries(row.values)) {
        if (value === null) continue;
        nonNull.set(key, (nonNull.get(key) ?? 0) + 1);
        if (typeof value === 'number') numberTotals[key] = (numberTotals[key] ?? 0) + value;
      }
    }
  }
  const base = first as DetectedTable;
  const cards: ColumnCard[] = base.columns
    .filter((card) => card.derived !== 'section')
    .map((card, index) => finalCard(cardVotes[index] ?? card, widened[index] ?? card.type, invalid[index] ?? 0, noValues[index]));
  if (sectionCard !== undefined) cards.push(sectionCard);
  const types = new Map(cards.map((card) => [card.sqlName, card.type]));

  const bottom = toSheetRow(bounds(chunkCount - 1)[0])(lastBottom);
  const table: DetectedTable = {
    ...base,
    range: { top, left, right, bottom },
    columns: cards,
    rows: [],
    aggregateColumns: cards.filter((card) => card.isAggregateColumn).map((card) => card.name),
    notes: [...notes],
  };
  delete table.mergedNumbers;
  if (mergedNumbers.size > 0) table.mergedNumbers = [...mergedNumbers.values()];
  table.validation = streamedValidation(table, validationRows, dataRows, nonNull, emptyStated, dataAbove);
  table.fingerprint = fingerprintTable(table, grid);
  table.streamed = { dataRows, aggregateSheetRows, hiddenRows, numberTotals, chunks: bodyChunks(body, store, headLength, keptHeadRows(grid, bodyStart, headLength), types) };

  // Accounting: the rows above the body (banners, the tables above, the header), then each chunk's.
  const headGrid: Grid = { ...grid, rows: grid.rows.slice(0, bodyStart), rowHidden: grid.rowHidden.slice(0, bodyStart) };
  delete headGrid.store;
  const headStub: DetectedTable = { ...table, range: { ...table.range, bottom: bodyStart - 1 }, rows: [] };
  delete headStub.streamed;
  const account = mergeAccounts(grid, [accountRows(headGrid, [...aboveTables, headStub]), ...accounts], total, rowAt);
  const tables = [...aboveTables, table, ...underTables];
  // The warnings of reading the sheet whole (`read-tables.ts`), in its order.
  const warnings: string[] = [...detected.warnings];
  for (const each of tables) {
    each.warnings = tableWarnings(each, grid.name, each === table ? hiddenRows : each.rows.filter((row) => row.hidden).length);
    warnings.push(...each.warnings);
  }
  if (grid.hidden) warnings.push(hiddenSheetWarning(grid.name, tables.length));
  return { tables, account, warnings };
}

/** The layout of a streamed table's body: where it is, how it is cut in chunks, the header rows every chunk repeats. */
interface ChunkShape {
  sheet: Pick<Grid, 'name' | 'index' | 'hidden' | 'columnHidden'>;
  /** The header rows' cells and hidden flags (sheet rows `top` to `bodyStart - 1`). */
  headerCells: Grid['rows'];
  headerHidden: boolean[];
  top: number;
  left: number;
  right: number;
  bodyStart: number;
  /** Rows of the sheet. */
  total: number;
  chunkRows: number;
  chunkCount: number;
  headerRows: number;
  format: 'csv' | 'xlsx';
}

/** What building a body chunk as a table needs besides its cells. */
interface ChunkBody {
  shape: ChunkShape;
  /** The table's last row in the last chunk's grid. */
  lastBottom: number;
  title: TableRegion['title'];
  notes: string[];
  source: TableSource;
  columns: { offset: number; name: string }[];
  /** Sheet rows (0-based, ascending) of the body that print the header again (`repeatedHeaderStart`): no table rows. */
  repeatedHeaders: number[];
}

/** First and last sheet row (0-based) of chunk i; the last chunk takes the remainder. */
function chunkBounds(shape: ChunkShape, i: number): [number, number] {
  const from = shape.bodyStart + i * shape.chunkRows;
  return [from, i === shape.chunkCount - 1 ? shape.total - 1 : from + shape.chunkRows - 1];
}

/** A chunk as a small grid: the header rows, then sheet rows `from` to `to`. */
function gridOfChunk(shape: ChunkShape, rowAt: (r: number) => Grid['rows'][number], hiddenAt: (r: number) => boolean, from: number, to: number): Grid {
  const rows = [...shape.headerCells];
  const rowHidden = [...shape.headerHidden];
  const sheetRows = rows.map((_, r) => shape.top + r);
  for (let r = from; r <= to; r++) {
    rows.push(rowAt(r));
    rowHidden.push(hiddenAt(r));
    sheetRows.push(r);
  }
  const { name, index, hidden, columnHidden } = shape.sheet;
  return { name, index, hidden, rows, rowHidden, columnHidden, merges: [], sheetRows };
}

/** The 0-based sheet row of row `gridRow` of the chunk grid that starts its body at sheet row `from`. */
function sheetRowOf(shape: ChunkShape, from: number, gridRow: number): number {
  return gridRow < shape.headerRows ? shape.top + gridRow : from + gridRow - shape.headerRows;
}

/** Chunk i of the body built as a table (rows in the chunk grid's numbering), with its grid and first sheet row. */
function buildBodyChunk(body: ChunkBody, i: number, chunk: Grid): { table: DetectedTable; grid: Grid; from: number } {
  const { shape } = body;
  const bottom = i === shape.chunkCount - 1 ? body.lastBottom : chunk.rows.length - 1;
  const region: TableRegion = { range: { top: 0, left: shape.left, right: shape.right, bottom }, headerRows: shape.headerRows, title: body.title, notes: body.notes };
  const from = chunkBounds(shape, i)[0];
  // The chunk's rows repeating the header, in the chunk grid's numbering (its header rows first).
  const skipRows = body.repeatedHeaders.map((sheetRow) => sheetRow - from + shape.headerRows).filter((r) => r >= shape.headerRows && r <= bottom);
  if (shape.format === 'csv') {
    for (let r = shape.headerRows; r <= bottom; r++) if (isCommentRecord(chunk.rows[r])) skipRows.push(r);
  }
  if (skipRows.length > 0) region.skipRows = [...new Set(skipRows)].sort((a, b) => a - b);
  return { table: buildTable(chunk, region, body.source, body.columns), grid: chunk, from };
}

/**
 * The head's body rows that a merge touches, as the head holds them (merged values copied in):
 * the store holds every row as read, before merges; any other row of the store is the head's row.
 */
function keptHeadRows(grid: Grid, bodyStart: number, headLength: number): Map<number, Grid['rows'][number]> {
  const kept = new Map<number, Grid['rows'][number]>();
  for (const merge of grid.merges) {
    for (let r = Math.max(merge.top, bodyStart); r <= Math.min(merge.bottom, headLength - 1); r++) kept.set(r, grid.rows[r]);
  }
  return kept;
}

/**
 * The second pass: the body's rows built again chunk by chunk, from the store. It holds none of
 * the sheet's head cells (its first `streamRows` rows as objects, about 40 MB for 50,000 rows of
 * 10 columns), which can go once the sheet is read, but the header rows and the rows a merge touches.
 */
function bodyChunks(body: ChunkBody, store: RowStore, headLength: number, kept: Map<number, Grid['rows'][number]>, types: Map<string, ColumnType>): () => Generator<TableRow[]> {
  const { shape } = body;
  const rowAt = (r: number) => (r < headLength ? kept.get(r) : undefined) ?? store.row(r);
  const hiddenAt = (r: number) => store.isHidden(r);
  return function* chunks() {
    for (let i = 0; i < shape.chunkCount; i++) {
      const { table: chunk, from } = buildBodyChunk(body, i, gridOfChunk(shape, rowAt, hiddenAt, ...chunkBounds(shape, i)));
      for (const row of chunk.rows) {
        row.sheetRow = sheetRowOf(shape, from, row.sheetRow - 1) + 1;
        for (const key in row.values) row.values[key] = asType(row.values[key], types.get(key));
      }
      yield chunk.rows;
    }
  };
}

/** The type holding the values of two chunks' types: equal, a number, else text. */
function widen(a: ColumnType, b: ColumnType): ColumnType {
  if (a === b) return a;
  if ((a === 'integer' || a === 'decimal') && (b === 'integer' || b === 'decimal')) return 'decimal';
  return 'text';
}

/** The "no value" cells of two chunks of one column: counts added, distinct texts kept in order (at most 5, as `buildTable` keeps). */
function mergeNoValue(before: { count: number; texts: string[] } | undefined, chunk: { count: number; texts: string[] }): { count: number; texts: string[] } {
  if (before === undefined) return { count: chunk.count, texts: [...chunk.texts] };
  return { count: before.count + chunk.count, texts: [...new Set([...before.texts, ...chunk.texts])].slice(0, 5) };
}

function finalCard(card: ColumnCard, type: ColumnType, invalidCount: number, noValue?: { count: number; texts: string[] }): ColumnCard {
  const result: ColumnCard = { ...card };
  if (invalidCount > 0) result.invalidCount = invalidCount;
  else delete result.invalidCount;
  // Numbers and dates only, as `buildTable` counts them: a column widened to text says nothing of them.
  if (noValue !== undefined && type !== 'text') result.noValue = noValue;
  else delete result.noValue;
  if (type === card.type) return result;
  result.type = type;
  if (type === 'text') {
    result.concept = card.concept === 'measure' || card.concept === 'date' ? 'dimension' : card.concept;
    result.aggregation = 'none';
    delete result.unit;
    delete result.currency;
    delete result.weightBy;
    delete result.dateOrder;
    delete result.assumedDayFirst;
  }
  return result;
}

/** A value of a chunk typed narrower than its column, as the column's type stores it. */
function asType(value: StoredValue, type: ColumnType | undefined): StoredValue {
  if (value === null || type !== 'text' || typeof value === 'string') return value;
  return String(value);
}

/**
 * Adds a data or hidden row to the validation rows: consecutive rows of the same kind are
 * one row holding their numbers' sums (and any other value), so totals check as on the whole table.
 */
function addToRun(rows: TableRow[], row: TableRow): void {
  const last = rows[rows.length - 1];
  if (last === undefined || last.isAggregate || last.hidden !== row.hidden) {
    rows.push({ sheetRow: row.sheetRow, values: { ...row.values }, isAggregate: false, hidden: row.hidden });
    return;
  }
  for (const [key, value] of Object.entries(row.values)) {
    const before = last.values[key];
    if (typeof value === 'number' && Number.isFinite(value)) last.values[key] = typeof before === 'number' ? before + value : value;
    else if (before === null || before === undefined) last.values[key] = typeof value === 'number' ? null : value;
  }
}

/** Validation over the run rows; the row count and empty-column checks over the real counts. */
function streamedValidation(
  table: DetectedTable, runs: TableRow[], dataRows: number, nonNull: Map<string, number>, emptyStated: Map<string, number>,
  dataAbove: Map<number, { all: number; since: number }>,
) {
  const totals = validateTable({ ...table, rows: runs }).checks.filter((check) => check.kind === 'total');
  // The messages count the run rows: they say the data rows each run stands for.
  for (const check of totals) {
    const counts = check.sheetRow === undefined ? undefined : dataAbove.get(check.sheetRow);
    if (counts === undefined) continue;
    check.message = check.message
      .replace(/the \d+ rows since the previous total/, `the ${counts.since} rows since the previous total`)
      .replace(/all \d+ data rows above/, `all ${counts.all} data rows above`);
  }
  const aggregates = runs.filter((row) => row.isAggregate).length;
  const checks: ValidationCheck[] = [
    ...totals,
    { kind: 'row_count', ok: dataRows > 0, stated: dataRows, computed: dataRows, message: dataRows === 0 ? 'no data rows' : `${dataRows} data rows stored, ${dataRows} in the source after removing ${aggregates} total rows` },
  ];
  for (const card of table.columns) {
    const stated = emptyStated.get(card.name);
    if (card.derived !== undefined || stated === undefined || (nonNull.get(card.sqlName) ?? 0) > 0) continue;
    checks.push({ kind: 'empty_column', ok: false, column: card.name, stated, computed: 0, message: `${card.name}: ${stated} values in the source, none could be read as ${card.type}` });
  }
  const failed = checks.some((check) => !check.ok);
  return { outcome: failed ? ('floor' as const) : totals.length > 0 ? ('verified' as const) : ('unverifiable' as const), checks };
}

function shiftTable(table: DetectedTable, map: (gridRow: number) => number): DetectedTable {
  for (const row of table.rows) row.sheetRow = map(row.sheetRow - 1) + 1;
  return { ...table, range: { ...table.range, top: map(table.range.top), bottom: map(table.range.bottom) } };
}

/** A chunk's account in sheet rows, its copy of the header rows taken out, table indexes after the tables above. */
function shiftAccount(account: SheetAccount, chunk: Grid, headerRows: number, map: (gridRow: number) => number, ownIndex: number): SheetAccount {
  for (let r = 0; r < headerRows; r++) {
    const blank = (chunk.rows[r] ?? []).every((cell) => isBlankCell(cell ?? null));
    if (blank) account.excluded.blank--;
    else account.excluded.header--;
  }
  account.details = account.details
    .filter((row) => row.sheetRow > headerRows)
    .map((row) => ({ ...row, sheetRow: map(row.sheetRow - 1) + 1, ...(row.table === undefined ? {} : { table: row.table + ownIndex }) }));
  return account;
}

/** The sheet's account: the parts summed; blank rows at the ends of chunks (outside their own count) counted blank. */
function mergeAccounts(grid: Grid, parts: SheetAccount[], total: number, rowAt: (r: number) => ReturnType<NonNullable<Grid['store']>['row']>): SheetAccount {
  let rows = total;
  while (rows > 0 && rowAt(rows - 1).every((cell) => isBlankCell(cell ?? null))) rows--;
  const merged: SheetAccount = {
    sheet: grid.name,
    sheetIndex: grid.index,
    rows,
    stored: { data: 0, aggregate: 0, hidden: 0 },
    excluded: { blank: 0, header: 0, 'repeated header': 0, title: 0, note: 0, section: 0, merged: 0, comment: 0, dialect: 0, outside: 0 },
    details: [],
  };
  for (const part of parts) {
    merged.stored.data += part.stored.data;
    merged.stored.aggregate += part.stored.aggregate;
    merged.stored.hidden += part.stored.hidden;
    for (const reason of Object.keys(merged.excluded) as (keyof SheetAccount['excluded'])[]) merged.excluded[reason] += part.excluded[reason];
    for (const row of part.details) if (merged.details.length < DETAIL_LIMIT) merged.details.push(row);
  }
  const counted = merged.stored.data + merged.stored.aggregate + merged.stored.hidden + Object.values(merged.excluded).reduce((sum, n) => sum + n, 0);
  merged.excluded.blank += rows - counted;
  return merged;
}
