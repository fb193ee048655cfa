/**
 * The agent path of `ask`, end to end: the real `openai` client talks to a fake
 * OpenAI-compatible server on 127.0.0.1 that returns scripted tool calls; the tools are the
 * real catalog and the real guarded executor. A refused query is retried once with the
 * guard's message; the final answer carries the agent's SQL and its sources.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ask } from '../src/agent/index.js';
import { ingestPaths } from '../src/app/index.js';
import { createOpenAiCompatibleLlm } from '../src/llm/index.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from './helpers/fake-openai-server.js';
import { DEV_FIXTURES } from './helpers/shared-paths.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

const MEDIAN_SQL = 'SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) AS median_amount FROM orders';

function toolMessages(request: RecordedRequest): { role: string; content: string }[] {
  return (request.body.messages as { role: string; content: string }[]).filter((message) => message.role === 'tool');
}

for (const adapter of DB_ADAPTERS) {
  describe(`ask through the agent (${adapter.name})`, () => {
    let server: FakeOpenAi;
    let test: TestApp;
    beforeAll(async () => {
      server = await startFakeOpenAi({
        replies: [
          { toolCalls: [{ name: 'list_tables', arguments: {} }] },
          { toolCalls: [{ name: 'describe_table', arguments: { table: 'orders' } }] },
          { toolCalls: [{ name: 'run_sql', arguments: { sql: 'SELECT count(*) FROM record_manager' } }] },
          { toolCalls: [{ name: 'run_sql', arguments: { sql: MEDIAN_SQL } }] },
          (request) => {
            const last = toolMessages(request).at(-1)?.content ?? '';
            const median = /\d+(\.\d+)?/.exec(last.split('\n').slice(1).join('\n'))?.[0] ?? '?';
            return { content: `The median order amount is ${median}.` };
          },
        ],
      });
      const llm = createOpenAiCompatibleLlm({ model: 'fake-model', baseUrl: server.url, apiKey: 'test-key', maxRetries: 0 });
      test = await openTestApp(adapter, { llm });
      await ingestPaths(test.app, [path.join(DEV_FIXTURES, 'orders.csv')]);
    });
    afterAll(async () => {
      await test?.dispose();
      await server?.close();
    });

    it('discovers, is refused, retries with the guard’s message, and answers with sources', async () => {
      const answer = await ask(test.app, 'What is the median order amount?');
      expect(answer.mode).toBe('sql');
      expect(answer.planner).toBe('agent');
      expect(answer.sql).toBe(MEDIAN_SQL);
      expect(answer.sources.map((source) => source.file)).toEqual(['orders.csv']);
      expect(typeof answer.value).toBe('number');
      expect(answer.answer).toContain(`The median order amount is ${answer.value}`);

      const bodies = server.chatBodies();
      expect(bodies).toHaveLength(5);
      expect(bodies[0].tools.map((tool: { function: { name: string } }) => tool.function.name).sort()).toEqual(['describe_table', 'list_tables', 'run_sql']);
      const [listed, described, refused] = toolMessages(server.requests[3]).map((message) => message.content);
      expect(listed).toContain('orders');
      expect(described).toMatch(/amount/);
      expect(refused).toMatch(/record_manager/);
      expect(refused).toMatch(/orders/);
      expect(server.requests[0].headers.authorization).toBe('Bearer test-key');
    });
  });
}
