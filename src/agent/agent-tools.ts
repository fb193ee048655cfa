/**
 * The agent's discovery tools (and `search_documents` where documents are stored): their JSON schemas for the model, the port the rest of
 * gridrag implements (thin wrappers over the catalog and the guarded executor), and the
 * dispatch of one model tool call to that port.
 * @module agent/agent-tools
 */
import { describeError } from '../errors.js';
import type { ToolCall, ToolSchema } from '../llm/index.js';
import { capText, TOOL_TEXT_LIMIT } from './catalog-text.js';

/** What one `run_sql` call gave. */
export interface SqlToolResult {
  /** True when the SQL passed the guard and ran. */
  ok: boolean;
  /** What the model reads: rows as text, or the error; at most 8000 characters. */
  text: string;
  /** The SQL as the model wrote it. */
  sql: string;
  /** The guard's or the database's message when `ok` is false. */
  error?: string;
  /** The structured query result (opaque here), for provenance and the answer card. */
  result?: unknown;
}

/** The tools, implemented over the catalog and the guarded SQL executor. */
export interface AgentTools {
  /** One line per queryable table: SQL name, file, sheet, title, row count, a short column list. */
  listTables(): Promise<string>;
  /**
   * The column cards of one table (SQL names, types, units, aggregation rules, distinct values)
   * and sample rows.
   * @param id the table's SQL name as `listTables` shows it
   * @throws NotFoundError when there is no such table (the message is shown to the model)
   */
  describeTable(id: string): Promise<string>;
  /** Guards and runs one read-only SELECT. Refusals and failures come back with `ok: false`. */
  runSql(sql: string): Promise<SqlToolResult>;
  /**
   * Hybrid search of the tenant's documents (absent when none are stored: the tool is then not
   * offered). Filters apply inside the search; below the similarity floor nothing is returned.
   * @param k passages, 1 to 10
   * @returns the passages as text for the model (numbered, each with its citation)
   */
  searchDocuments?(query: string, filters: DocumentToolFilters, k: number): Promise<string>;
}

/** Filters the model may pass to `search_documents`. */
export interface DocumentToolFilters {
  files?: string[];
  fileTypes?: string[];
  metadata?: Record<string, string | number | boolean>;
  /** True: search the table rows (one row per result, `Header: value | …`) instead of the documents, for "rows like X". */
  rows?: boolean;
}

/** Tool names, as the model calls them. */
export const TOOL_NAMES = { listTables: 'list_tables', describeTable: 'describe_table', runSql: 'run_sql', searchDocuments: 'search_documents' } as const;

/** Most passages one `search_documents` call returns. */
export const MAX_SEARCH_PASSAGES = 10;

/** The schemas sent to the model (OpenAI function calling). */
export const AGENT_TOOL_SCHEMAS: ToolSchema[] = [
  {
    name: TOOL_NAMES.listTables,
    description: 'Lists every table you can query: its SQL name, source file, sheet, title and row count. Call this first.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: TOOL_NAMES.describeTable,
    description:
      'Describes one table: each column with its SQL name, type, unit, aggregation rule (sum, avg, weighted_avg with its weight column, none), distinct values, and a few sample rows. Call it before writing SQL over the table.',
    parameters: {
      type: 'object',
      properties: { table: { type: 'string', description: 'The table SQL name exactly as list_tables shows it.' } },
      required: ['table'],
      additionalProperties: false,
    },
  },
  {
    name: TOOL_NAMES.runSql,
    description:
      'Runs ONE read-only PostgreSQL SELECT over the listed tables and returns the rows. Total and subtotal rows are already excluded. Use exact table and column SQL names.',
    parameters: {
      type: 'object',
      properties: { sql: { type: 'string', description: 'One SELECT statement (WITH … SELECT allowed), no semicolon-separated second statement.' } },
      required: ['sql'],
      additionalProperties: false,
    },
  },
];

/** The schema of `search_documents`, offered only when the tools implement it. */
export const SEARCH_DOCUMENTS_SCHEMA: ToolSchema = {
  name: TOOL_NAMES.searchDocuments,
  description:
    'Searches the company\'s documents (policies, notes, reports; PDF, Word, HTML, Markdown) and returns the best passages with their file, page or heading. Use it for policies, how-tos, explanations and context; use run_sql for numbers. Cite the passages you use by file and heading or page.',
  parameters: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to look for, in words likely to appear in the passage.' },
      filters: {
        type: 'object',
        description: 'Optional: only these files, file types (pdf, docx, md, html, txt) or front-matter values.',
        properties: {
          files: { type: 'array', items: { type: 'string' } },
          file_types: { type: 'array', items: { type: 'string' } },
          metadata: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
        },
        additionalProperties: false,
      },
      k: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_PASSAGES, description: 'How many passages (default 5).' },
      rows: {
        type: 'boolean',
        description: 'true: search the rows of the spreadsheets instead (each result one row, "Header: value | …"), for questions like "customers with a profile like X"; query names X.',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
};

