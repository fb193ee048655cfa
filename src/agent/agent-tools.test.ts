import { describe, expect, it } from 'vitest';
import { AGENT_TOOL_SCHEMAS, MAX_TOOL_TEXT, executeToolCall, toolSchemasFor, type AgentTools } from './agent-tools.js';

const tools: AgentTools = {
  listTables: async () => 'x'.repeat(MAX_TOOL_TEXT + 500),
  describeTable: async (id) => `table ${id}`,
  runSql: async (sql) => {
    if (sql.includes('boom')) throw new Error('connection lost');
    return { ok: false, sql, text: 'Error: refused', error: 'only SELECT is allowed' };
  },
};

describe('executeToolCall', () => {
  it('cuts long discovery texts and says so', async () => {
    const outcome = await executeToolCall({ id: '1', name: 'list_tables', arguments: '' }, tools);
    expect(outcome.content.length).toBeLessThanOrEqual(MAX_TOOL_TEXT);
    expect(MAX_TOOL_TEXT).toBe(8000);
    expect(outcome.content).toMatch(/truncated: showing \d+ of \d+ characters/);
    expect(outcome.sqlRun).toBeUndefined();
  });

  it('reports a guard refusal with the reason and the SQL, and returns the run', async () => {
    const outcome = await executeToolCall({ id: '1', name: 'run_sql', arguments: '{"sql":"DELETE FROM t"}' }, tools);
    expect(outcome.content).toContain('only SELECT is allowed');
    expect(outcome.content).toContain('SQL: DELETE FROM t');
    expect(outcome.sqlRun).toMatchObject({ ok: false, sql: 'DELETE FROM t' });
  });

  it('turns a thrown runSql into a failed run instead of throwing', async () => {
    const outcome = await executeToolCall({ id: '1', name: 'run_sql', arguments: '{"sql":"SELECT boom"}' }, tools);
    expect(outcome.sqlRun).toEqual({ ok: false, sql: 'SELECT boom', error: 'connection lost', text: 'connection lost' });
    expect(outcome.content).toContain('connection lost');
  });

  it('rejects arguments that are JSON but not an object', async () => {
    const outcome = await executeToolCall({ id: '1', name: 'describe_table', arguments: '["orders"]' }, tools);
    expect(outcome.content).toMatch(/must be a JSON object/);
  });

  it('offers three function schemas with required arguments', () => {
    expect(AGENT_TOOL_SCHEMAS.map((schema) => [schema.name, schema.parameters.required ?? []])).toEqual([
      ['list_tables', []],
      ['describe_table', ['table']],
      ['run_sql', ['sql']],
    ]);
  });
});

describe('search_documents', () => {
  const calls: unknown[][] = [];
  const withDocuments: AgentTools = {
    ...tools,
    searchDocuments: async (query, filters, k) => {
      calls.push([query, filters, k]);
      return 'p'.repeat(MAX_TOOL_TEXT * 2);
    },
  };

  it('is offered only by tools that implement it', () => {
    expect(toolSchemasFor(tools).map((schema) => schema.name)).toEqual(['list_tables', 'describe_table', 'run_sql']);
    expect(toolSchemasFor(withDocuments).map((schema) => schema.name)).toEqual(['list_tables', 'describe_table', 'run_sql', 'search_documents']);
  });

  it('caps its text like the others, clamps k and keeps only well-formed filters', async () => {
    const outcome = await executeToolCall(
      { id: '1', name: 'search_documents', arguments: JSON.stringify({ query: ' refunds ', k: 99, filters: { file_types: ['pdf', 3], metadata: { team: 'ops', nested: { x: 1 } } } }) },
      withDocuments,
    );
    expect(outcome.content.length).toBeLessThanOrEqual(MAX_TOOL_TEXT);
    expect(calls.at(-1)).toEqual(['refunds', { files: undefined, fileTypes: ['pdf'], metadata: { team: 'ops' } }, 10]);
    await executeToolCall({ id: '2', name: 'search_documents', arguments: '{"query":"x","k":0}' }, withDocuments);
    expect(calls.at(-1)?.[2]).toBe(1);
  });

  it('passes rows: true through as a search of the table rows', async () => {
    await executeToolCall({ id: '3', name: 'search_documents', arguments: JSON.stringify({ query: 'Müller GmbH', rows: true }) }, withDocuments);
    expect(calls.at(-1)).toEqual(['Müller GmbH', { files: undefined, fileTypes: undefined, metadata: undefined, rows: true }, 5]);
    await executeToolCall({ id: '4', name: 'search_documents', arguments: JSON.stringify({ query: 'x', rows: 'yes' }) }, withDocuments);
    expect(calls.at(-1)?.[1]).not.toHaveProperty('rows');
  });

  it('needs a query, and is unknown where not offered', async () => {
    expect((await executeToolCall({ id: '1', name: 'search_documents', arguments: '{}' }, withDocuments)).content).toMatch(/needs a non-empty text argument "query"/);
    expect((await executeToolCall({ id: '1', name: 'search_documents', arguments: '{"query":"x"}' }, tools)).content).toMatch(/no tool named "search_documents"/);
  });
});
