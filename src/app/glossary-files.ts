/**
 * The one glossary loader: a `glossary.yml` (or `.yaml`) at the root of an ingested or synced
 * folder — local or Drive — is configuration, parsed and stored as the tenant's terms.
 * @module app/glossary-files
 */
import { parseGlossary } from '../agent/index.js';
import { saveGlossary } from '../store/index.js';
import type { App } from './open-app.js';

/**
 * Parses a glossary file's bytes and replaces the terms that came from `sourceId` with them.
 * @param sourceId where the file lives (an absolute path, `drive:<file id>`): terms are replaced per source
 * @param name the file's display path, for messages
 * @returns how many terms are now in force from this file
 * @throws FileFormatError (bad YAML or shape) or GlossaryError naming the file, DbError
 */
export async function loadGlossaryFile(app: App, sourceId: string, name: string, bytes: Uint8Array): Promise<number> {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const terms = parseGlossary(text, name);
  await saveGlossary(app.db, app.tenantId, sourceId, terms);
  return terms.length;
}

