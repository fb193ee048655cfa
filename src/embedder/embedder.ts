/**
 * The embedding port: texts in, vectors of a fixed length out. The prose path stores them in
 * `document_chunks.embedding vector(1536)`.
 * @module embedder/embedder
 */

/** Vector length the store's `document_chunks.embedding` column holds. */
export const EMBEDDING_DIMENSIONS = 1536;

/** Turns texts into vectors. */
export interface Embedder {
  /** Length of every vector `embed` returns, e.g. 1536. */
  readonly dimensions: number;
  /** Model or method name, recorded with every stored vector: a change of model re-embeds. */
  readonly model: string;
  /**
   * `semantic` for a model that embeds meaning; `lexical` for the offline word-hashing embedder,
   * which matches shared words only (no synonyms). Decides the similarity floor of a search.
   */
  readonly kind: 'semantic' | 'lexical';
  /**
   * Embeds texts, one vector per text, in input order. An empty array gives an empty array.
   * @throws UpstreamError when a remote endpoint fails (`retryable` for 429/5xx/timeouts)
   */
  embed(texts: string[]): Promise<number[][]>;
}
