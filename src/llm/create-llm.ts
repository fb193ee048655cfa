/**
 * Chooses the chat adapter from configuration: an OpenAI-compatible endpoint when a key
 * or a base URL is set, none otherwise (the offline planner answers alone).
 * @module llm/create-llm
 */
import { llmApiKey, llmConfigured, type Config } from '../config.js';
import type { Llm } from './llm.js';
import { createOpenAiCompatibleLlm } from './openai-compatible-llm.js';

/**
 * The configured `Llm`, or undefined when neither `LLM_API_KEY`/`OPENAI_API_KEY` nor
 * `LLM_BASE_URL` is set. Model from `LLM_MODEL`. Creates no connection until the first call.
 */
export function createLlm(config: Config): Llm | undefined {
  if (!llmConfigured(config)) return undefined;
  return createOpenAiCompatibleLlm({
    model: config.LLM_MODEL,
    baseUrl: config.LLM_BASE_URL,
    apiKey: llmApiKey(config),
  });
}
