import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret } from './secret-box.js';

const KEY = 'a-secret-key-of-at-least-32-characters!!';

describe('secret-box', () => {
  it('seals with a fresh IV each time and opens only with the same key and context', () => {
    const one = sealSecret('xoxb-1-abc', KEY, 'slack:T1');
    const two = sealSecret('xoxb-1-abc', KEY, 'slack:T1');
    expect(isSealed(one)).toBe(true);
    expect(one).not.toBe(two);
    expect(one).not.toContain('xoxb');
    expect(openSecret(one, KEY, 'slack:T1', 'the token')).toBe('xoxb-1-abc');
    expect(() => openSecret(one, `${KEY}x`, 'slack:T1', 'the token')).toThrow(/the token cannot be decrypted with this GRIDRAG_SECRET_KEY/);
    expect(() => openSecret(one, KEY, 'slack:T2', 'the token')).toThrow(/cannot be decrypted/);
    expect(() => openSecret(one, undefined, 'slack:T1', 'the token')).toThrow(/the token is stored encrypted; set GRIDRAG_SECRET_KEY/);
    const tampered = `${one.slice(0, -2)}${one.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => openSecret(tampered, KEY, 'slack:T1', 'the token')).toThrow(/cannot be decrypted/);
  });

  it('stores a value as given without a key, and opens a value stored before a key was set', () => {
    expect(sealSecret('xoxb-1-abc', undefined, 'slack:T1')).toBe('xoxb-1-abc');
    expect(openSecret('xoxb-1-abc', KEY, 'slack:T1', 'the token')).toBe('xoxb-1-abc');
    expect(openSecret('xoxb-1-abc', undefined, 'slack:T1', 'the token')).toBe('xoxb-1-abc');
  });
});
