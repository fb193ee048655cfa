import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors.js';
import { createOpenAiCompatibleLlm } from '../llm/index.js';
import { startFakeOpenAi, type FakeOpenAi, type ScriptedReply } from '../../test/helpers/fake-openai-server.js';
import { runAgent } from './agent.js';
import type { AgentTools, SqlToolResult } from './agent-tools.js';

const TABLES = 'orders — orders.csv, 120 rows: order_date (date), region (text), revenue (decimal, sum)';
const ORDERS = 'orders\n- revenue: decimal, EUR, aggregation sum\n- region: text, distinct: AMER, APAC, EMEA';

/** Fake tools: scripted SQL outcomes by exact SQL text, every call recorded. */
function fakeTools(sqlOutcomes: Record<string, { rows?: string; error?: string }> = {}) {
  const calls: string[] = [];
  const tools: AgentTools = {
    async listTables() {
      calls.push('list_tables');
      return TABLES;
    },
    async describeTable(id) {
      calls.push(`describe_table ${id}`);
      if (id !== 'orders') throw new NotFoundError(`no table named "${id}"; call list_tables`);
      return ORDERS;
    },
    async runSql(sql): Promise<SqlToolResult> {
      calls.push(`run_sql ${sql}`);
      const outcome = sqlOutcomes[sql] ?? { error: `relation does not exist` };
      if (outcome.error) return { ok: false, sql, text: `Error: ${outcome.error}`, error: outcome.error };
      return { ok: true, sql, text: outcome.rows ?? '', result: { rows: outcome.rows } };
    },
  };
  return { tools, calls };
}

