/**
 * Vectors as SQL text for the two storage forms of `document_chunks.embedding`: pgvector's
 * `vector` (serialized with the `pgvector` package) or, without the extension, `real[]`.
 * Vectors are scaled to length 1 first, so a dot product is their cosine similarity.
 * @module prose/vector-text
 */
import pgvector from 'pgvector';

/** The vector scaled to length 1; null for the zero vector (it has no direction to compare). */
export function normalizeVector(vector: number[]): number[] | null {
  let sum = 0;
  for (const value of vector) sum += value * value;
  if (!(sum > 0) || !Number.isFinite(sum)) return null;
  const norm = Math.sqrt(sum);
  return vector.map((value) => value / norm);
}

/**
 * The SQL literal of a normalized vector: `[0.1,0.2]` for `vector`, `{0.1,0.2}` for `real[]`;
 * null for the zero vector.
 */
export function vectorToSql(vector: number[], vectorEnabled: boolean): string | null {
  const unit = normalizeVector(vector);
  if (!unit) return null;
  return vectorEnabled ? (pgvector.toSql(unit) as string) : `{${unit.join(',')}}`;
}

/** The SQL type the embedding column has: `vector` with pgvector, else `real[]`. */
export function vectorType(vectorEnabled: boolean): 'vector' | 'real[]' {
  return vectorEnabled ? 'vector' : 'real[]';
}
