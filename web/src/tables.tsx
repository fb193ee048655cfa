/** The Tables page (the catalog, searchable) and one table's page (its first rows, totals marked). */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { call, type ApiError, type TableInfo, type TableRows } from './api';
import { whereOf } from './format';
import { OutcomeBadge, ResultTable } from './widgets';

function useLoad<T>(path: string): { data: T | null; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    call<T>('GET', path).then(
      (body) => live && setData(body),
      (failure: ApiError) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [path]);
  return { data, error };
}

function matches(table: TableInfo, words: string[]): boolean {
  const text = [table.name, table.file, table.path, table.sheet, table.title, ...table.columns.flatMap((column) => [column.name, column.concept, column.type])]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The catalog (GET /api/tables), filtered by every word of the search box. */
export function TablesPage() {
  const { data, error } = useLoad<{ tables: TableInfo[]; fileWarnings?: { recordId: string; warnings: string[] }[] }>('/api/tables');
  const [search, setSearch] = useState('');
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const tables = useMemo(() => (data?.tables ?? []).filter((table) => matches(table, words)), [data, search]);
  return (
    <section aria-labelledby="tables-title">
      <h2 id="tables-title">Tables</h2>
      <label for="table-search">Search tables (name, file, sheet, title, column)</label>
      <input id="table-search" type="search" value={search} onInput={(event) => setSearch((event.target as HTMLInputElement).value)} />
      {error ? <p class="error" role="alert">{error}</p> : null}
      {!data && !error ? <p class="muted">Loading…</p> : null}
      {data ? (
        <p class="muted" aria-live="polite">
          {tables.length} of {data.tables.length} tables
        </p>
      ) : null}
      <ul class="cards" data-testid="catalog">
        {tables.map((table) => (
          <li key={table.name} class="card">
            <h3>
              <a href={`#table/${encodeURIComponent(table.name)}`}>{table.name}</a> <OutcomeBadge outcome={table.outcome} />
            </h3>
            <div class="where">{whereOf(table)}</div>
            {table.title ? <div>{table.title}</div> : null}
            <div class="muted">
              {table.rowCount} rows{table.aggregateRows.length ? ` · ${table.aggregateRows.length} total/subtotal rows` : ''} · version {table.version}
              {table.kind !== 'table' ? ` · ${table.kind} view` : ''}
            </div>
            <ul class="chips" aria-label="columns">
              {table.columns.map((column) => (
                <li key={column.sqlName}>
                  {column.name} <span class="muted">{column.type}, {column.concept}{column.unit ? `, ${column.unit}` : ''}</span>
                </li>
              ))}
            </ul>
            {table.hidden || table.warnings.length ? (
              <ul class="warnings">
                {table.hidden ? <li>on a hidden sheet</li> : null}
                {table.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {data?.fileWarnings?.length ? (
        <>
          <h3>File warnings</h3>
          {/* about a file or a sheet, not one table: once per file */}
          <ul class="warnings" data-testid="file-warnings">
            {data.fileWarnings.flatMap((file) => file.warnings.map((warning) => <li key={`${file.recordId} ${warning}`}>{warning}</li>))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** One table's first 50 stored rows (GET /api/tables/:name/rows), total rows marked. */
export function TablePage({ name }: { name: string }) {
  const { data, error } = useLoad<TableRows>(`/api/tables/${encodeURIComponent(name)}/rows?limit=50`);
  const rows = useMemo(() => (data?.rows ?? []).map((row) => ({ _sheet_row: row.sheetRow, _mark: row.aggregate ? 'total' : row.hidden ? 'hidden' : null, ...row.values })), [data]);
  return (
    <section aria-labelledby="table-title">
      <p>
        <a href="#tables">← All tables</a>
      </p>
      <h2 id="table-title">{name}</h2>
      {error ? <p class="error" role="alert">{error}</p> : null}
      {!data && !error ? <p class="muted">Loading…</p> : null}
      {data ? (
        <>
          <p class="muted">First rows as stored, in sheet order. Rows marked “total” are the sheet's own total or subtotal rows: stored, never summed by queries.</p>
          <ResultTable
            columns={['_sheet_row', ...data.columns.map((column) => column.sqlName)]}
            headers={['sheet row', ...data.columns.map((column) => column.name)]}
            rows={rows}
            total={data.total}
            caption={`Rows of ${name}`}
            mark={(row) => (row._mark as string | null) ?? null}
          />
        </>
      ) : null}
    </section>
  );
}
