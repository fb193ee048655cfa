import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ConfigError } from './errors.js';

describe('loadConfig', () => {
  it('refuses an LLM_BASE_URL with a user name or password, saying where the key goes, without printing it', () => {
    const failure = (() => {
      try {
        loadConfig({ LLM_BASE_URL: 'https://bob:s3cret@llm.example.com/v1' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(ConfigError);
    const message = (failure as ConfigError).message;
    expect(message).toContain('LLM_BASE_URL');
    expect(message).toContain('LLM_API_KEY');
    expect(message).not.toContain('s3cret');
  });

  it('takes an LLM_BASE_URL without credentials, and a blank one as unset', () => {
    expect(loadConfig({ LLM_BASE_URL: 'https://llm.example.com/v1?api-version=1' }).LLM_BASE_URL).toBe('https://llm.example.com/v1?api-version=1');
    expect(loadConfig({ LLM_BASE_URL: ' ' }).LLM_BASE_URL).toBeUndefined();
  });
});
