/**
 * Chat adapter for any OpenAI-compatible Chat Completions endpoint through the `openai`
 * SDK: OpenAI, Azure OpenAI's `/openai/v1` endpoint, Ollama (`http://localhost:11434/v1`),
 * vLLM, LiteLLM. Never streams.
 * @module llm/openai-compatible-llm
 */
import OpenAI from 'openai';
import type { ChatMessage, ChatReply, ChatRequest, Llm, ToolCall } from './llm.js';
import { toUpstreamError } from './to-upstream-error.js';

/** A wire-format message (`messages[]` of a Chat Completions request). */
export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A wire-format tool call. */
export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The subset of a Chat Completions response this adapter reads. */
export interface WireChatCompletion {
  choices: {
    message: { content?: string | null; tool_calls?: { id: string; type: string; function?: { name: string; arguments: string } }[] | null };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

/** The subset of the `openai` client this adapter calls; an `OpenAI` instance fits. */
export interface ChatCompletionsClient {
  chat: {
    completions: {
      create(body: {
        model: string;
        messages: WireMessage[];
        tools?: { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
        temperature?: number;
        stream?: false;
      }): PromiseLike<WireChatCompletion>;
    };
  };
}

/** Where the endpoint is and how to reach it. */
export interface OpenAiCompatibleLlmOptions {
  /** Model name, e.g. `gpt-4o-mini`, `llama3.1`. */
  model: string;
  /** Base URL including `/v1`; the SDK's OpenAI default when unset. */
  baseUrl?: string;
  /** API key; any non-empty text for endpoints that need none (Ollama). @default 'not-needed' */
  apiKey?: string;
  /** Retries inside the SDK for 408/409/429/5xx and connection errors, with backoff. @default 2 */
  maxRetries?: number;
  /** Per-attempt timeout in milliseconds. @default 120000 */
  timeoutMs?: number;
  /** A client instance, or a factory called once on first use; built from the options above when unset. */
  client?: ChatCompletionsClient | (() => ChatCompletionsClient);
}

/**
 * Creates a chat `Llm` over an OpenAI-compatible endpoint.
 * Errors surface as `UpstreamError` (see `Llm.chat`).
 */
export function createOpenAiCompatibleLlm(options: OpenAiCompatibleLlmOptions): Llm {
  let client: ChatCompletionsClient | undefined = typeof options.client === 'object' ? options.client : undefined;
  const getClient = (): ChatCompletionsClient => {
    if (client) return client;
    client =
      typeof options.client === 'function'
        ? options.client()
        : new OpenAI({
            baseURL: options.baseUrl,
            apiKey: options.apiKey ?? 'not-needed',
            maxRetries: options.maxRetries ?? 2,
            timeout: options.timeoutMs ?? 120_000,
          });
    return client;
  };
  const where = options.baseUrl ? ` at ${options.baseUrl}` : '';
  return {
    model: options.model,
    async chat(request: ChatRequest): Promise<ChatReply> {
      let completion: WireChatCompletion;
      try {
        completion = await getClient().chat.completions.create({
          model: options.model,
          messages: request.messages.map(toWireMessage),
          ...(request.tools && request.tools.length > 0
            ? { tools: request.tools.map((tool) => ({ type: 'function' as const, function: tool })) }
            : {}),
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          stream: false,
        });
      } catch (error) {
        throw toUpstreamError(error, `chat completion (${options.model}${where})`);
      }
      return fromWireCompletion(completion);
    },
  };
}

/** Converts a port message to the wire format. */
export function toWireMessage(message: ChatMessage): WireMessage {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant':
      return message.toolCalls && message.toolCalls.length > 0
        ? {
            role: 'assistant',
            content: message.content,
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: call.arguments },
            })),
          }
        : { role: 'assistant', content: message.content ?? '' };
  }
}

/** Reads the first choice of a completion; calls of non-function tool types are dropped. */
export function fromWireCompletion(completion: WireChatCompletion): ChatReply {
  const choice = completion.choices[0];
  const toolCalls: ToolCall[] = [];
  for (const call of choice?.message.tool_calls ?? []) {
    if (call.type !== 'function' || !call.function) continue;
    toolCalls.push({ id: call.id, name: call.function.name, arguments: call.function.arguments ?? '' });
  }
  const reply: ChatReply = { content: choice?.message.content ?? null, toolCalls };
  if (choice?.finish_reason) reply.finishReason = choice.finish_reason;
  if (completion.usage) {
    reply.usage = {
      promptTokens: completion.usage.prompt_tokens,
      completionTokens: completion.usage.completion_tokens,
      totalTokens: completion.usage.total_tokens,
    };
  }
  return reply;
}
