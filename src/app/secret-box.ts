/**
 * Secrets at rest (the Slack bot tokens of `gridrag slack link --bot-token`): sealed with
 * AES-256-GCM under a key derived from `GRIDRAG_SECRET_KEY` (HKDF-SHA256), bound to what they
 * belong to (`context`, e.g. the team id) so a sealed value moved to another row does not open.
 * Without a key a value is stored as given (the table is owner-only either way).
 * @module app/secret-box
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ConfigError } from '../errors.js';

/** Prefix of a sealed value: `enc:v1:<iv>:<tag>:<ciphertext>`, each base64url. */
const SEALED = 'enc:v1:';

function keyOf(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'gridrag', 'gridrag secret-box v1', 32));
}

/** True when `stored` was sealed (needs the key to open). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED);
}

/**
 * Seals `plain` for storage.
 * @param secretKey GRIDRAG_SECRET_KEY; undefined: `plain` is returned unchanged
 * @param context what the secret belongs to (authenticated, not stored), e.g. `slack:T0123ABCD`
 */
export function sealSecret(plain: string, secretKey: string | undefined, context: string): string {
  if (secretKey === undefined) return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SEALED}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
}

/**
 * Opens a stored value: a sealed one with the key, any other as it is.
 * @param what names the secret in errors (never its value), e.g. `the bot token of Slack workspace T0123ABCD`
 * @throws ConfigError when the value is sealed and `secretKey` is unset or not the key it was sealed with
 */
export function openSecret(stored: string, secretKey: string | undefined, context: string, what: string): string {
  if (!isSealed(stored)) return stored;
  if (secretKey === undefined) throw new ConfigError(`${what} is stored encrypted; set GRIDRAG_SECRET_KEY to the key it was stored with`);
  const [iv, tag, body] = stored.slice(SEALED.length).split(':');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new ConfigError(`${what} cannot be decrypted with this GRIDRAG_SECRET_KEY (was the key changed? link it again with a new token)`, { cause: error });
  }
}
