/**
 * The shapes of the HTTP API's JSON bodies as the page reads them. They mirror the server's zod
 * schemas (src/app, src/server/schemas.ts, /openapi.json); `npm run typecheck` (run before
 * `npm test`) compiles test/web-api-contract.types.ts, which fails when a body the server can
 * send is not assignable to these types or when they name a field the server lacks.
 * Types only: this file imports nothing, so the root tsconfig can compile it outside the page.
 */

export type Outcome = 'verified' | 'unverifiable' | 'floor';

export interface Source {
  file: string;
  path: string | null;
  sheet: string | null;
  range: string;
  table: string;
  outcome: Outcome;
  version: number;
  contentHash: string;
  modifiedAt: string | null;
  rows?: number[];
}

export interface Passage {
  file: string;
  path: string | null;
  page: number | null;
  heading: string | null;
  version: number;
  quote: string;
}

export interface Answer {
  question: string;
  answer: string;
  mode: 'sql' | 'vector' | 'hybrid' | 'none';
  value: string | number | boolean | null;
  unit?: string;
  columns: string[];
  rows: Record<string, unknown>[];
  rowCount: number;
  truncated: boolean;
  sql: string | null;
  sources: Source[];
  passages?: Passage[];
  outcome: Outcome | null;
  explanation?: string;
  chart?: Record<string, unknown>;
  cached?: boolean;
}

export interface TableColumn {
  name: string;
  sqlName: string;
  type: string;
  concept: string;
  unit?: string;
}

export interface TableInfo {
  name: string;
  kind: string;
  recordId: string;
  file: string;
  path: string | null;
  sheet: string | null;
  hidden: boolean;
  range: string;
  title: string | null;
  columns: TableColumn[];
  rowCount: number;
  aggregateRows: number[];
  outcome: Outcome;
  version: number;
  warnings: string[];
}

export interface TableRows {
  table: string;
  columns: { name: string; sqlName: string; type: string }[];
  rows: { sheetRow: number; aggregate: boolean; hidden: boolean; values: Record<string, unknown> }[];
  total: number;
}

export interface FileRecord {
  id: string;
  sourceKind: string;
  path: string | null;
  title: string;
  status: 'ready' | 'failed';
  version: number;
  error: string | null;
  warnings: string[];
  ingestedAt: string;
}

export interface UploadResult {
  file: string;
  status: 'ingested' | 'replaced' | 'unchanged' | 'failed';
  tables: number;
  rows: number;
  error?: { code: string; message: string };
  warnings: string[];
}
