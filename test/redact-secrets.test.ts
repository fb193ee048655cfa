import { describe, expect, it } from 'vitest';
import { AppError, UpstreamError } from '../src/errors.js';
import { redactSecrets } from '../src/redact-secrets.js';

describe('redactSecrets', () => {
  it('removes the password of a URL user, keeping user and host', () => {
    expect(redactSecrets('cannot connect to postgres://app:s3cr@t:x@db.example.com:5432/gridrag'))
      .toBe('cannot connect to postgres://app:***@db.example.com:5432/gridrag');
    expect(redactSecrets('at http://me:hunter2@localhost:11434/v1 failed')).toBe('at http://me:***@localhost:11434/v1 failed');
    expect(redactSecrets('postgres://postgres@127.0.0.1:5432/postgres')).toBe('postgres://postgres@127.0.0.1:5432/postgres');
  });

  it('removes secret query parameters, whatever their case or separator', () => {
    expect(redactSecrets('https://x.openai.azure.com/openai/deployments/d?api-version=2024-06-01&api-key=abc123'))
      .toBe('https://x.openai.azure.com/openai/deployments/d?api-version=2024-06-01&api-key=***');
    expect(redactSecrets('https://www.googleapis.com/drive/v3/files?key=AIzaSyXYZ&pageSize=10')).toBe('https://www.googleapis.com/drive/v3/files?key=***&pageSize=10');
    expect(redactSecrets('https://h/x?access_token=ya29.a0&Token=t0k&SIG=abc%2Bdef&sv=2022')).toBe('https://h/x?access_token=***&Token=***&SIG=***&sv=2022');
    expect(redactSecrets('https://b.s3.amazonaws.com/f?X-Amz-Credential=AKIA%2F&X-Amz-Signature=beef')).toBe('https://b.s3.amazonaws.com/f?X-Amz-Credential=***&X-Amz-Signature=***');
  });

  it('removes bearer tokens and OpenAI-style keys, and leaves ordinary text alone', () => {
    expect(redactSecrets('Authorization: Bearer eyJhbGciOi.J9.x')).toBe('Authorization: Bearer ***');
    expect(redactSecrets('Incorrect API key provided: sk-proj-abcdefghijklmnopqrstuvwxyz123')).toBe('Incorrect API key provided: sk-***');
    expect(redactSecrets('token xoxb-1234567890-abcdefABCDEF refused; also xoxe.xoxb-1-abcdefgh and xapp-1-A0-123456')).toBe('token xoxb-*** refused; also xoxb-*** and xapp-***');
    expect(redactSecrets('the xox-box and xoxb- alone')).toBe('the xox-box and xoxb- alone');
    const plain = 'sales.csv: cell B2 holds 5,000 characters; see https://example.com/docs?page=2&key-figures';
    expect(redactSecrets(plain)).toBe(plain);
  });

  it('is applied to every AppError message, stack included', () => {
    const error = new UpstreamError('chat completion (gpt-4o-mini at https://u:pw@llm.local/v1?api-key=k1) could not connect');
    expect(error.message).toBe('chat completion (gpt-4o-mini at https://u:***@llm.local/v1?api-key=***) could not connect');
    expect(error.stack).not.toMatch(/pw@|k1/);
    expect(new AppError('INTERNAL', 'token=abc is fine outside a URL').message).toBe('token=abc is fine outside a URL');
  });
});
