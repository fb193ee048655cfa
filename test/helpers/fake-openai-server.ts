/**
 * A scripted OpenAI-compatible server on 127.0.0.1 for tests: real HTTP, the Chat
 * Completions and Embeddings wire formats, so the real `openai` client can talk to it.
 *
 * - `POST /v1/chat/completions` answers with the next scripted reply: a message (text and/or
 *   `tool_calls`, `finish_reason` `tool_calls` or `stop`, `usage`) or an HTTP error. A reply may
 *   be a function of the recorded request. When the script runs out it answers 500 with
 *   `x-should-retry: false` and a message saying so.
 * - `GET /v1/models` lists one model, `fake-model` (health checks).
 * - `POST /v1/embeddings` answers deterministic vectors (a hash of each input text), as floats or
 *   base64 per `encoding_format`, of `dimensions` from the request, else `embeddingDimensions`;
 *   `embeddingReplies` errors are served first.
 * - Every request needs `Authorization: Bearer <something>` (401 otherwise); `stream: true` gets 400.
 * - Error replies carry `retry-after-ms: 1` unless they set headers, so SDK retries do not wait.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call the fake model makes; `arguments` objects are sent as JSON text. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

/** A successful model turn. */
export interface ScriptedMessage {
  content?: string | null;
  toolCalls?: ScriptedToolCall[];
  /** Default `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: string;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/** An HTTP error answer. */
export interface ScriptedError {
  status: number;
  message?: string;
  type?: string;
  headers?: Record<string, string>;
}

export type ScriptedReply = ScriptedMessage | ScriptedError;

/** A request the server received; `body` is the parsed JSON. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface FakeOpenAiOptions {
  /** Chat answers in order; a function may also wait (return a promise) to simulate a slow model. */
  replies?: Array<ScriptedReply | ((request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>)>;
  /** Vector length when the request names no `dimensions`. @default 1536 */
  embeddingDimensions?: number;
  /** Errors served, in order, before normal embedding answers. */
  embeddingReplies?: ScriptedError[];
}

export interface FakeOpenAi {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:40123/v1`. */
  url: string;
  /** Every request, in arrival order (chat and embeddings). */
  requests: RecordedRequest[];
  /** Bodies of the chat completion requests, in order. */
  chatBodies(): RecordedRequest['body'][];
  close(): Promise<void>;
}

/** Starts the server on an ephemeral port of 127.0.0.1. */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const replies = [...(options.replies ?? [])];
  const embeddingReplies = [...(options.embeddingReplies ?? [])];
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        sendError(res, { status: 400, message: 'fake server: body is not JSON' });
        return;
      }
      const path = (req.url ?? '').split('?')[0];
      const recorded: RecordedRequest = { method: req.method ?? '', path, headers: req.headers, body };
      requests.push(recorded);
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
        sendError(res, { status: 401, message: 'fake server: missing bearer authentication', type: 'invalid_request_error' });
        return;
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') void answerChat(res, recorded);
      else if (req.method === 'POST' && path === '/v1/embeddings') answerEmbeddings(res, recorded);
      else if (req.method === 'GET' && path === '/v1/models') sendJson(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', created: 1_700_000_000, owned_by: 'fake' }] });
      else sendError(res, { status: 404, message: `fake server: no route ${req.method} ${path}` });
    });
  });

  async function answerChat(res: ServerResponse, request: RecordedRequest): Promise<void> {
    if (request.body?.stream === true) {
      sendError(res, { status: 400, message: 'fake server: streaming is not supported' });
      return;
    }
    const next = replies.shift();
    if (next === undefined) {
      sendError(res, { status: 500, message: 'fake server: no scripted reply left', headers: { 'x-should-retry': 'false' } });
      return;
    }
    const reply = typeof next === 'function' ? await next(request) : next;
    if (res.destroyed) return;
    if ('status' in reply) {
      sendError(res, reply);
      return;
    }
    counter += 1;
    const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
      id: call.id ?? `call_${counter}_${index}`,
      type: 'function',
      function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
    }));
    const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? null, refusal: null };
    if (toolCalls.length > 0) message.tool_calls = toolCalls;
    sendJson(res, 200, {
      id: `chatcmpl-fake-${counter}`,
      object: 'chat.completion',
      created: 1_700_000_000 + counter,
      model: request.body?.model ?? 'fake',
      choices: [{ index: 0, message, logprobs: null, finish_reason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop') }],
      usage: reply.usage ?? { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  }

  function answerEmbeddings(res: ServerResponse, request: RecordedRequest): void {
    const failure = embeddingReplies.shift();
    if (failure) {
      sendError(res, failure);
      return;
    }
    const input: unknown = request.body?.input;
    const texts = Array.isArray(input) ? input.map(String) : [String(input)];
    const dimensions = Number(request.body?.dimensions ?? options.embeddingDimensions ?? 1536);
    const base64 = request.body?.encoding_format === 'base64';
    sendJson(res, 200, {
      object: 'list',
      model: request.body?.model ?? 'fake',
      data: texts.map((text, index) => {
        const vector = fakeEmbedding(text, dimensions);
        return { object: 'embedding', index, embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector };
      }),
      usage: { prompt_tokens: texts.length, total_tokens: texts.length },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    chatBodies: () => requests.filter((request) => request.path === '/v1/chat/completions').map((request) => request.body),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The vector the fake server returns for `text`: deterministic values in [-1, 1]. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector: number[] = [];
  let block = 0;
  while (vector.length < dimensions) {
    const digest = createHash('sha256').update(`${block}:${text}`).digest();
    for (let i = 0; i + 1 < digest.length && vector.length < dimensions; i += 2) vector.push(digest.readUInt16LE(i) / 32767.5 - 1);
    block += 1;
  }
  // Round to float32 so float and base64 answers decode to the same numbers.
  return Array.from(new Float32Array(vector));
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, error: ScriptedError): void {
  const body = { error: { message: error.message ?? `fake server: HTTP ${error.status}`, type: error.type ?? 'server_error', param: null, code: null } };
  sendJson(res, error.status, body, error.headers ?? { 'retry-after-ms': '1' });
}
