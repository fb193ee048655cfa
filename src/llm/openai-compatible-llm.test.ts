import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../errors.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/helpers/fake-openai-server.js';
import { createOpenAiCompatibleLlm } from './openai-compatible-llm.js';
import type { ToolSchema } from './llm.js';

const LOOKUP: ToolSchema = {
  name: 'lookup',
  description: 'Looks a word up.',
  parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
};

describe('createOpenAiCompatibleLlm', () => {
  let server: FakeOpenAi | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends messages, tools and temperature in the wire format and reads tool calls back', async () => {
    server = await startFakeOpenAi({
      replies: [{ toolCalls: [{ id: 'call_a', name: 'lookup', arguments: { word: 'margin' } }], usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } }],
    });
    const llm = createOpenAiCompatibleLlm({ model: 'test-model', baseUrl: server.url, apiKey: 'sk-test' });
    const reply = await llm.chat({
      messages: [
        { role: 'system', content: 'be exact' },
        { role: 'user', content: 'what is margin?' },
        { role: 'assistant', content: null, toolCalls: [{ id: 'call_0', name: 'lookup', arguments: '{"word":"x"}' }] },
        { role: 'tool', toolCallId: 'call_0', content: 'x means y' },
      ],
      tools: [LOOKUP],
      temperature: 0,
    });
    expect(reply).toEqual({
      content: null,
      toolCalls: [{ id: 'call_a', name: 'lookup', arguments: '{"word":"margin"}' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 7, completionTokens: 3, totalTokens: 10 },
    });
    const [request] = server.requests;
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({
      model: 'test-model',
      temperature: 0,
      stream: false,
      tools: [{ type: 'function', function: LOOKUP }],
      messages: [
        { role: 'system', content: 'be exact' },
        { role: 'user', content: 'what is margin?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'lookup', arguments: '{"word":"x"}' } }] },
        { role: 'tool', tool_call_id: 'call_0', content: 'x means y' },
      ],
    });
  });

  it('omits tools and temperature when not given and returns the text answer', async () => {
    server = await startFakeOpenAi({ replies: [{ content: 'Forty-two.' }] });
    const llm = createOpenAiCompatibleLlm({ model: 'm', baseUrl: server.url });
    const reply = await llm.chat({ messages: [{ role: 'user', content: 'q' }] });
    expect(reply.content).toBe('Forty-two.');
    expect(reply.toolCalls).toEqual([]);
    expect(reply.finishReason).toBe('stop');
    expect(server.requests[0].body).not.toHaveProperty('tools');
    expect(server.requests[0].body).not.toHaveProperty('temperature');
    expect(server.requests[0].headers.authorization).toMatch(/^Bearer \S+/);
  });

  it('retries a 429 inside the SDK and then succeeds', async () => {
    server = await startFakeOpenAi({ replies: [{ status: 429, message: 'slow down' }, { content: 'ok' }] });
    const llm = createOpenAiCompatibleLlm({ model: 'm', baseUrl: server.url, apiKey: 'k' });
    const reply = await llm.chat({ messages: [{ role: 'user', content: 'q' }] });
    expect(reply.content).toBe('ok');
    expect(server.chatBodies()).toHaveLength(2);
  });

  it('maps a persistent 500 to a retryable UpstreamError with the status after its retries', async () => {
    server = await startFakeOpenAi({ replies: [{ status: 500, message: 'boom' }, { status: 500, message: 'boom' }] });
    const llm = createOpenAiCompatibleLlm({ model: 'm', baseUrl: server.url, apiKey: 'k', maxRetries: 1 });
    const error = await llm.chat({ messages: [{ role: 'user', content: 'q' }] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: 'UPSTREAM', status: 500, retryable: true });
    expect((error as Error).message).toContain('boom');
    expect(server.chatBodies()).toHaveLength(2);
  });

  it('maps a 400 to a non-retryable UpstreamError without retrying', async () => {
    server = await startFakeOpenAi({ replies: [{ status: 400, message: 'model not found: nope' }] });
    const llm = createOpenAiCompatibleLlm({ model: 'nope', baseUrl: server.url, apiKey: 'k' });
    const error = await llm.chat({ messages: [{ role: 'user', content: 'q' }] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'UPSTREAM', status: 400, retryable: false });
    expect((error as Error).message).toContain('model not found: nope');
    expect(server.chatBodies()).toHaveLength(1);
  });

  it('maps a refused connection to a retryable UpstreamError', async () => {
    server = await startFakeOpenAi();
    const url = server.url;
    await server.close();
    server = undefined;
    const llm = createOpenAiCompatibleLlm({ model: 'm', baseUrl: url, apiKey: 'k', maxRetries: 0 });
    const error = await llm.chat({ messages: [{ role: 'user', content: 'q' }] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ retryable: true, status: undefined });
    expect((error as Error).message).toContain('could not connect');
  });

  it('never prints the credentials of LLM_BASE_URL in a connection error', async () => {
    server = await startFakeOpenAi();
    const url = new URL(server.url);
    await server.close();
    server = undefined;
    url.username = 'team';
    url.password = 'hunter2';
    url.search = '?api-version=2024-06-01&api-key=AZ-SECRET-1';
    const llm = createOpenAiCompatibleLlm({ model: 'm', baseUrl: url.toString(), apiKey: 'k', maxRetries: 0 });
    const error = (await llm.chat({ messages: [{ role: 'user', content: 'q' }] }).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toContain(`team:***@${url.host}`);
    expect(error.message).toContain('api-key=***');
    expect(`${error.message}\n${error.stack}`).not.toMatch(/hunter2|AZ-SECRET-1/);
  });

  it('maps a timeout to a retryable UpstreamError', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server = await startFakeOpenAi({ replies: [async () => (await held, { content: 'too late' })] });
    const llm = createOpenAiCompatibleLlm({ model: 'm', baseUrl: server.url, apiKey: 'k', maxRetries: 0, timeoutMs: 200 });
    const error = await llm.chat({ messages: [{ role: 'user', content: 'q' }] }).catch((caught: unknown) => caught);
    release();
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toContain('timed out');
  });

  it('talks to a fake server that refuses requests without a bearer key and streaming', async () => {
    server = await startFakeOpenAi({ replies: [{ content: 'unused' }] });
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${server!.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post({}, { model: 'm', messages: [] })).status).toBe(401);
    expect((await post({ authorization: 'Bearer k' }, { model: 'm', messages: [], stream: true })).status).toBe(400);
  });

  it('builds the client lazily from a factory, once', async () => {
    let built = 0;
    const llm = createOpenAiCompatibleLlm({
      model: 'm',
      client: () => {
        built += 1;
        return { chat: { completions: { create: async () => ({ choices: [{ message: { content: 'hi' }, finish_reason: 'stop' }] }) } } };
      },
    });
    expect(built).toBe(0);
    await llm.chat({ messages: [{ role: 'user', content: 'a' }] });
    const reply = await llm.chat({ messages: [{ role: 'user', content: 'b' }] });
    expect(reply).toEqual({ content: 'hi', toolCalls: [], finishReason: 'stop' });
    expect(built).toBe(1);
  });
});
