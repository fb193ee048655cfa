/**
 * The language-model port: one chat call with optional function tools. Core code (the
 * agent loop) imports this file through `llm/index.ts`, never an adapter.
 * @module llm/llm
 */

/** A function call the model asked for. */
export interface ToolCall {
  /** Id chosen by the model; the tool's reply quotes it as `toolCallId`. */
  id: string;
  /** Tool name, e.g. `run_sql`. */
  name: string;
  /** The arguments as the model wrote them: JSON text, possibly malformed. */
  arguments: string;
}

/**
 * One message of a conversation.
 * - `system`: instructions; `user`: the question;
 * - `assistant`: a model turn, with the tool calls it made (content may then be null);
 * - `tool`: the result of one tool call, answering `toolCallId`.
 */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A function tool offered to the model (OpenAI function-calling shape). */
export interface ToolSchema {
  /** Name the model calls, `[a-zA-Z0-9_-]`, at most 64 characters. */
  name: string;
  /** What the tool does and when to use it; the model reads this. */
  description: string;
  /** JSON Schema of the arguments object (`{ type: 'object', properties, required }`). */
  parameters: Record<string, unknown>;
}

/** One chat call. */
export interface ChatRequest {
  /** The whole conversation so far, oldest first. */
  messages: ChatMessage[];
  /** Tools the model may call; none means a plain text answer. */
  tools?: ToolSchema[];
  /** Sampling temperature, 0 to 2; the endpoint's default when unset. */
  temperature?: number;
}

/** Token counts the endpoint reported. */
export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** The model's turn. */
export interface ChatReply {
  /** Text of the answer; null when the model only called tools. */
  content: string | null;
  /** Calls the model asked for, in order; empty when it answered in text. */
  toolCalls: ToolCall[];
  /** Why the model stopped: `stop`, `tool_calls`, `length` (cut off), `content_filter`. */
  finishReason?: string;
  /** Token counts, when the endpoint reports them. */
  usage?: LlmUsage;
}

/** A chat model behind some endpoint. */
export interface Llm {
  /** Model name sent to the endpoint, e.g. `gpt-4o-mini`, `llama3.1`. */
  readonly model: string;
  /**
   * Sends the conversation and returns the model's next turn. Never streams.
   * @throws UpstreamError when the endpoint fails: `retryable` for rate limits (429),
   *   server errors (5xx) and timeouts, after the adapter's own few retries; `status`
   *   holds the HTTP status when there was a response
   */
  chat(request: ChatRequest): Promise<ChatReply>;
}
