import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../errors.js';
import { withApp } from './with-app.js';

describe('withApp', () => {
  it.each(['', 'bad tenant!', 'line\nbreak', 'x'.repeat(101)])('refuses the tenant id %j before opening anything', async (tenant) => {
    let ran = false;
    const opened = withApp({ tenant }, async () => { ran = true; });
    await expect(opened).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(opened).rejects.toThrow('--tenant must be a tenant id');
    expect(ran).toBe(false);
  });
});
