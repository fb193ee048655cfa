import { describe, expect, it } from 'vitest';
import { AGENT_TOOL_SCHEMAS, MAX_TOOL_TEXT, executeToolCall, type AgentTools } from './agent-tools.js';

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
