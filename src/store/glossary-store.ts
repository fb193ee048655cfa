/**
 * Glossary terms per tenant, kept in `glossary_terms`.
 * @module store/glossary-store
 */
import type { Db } from '../db/index.js';

/** A stored term; the definition is what glossary.yml said of it. */
export interface StoredGlossaryTerm {
  term: string;
  description?: string;
  where?: string;
  column?: string;
  source?: string;
}

/** Replaces the terms that came from `source` with `terms`, in one transaction. */
export async function saveGlossary(db: Db, tenantId: string, source: string, terms: StoredGlossaryTerm[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from glossary_terms where tenant_id = $1 and source = $2', [tenantId, source]);
    for (const term of terms) {
      const { term: name, source: _ignored, ...definition } = term;
      await tx.query(
        `insert into glossary_terms (tenant_id, term, definition, source) values ($1, $2, $3::jsonb, $4)
         on conflict (tenant_id, term) do update set definition = excluded.definition, source = excluded.source, updated_at = now()`,
        [tenantId, name, JSON.stringify(definition), source],
      );
    }
  });
}

/** The terms in force for a tenant, by term. */
export async function loadGlossary(db: Db, tenantId: string): Promise<StoredGlossaryTerm[]> {
  const { rows } = await db.query<{ term: string; definition: Omit<StoredGlossaryTerm, 'term'>; source: string | null }>(
    'select term, definition, source from glossary_terms where tenant_id = $1 order by term',
    [tenantId],
  );
  return rows.map((row) => ({ term: row.term, ...row.definition, source: row.source ?? undefined }));
}