describe('runAgent', () => {
  let server: FakeOpenAi | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function llmWith(replies: ScriptedReply[]) {
    server = await startFakeOpenAi({ replies });
    return createOpenAiCompatibleLlm({ model: 'fake-model', baseUrl: server.url, apiKey: 'sk-fake' });
  }

  const SUM = 'SELECT sum(revenue) FROM orders';

  it('runs list_tables → describe_table → run_sql → answer through the real client, sending the tools\' texts back', async () => {
    const llm = await llmWith([
      { toolCalls: [{ id: 'c1', name: 'list_tables', arguments: '{}' }] },
      { toolCalls: [{ id: 'c2', name: 'describe_table', arguments: { table: 'orders' } }] },
      { toolCalls: [{ id: 'c3', name: 'run_sql', arguments: { sql: SUM } }] },
      { content: 'Total revenue is 1,234.50 EUR (orders.csv).' },
    ]);
    const { tools, calls } = fakeTools({ [SUM]: { rows: 'sum\n1234.5' } });
    const result = await runAgent('What is the total revenue?', { llm, tools, glossary: [{ term: 'complaint', where: 'Rating <= 2' }] });

    expect(result).toMatchObject({ answer: 'Total revenue is 1,234.50 EUR (orders.csv).', rounds: 4, failed: false });
    expect(result.error).toBeUndefined();
    expect(calls).toEqual(['list_tables', 'describe_table orders', `run_sql ${SUM}`]);
    expect(result.sqlRuns.map((run) => run.sql)).toEqual([SUM]);
    expect(result.lastSuccessful?.result).toEqual({ rows: 'sum\n1234.5' });
    expect(result.usage).toEqual({ promptTokens: 40, completionTokens: 20, totalTokens: 60 });

    const bodies = server!.chatBodies();
    expect(bodies).toHaveLength(4);
    expect(bodies[0].tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual(['list_tables', 'describe_table', 'run_sql']);
    expect(bodies[0].messages[0].role).toBe('system');
    expect(bodies[0].messages[0].content).toContain('"complaint": rows where Rating <= 2');
    expect(bodies[0].messages[1]).toEqual({ role: 'user', content: 'What is the total revenue?' });
    const last = bodies[3].messages;
    expect(last.filter((m: { role: string }) => m.role === 'tool')).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: TABLES },
      { role: 'tool', tool_call_id: 'c2', content: ORDERS },
      { role: 'tool', tool_call_id: 'c3', content: 'sum\n1234.5' },
    ]);
    expect(last[2]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'list_tables' } }] });
  });

  it('feeds a failed query back with its error and lets the model retry once', async () => {
    const bad = 'SELECT sum(revenu) FROM orders';
    const llm = await llmWith([
      { toolCalls: [{ id: 'c1', name: 'run_sql', arguments: { sql: bad } }] },
      { toolCalls: [{ id: 'c2', name: 'run_sql', arguments: { sql: SUM } }] },
      { content: 'Revenue totals 1234.5 EUR.' },
    ]);
    const { tools } = fakeTools({ [bad]: { error: 'column "revenu" does not exist' }, [SUM]: { rows: '1234.5' } });
    const result = await runAgent('Total revenue?', { llm, tools });

    expect(result).toMatchObject({ failed: false, answer: 'Revenue totals 1234.5 EUR.', rounds: 3 });
    expect(result.sqlRuns.map((run) => run.ok)).toEqual([false, true]);
    expect(result.lastSuccessful?.sql).toBe(SUM);
    const second = server!.chatBodies()[1].messages.at(-1);
    expect(second.role).toBe('tool');
    expect(second.content).toContain('column "revenu" does not exist');
    expect(second.content).toContain(bad);
  });

  it('ends with the error and the SQL after two failed queries in a row', async () => {
    const first = 'SELECT x FROM orders';
    const second = 'SELECT y FROM orders';
    const llm = await llmWith([
      { toolCalls: [{ name: 'run_sql', arguments: { sql: first } }] },
      { toolCalls: [{ name: 'run_sql', arguments: { sql: second } }] },
      { content: 'should never be asked' },
    ]);
    const { tools } = fakeTools({ [first]: { error: 'column "x" does not exist' }, [second]: { error: 'column "y" does not exist' } });
    const result = await runAgent('q', { llm, tools });

    expect(result.failed).toBe(true);
    expect(result.rounds).toBe(2);
    expect(result.error).toContain('column "y" does not exist');
    expect(result.error).toContain(second);
    expect(result.answer).toContain('column "y" does not exist');
    expect(result.lastSuccessful).toBeUndefined();
    expect(server!.chatBodies()).toHaveLength(2);
  });

  it('answers malformed arguments, missing fields and unknown tools with an explaining tool message', async () => {
    const llm = await llmWith([
      {
        toolCalls: [
          { id: 'a', name: 'run_sql', arguments: '{"sql": "SELECT 1' },
          { id: 'b', name: 'describe_table', arguments: '{}' },
          { id: 'c', name: 'drop_everything', arguments: '{}' },
          { id: 'd', name: 'describe_table', arguments: { table: 'nope' } },
        ],
      },
      { content: 'No table answers this question.' },
    ]);
    const { tools, calls } = fakeTools();
    const result = await runAgent('q', { llm, tools });

    expect(result).toMatchObject({ failed: false, rounds: 2, sqlRuns: [] });
    expect(calls).toEqual(['describe_table nope']);
    const toolMessages = server!.chatBodies()[1].messages.filter((m: { role: string }) => m.role === 'tool');
    expect(toolMessages.map((m: { tool_call_id: string }) => m.tool_call_id)).toEqual(['a', 'b', 'c', 'd']);
    expect(toolMessages[0].content).toMatch(/not valid JSON/);
    expect(toolMessages[1].content).toMatch(/needs a non-empty text argument "table"/);
    expect(toolMessages[2].content).toMatch(/no tool named "drop_everything".*list_tables, describe_table, run_sql/);
    expect(toolMessages[3].content).toContain('no table named "nope"');
  });

  it('stops honestly when rounds run out', async () => {
    const llm = await llmWith([
      { toolCalls: [{ name: 'run_sql', arguments: { sql: SUM } }] },
      { toolCalls: [{ name: 'list_tables', arguments: {} }] },
      { toolCalls: [{ name: 'list_tables', arguments: {} }] },
    ]);
    const { tools } = fakeTools({ [SUM]: { rows: '1234.5' } });
    const result = await runAgent('q', { llm, tools, maxRounds: 3 });

    expect(result.failed).toBe(true);
    expect(result.rounds).toBe(3);
    expect(result.error).toBe('no answer within 3 rounds');
    expect(result.answer).toMatch(/could not reach an answer within 3 steps/);
    expect(result.answer).not.toContain('1234.5');
    expect(result.lastSuccessful?.sql).toBe(SUM);
    expect(server!.chatBodies()).toHaveLength(3);
  });

  it('rides out a 429 from the endpoint and still answers', async () => {
    const llm = await llmWith([{ status: 429, message: 'rate limited' }, { content: 'No table holds weather data.' }]);
    const result = await runAgent('What is the weather?', { llm, tools: fakeTools().tools });

    expect(result).toMatchObject({ failed: false, rounds: 1, answer: 'No table holds weather data.' });
    expect(server!.chatBodies()).toHaveLength(2);
  });

  it('a success between failures resets the retry budget', async () => {
    const bad = 'SELECT nope FROM orders';
    const llm = await llmWith([
      { toolCalls: [{ name: 'run_sql', arguments: { sql: bad } }] },
      { toolCalls: [{ name: 'run_sql', arguments: { sql: SUM } }] },
      { toolCalls: [{ name: 'run_sql', arguments: { sql: bad } }] },
      { content: 'done' },
    ]);
    const { tools } = fakeTools({ [SUM]: { rows: '1' } });
    const result = await runAgent('q', { llm, tools });

    expect(result).toMatchObject({ failed: false, answer: 'done', rounds: 4 });
    expect(result.sqlRuns.map((run) => run.ok)).toEqual([false, true, false]);
  });
});
