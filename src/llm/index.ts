/** @module llm: the chat-model port, its OpenAI-compatible adapter and the factory. */
export type { ChatMessage, ChatReply, ChatRequest, Llm, LlmUsage, ToolCall, ToolSchema } from './llm.js';
export {
  createOpenAiCompatibleLlm,
  fromWireCompletion,
  toWireMessage,
  type ChatCompletionsClient,
  type OpenAiCompatibleLlmOptions,
  type WireChatCompletion,
  type WireMessage,
  type WireToolCall,
} from './openai-compatible-llm.js';
export { createLlm } from './create-llm.js';
export { isRetryableStatus, toUpstreamError } from './to-upstream-error.js';