/** The schemas to send for these tools: the three discovery tools, plus `search_documents` when implemented. */
export function toolSchemasFor(tools: AgentTools): ToolSchema[] {
  return tools.searchDocuments ? [...AGENT_TOOL_SCHEMAS, SEARCH_DOCUMENTS_SCHEMA] : AGENT_TOOL_SCHEMAS;
}

/** Longest text sent back for `list_tables` / `describe_table`, in characters. */
export const MAX_TOOL_TEXT = TOOL_TEXT_LIMIT;

/** The outcome of one tool call: the message content for the model, and the SQL run if any. */
export interface ToolCallOutcome {
  content: string;
  /** Set for `run_sql` calls that reached `AgentTools.runSql`. */
  sqlRun?: SqlToolResult;
}

/**
 * Runs one tool call. Never throws: unknown tools, malformed or incomplete JSON arguments
 * and errors thrown by the tools become an explanatory `content` for the model.
 */
export async function executeToolCall(call: ToolCall, tools: AgentTools): Promise<ToolCallOutcome> {
  const known = toolSchemasFor(tools).map((schema) => schema.name);
  if (!known.includes(call.name)) {
    return { content: `Error: there is no tool named "${call.name}". The tools are: ${known.join(', ')}.` };
  }
  const parsed = parseArguments(call);
  if (typeof parsed === 'string') return { content: parsed };
  try {
    if (call.name === TOOL_NAMES.listTables) return { content: truncate(await tools.listTables()) };
    if (call.name === TOOL_NAMES.searchDocuments && tools.searchDocuments) {
      const query = requireText(parsed, 'query', call.name);
      if (query.error) return { content: query.error };
      const k = Math.min(MAX_SEARCH_PASSAGES, Math.max(1, Number.isInteger(parsed.k) ? (parsed.k as number) : 5));
      const filters = { ...documentFilters(parsed.filters), ...(parsed.rows === true ? { rows: true } : {}) };
      return { content: truncate(await tools.searchDocuments(query.value, filters, k)) };
    }
    if (call.name === TOOL_NAMES.describeTable) {
      const table = requireText(parsed, 'table', call.name);
      if (table.error) return { content: table.error };
      return { content: truncate(await tools.describeTable(table.value)) };
    }
    const sql = requireText(parsed, 'sql', call.name);
    if (sql.error) return { content: sql.error };
    return sqlOutcome(await runSqlSafely(tools, sql.value));
  } catch (error) {
    return { content: `Error from ${call.name}: ${describeError(error)}` };
  }
}

async function runSqlSafely(tools: AgentTools, sql: string): Promise<SqlToolResult> {
  try {
    return await tools.runSql(sql);
  } catch (error) {
    const message = describeError(error);
    return { ok: false, sql, error: message, text: message };
  }
}

function sqlOutcome(run: SqlToolResult): ToolCallOutcome {
  if (run.ok) return { content: run.text, sqlRun: run };
  const error = run.error ?? run.text;
  return {
    content: `Error: the query failed: ${error}\nSQL: ${run.sql}\nFix the query (use only names from list_tables and describe_table) and call run_sql again. You have one more try.`,
    sqlRun: run,
  };
}

function parseArguments(call: ToolCall): Record<string, unknown> | string {
  const text = call.arguments.trim();
  if (text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch (error) {
    return `Error: the arguments of ${call.name} are not valid JSON (${describeError(error)}). Send one JSON object, e.g. ${example(call.name)}.`;
  }
  return `Error: the arguments of ${call.name} must be a JSON object, e.g. ${example(call.name)}.`;
}

function requireText(args: Record<string, unknown>, key: string, tool: string): { value: string; error?: string } {
  const value = args[key];
  if (typeof value === 'string' && value.trim() !== '') return { value: value.trim() };
  return { value: '', error: `Error: ${tool} needs a non-empty text argument "${key}", e.g. ${example(tool)}.` };
}

function documentFilters(value: unknown): DocumentToolFilters {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const texts = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : undefined);
  const metadata = typeof raw.metadata === 'object' && raw.metadata !== null && !Array.isArray(raw.metadata)
    ? Object.fromEntries(Object.entries(raw.metadata).filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1])))
    : undefined;
  return { files: texts(raw.files), fileTypes: texts(raw.file_types ?? raw.fileTypes), metadata };
}

function example(tool: string): string {
  if (tool === TOOL_NAMES.searchDocuments) return '{"query": "return policy for damaged goods"}';
  if (tool === TOOL_NAMES.describeTable) return '{"table": "orders"}';
  if (tool === TOOL_NAMES.runSql) return '{"sql": "SELECT count(*) FROM orders"}';
  return '{}';
}

function truncate(text: string): string {
  return capText(text, MAX_TOOL_TEXT);
}
