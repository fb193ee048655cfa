/**
 * The agent's `search_documents` tool, end to end: the real `openai` client and a fake
 * OpenAI-compatible server that scripts the tool calls; the passages come from the real hybrid
 * search with the tool's filters applied inside it. The answer keeps the SQL's table sources
 * and the passages apart (`mode: 'hybrid'`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ask } from '../src/agent/index.js';
import { MAX_TOOL_TEXT } from '../src/agent/agent-tools.js';
import { ingestPaths } from '../src/app/index.js';
import { createOpenAiCompatibleLlm } from '../src/llm/index.js';
import { DB_ADAPTERS } from './helpers/db-adapters.js';
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from './helpers/fake-openai-server.js';
import { DEV_FIXTURES } from './helpers/shared-paths.js';
import { openTestApp, type TestApp } from './helpers/test-app.js';

const MEDIAN_SQL = 'SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) AS median_amount FROM orders';
const POLICY = '# Customer policies\n\n## Returns\nItems can be returned within 30 days of delivery. Refunds are paid to the original card within 5 days.\n';

function toolMessages(request: RecordedRequest): { role: string; content: string }[] {
  return (request.body.messages as { role: string; content: string }[]).filter((message) => message.role === 'tool');
}

for (const adapter of DB_ADAPTERS) {
  describe(`search_documents through the agent (${adapter.name})`, () => {
    let server: FakeOpenAi;
    let test: TestApp;
    let folder: string;
    beforeAll(async () => {
      server = await startFakeOpenAi({
        replies: [
          {
            toolCalls: [
              { name: 'search_documents', arguments: { query: 'refunds paid to the card', filters: { file_types: ['md'] }, k: 2 } },
              { name: 'search_documents', arguments: { query: 'refunds paid to the card', filters: { file_types: ['pdf'] } } },
            ],
          },
          { toolCalls: [{ name: 'run_sql', arguments: { sql: MEDIAN_SQL } }] },
          { content: 'The median order amount is in the table result; refunds are paid within 5 days (policies.md › Returns).' },
        ],
      });
      const llm = createOpenAiCompatibleLlm({ model: 'fake-model', baseUrl: server.url, apiKey: 'test-key', maxRetries: 0 });
      test = await openTestApp(adapter, { llm });
      folder = await mkdtemp(path.join(os.tmpdir(), 'gridrag-prose-agent-'));
      await copyFile(path.join(DEV_FIXTURES, 'orders.csv'), path.join(folder, 'orders.csv'));
      await writeFile(path.join(folder, 'policies.md'), POLICY);
      await ingestPaths(test.app, [folder]);
    });
    afterAll(async () => {
      await test?.dispose();
      await server?.close();
      await rm(folder, { recursive: true, force: true });
    });

    it('offers search_documents, applies its filters, and answers with table sources and passages apart', async () => {
      const answer = await ask(test.app, 'What is the median order amount, and what does the returns policy say about refunds?');
      expect(answer.route?.route).toBe('both');
      expect(answer.mode).toBe('hybrid');
      expect(answer.planner).toBe('agent');
      expect(answer.sql).toBe(MEDIAN_SQL);
      expect(answer.sources.map((source) => source.file)).toEqual(['orders.csv']);
      expect(answer.passages?.map((passage) => [passage.file, passage.heading])).toEqual([['policies.md', 'Customer policies › Returns']]);
      expect(answer.answer).toContain('refunds are paid within 5 days');

      const bodies = server.chatBodies();
      expect(bodies[0].tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual(['list_tables', 'describe_table', 'run_sql', 'search_documents']);
      expect(bodies[0].messages[0].content).toContain('search_documents for policies');
      const [markdown, pdf] = toolMessages(server.requests[1]).map((message) => message.content);
      expect(markdown).toMatch(/^\[1\] policies\.md › Customer policies › Returns \(chunk 0, score 0\.\d+, similarity 0\.\d\d, version 1\)\n## Returns\nItems can be returned/);
      expect(markdown.length).toBeLessThanOrEqual(MAX_TOOL_TEXT);
      expect(pdf).toMatch(/^I don't have this in the documents\./);
    });
  });
}
