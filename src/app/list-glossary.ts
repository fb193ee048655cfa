/**
 * Use case `glossary`: the business terms in force for the tenant.
 * @module app/list-glossary
 */
import { z } from 'zod';
import { loadGlossary } from '../store/index.js';
import type { App } from './open-app.js';
import { parseRequest } from './request.js';

export const GlossaryRequestSchema = z.object({}).strict();
export type GlossaryRequest = z.input<typeof GlossaryRequestSchema>;

export const GlossaryTermSchema = z.object({
  term: z.string(),
  description: z.string().optional(),
  /** Row filter over column display names, e.g. `Rating <= 2`. */
  where: z.string().optional(),
  /** Display name of the column the word stands for. */
  column: z.string().optional(),
  /** The glossary file the term came from. */
  source: z.string().optional(),
});
export const GlossaryResultSchema = z.object({ terms: z.array(GlossaryTermSchema) });
export type GlossaryResult = z.infer<typeof GlossaryResultSchema>;

/**
 * Lists the tenant's glossary terms, by term.
 * @throws InvalidRequestError, DbError
 */
export async function listGlossary(app: App, request: GlossaryRequest = {}): Promise<GlossaryResult> {
  parseRequest(GlossaryRequestSchema, request);
  return { terms: await loadGlossary(app.db, app.tenantId) };
}
