import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_ADAPTERS } from '../../test/helpers/db-adapters.js';
import { startFakeOpenAi, type FakeOpenAi, type ScriptedReply } from '../../test/helpers/fake-openai-server.js';
import { openTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { ingestFile } from '../ingest/index.js';
import { createOpenAiCompatibleLlm } from '../llm/index.js';
import { ask } from './ask.js';

const ORDERS = 'Order,Country,Amount\n1,Germany,120\n2,France,80\n3,Germany,50\n4,Spain,200\n';
const POLICIES = `# Customer policies

## Shipping
Orders ship within 3 working days. Express shipping delivers the next working day for a fee of 9 EUR.

## Returns
Items can be returned within 30 days of delivery.
`;

for (const adapter of DB_ADAPTERS) {
  describe(`ask with an LLM: answers written from the passages (${adapter.name})`, () => {
    let test: TestApp;
    let server: FakeOpenAi;
    const replies: ScriptedReply[] = [];
    beforeAll(async () => {
      server = await startFakeOpenAi({ replies: Array.from({ length: 20 }, () => () => replies.shift() ?? { status: 500, headers: { 'x-should-retry': 'false' } }) });
      test = await openTestApp(adapter, { llm: createOpenAiCompatibleLlm({ model: 'fake-model', baseUrl: server.url, apiKey: 'sk-fake', maxRetries: 0 }) });
      for (const [name, text] of [['orders.csv', ORDERS], ['policies.md', POLICIES]]) {
        await ingestFile(test.app.db, { tenantId: 'default', sourceKind: 'local', sourceRef: name, sourcePath: name, fileName: name, bytes: Buffer.from(text) });
      }
    });
    afterEach(() => {
      server.requests.length = 0;
      replies.length = 0;
    });
    afterAll(async () => {
      await test?.dispose();
      await server?.close();
    });

    it('answers a policy question generatively from the passages, keeping the citations', async () => {
      replies.push({ content: 'Orders ship within 3 working days; express delivers the next working day for 9 EUR [1].' });
      const answer = await ask(test.app, 'How long does shipping take?');
      expect(answer.mode).toBe('vector');
      expect(answer.search).toMatchObject({ writer: 'llm' });
      expect(answer.answer).toMatch(/^Orders ship within 3 working days; express delivers the next working day for 9 EUR \[1\]\.\n\nPassages cited:\n\[1\] "/);
      expect(answer.answer).toMatch(/— policies\.md › Customer policies › Shipping \(chunk 0, score 0\.\d{4}, similarity 0\.\d\d, version 1\)/);
      expect(answer.passages?.[0]).toMatchObject({ file: 'policies.md', heading: 'Customer policies › Shipping' });
      const [body] = server.chatBodies();
      expect(body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Use ONLY the numbered passages') });
      expect(body.messages[1].content).toMatch(/^Question: How long does shipping take\?\n\nPassages:\n\n\[1\] \(policies\.md › Customer policies › Shipping\)\n## Shipping\nOrders ship within 3 working days\./);
      expect(body.tools).toBeUndefined();
    });

    it('keeps a mixed answer apart: the number from SQL, the context written from the passages', async () => {
      replies.push({ content: 'The shipping policy says orders ship within 3 working days [1].' });
      const answer = await ask(test.app, 'What is the total amount, and what does the shipping policy say?');
      expect(answer).toMatchObject({ mode: 'hybrid', value: 450, search: { writer: 'llm' } });
      expect(answer.sources.map((source) => source.file)).toEqual(['orders.csv']);
      expect(answer.passages?.[0].file).toBe('policies.md');
      expect(answer.answer).toMatch(/^450\n[\s\S]*Source: orders\.csv[\s\S]*From the documents \(context, not the numbers' source\):\nThe shipping policy says orders ship within 3 working days \[1\]\.\n\nPassages cited:\n\[1\] "/);
      const [body] = server.chatBodies();
      expect(body.messages[0].content).toContain('Do NOT state, estimate or compute any figure');
      expect(body.messages[1].content).toMatch(/^Question: what does the shipping policy say\?/);
      expect(body.messages[1].content).not.toContain('450');
    });

    it('quotes the passages instead when the model cites none of them, or fails', async () => {
      replies.push({ content: 'Shipping is fast.' });
      const uncited = await ask(test.app, 'How long does shipping take?');
      expect(uncited.search).toMatchObject({ writer: 'extractive', note: expect.stringContaining('cited none of the passages') });
      expect(uncited.answer).toMatch(/^From the documents \(extractive: the passages' own words\):\n\[1\] "Orders ship within 3 working days\./);

      replies.push({ status: 500, headers: { 'x-should-retry': 'false' } });
      const failed = await ask(test.app, 'How long does shipping take?');
      expect(failed.search).toMatchObject({ writer: 'extractive', note: expect.stringMatching(/^the model could not write the answer \(/) });
      expect(failed.passages?.[0].file).toBe('policies.md');
    });
  });
}
