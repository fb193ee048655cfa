import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLlm } from './create-llm.js';

describe('createLlm', () => {
  it('returns undefined when no key and no base URL are configured', () => {
    expect(createLlm(loadConfig({}))).toBeUndefined();
  });

  it('returns an adapter for a base URL alone (a local Ollama) with the configured model', () => {
    const llm = createLlm(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.1' }));
    expect(llm?.model).toBe('llama3.1');
  });

  it('returns an adapter for an API key with the default model', () => {
    expect(createLlm(loadConfig({ OPENAI_API_KEY: 'sk-x' }))?.model).toBe('gpt-4o-mini');
  });
});
