/**
 * Shapes shared by several use cases' results: sources, validation outcomes, answers.
 * @module app/schemas
 */
import { z } from 'zod';

/** How far a table's numbers are trusted: its own totals matched, nothing to check, or a check failed. */
export const ValidationOutcomeSchema = z.enum(['verified', 'unverifiable', 'floor']);

/** One table an answer cites. */
export const AnswerSourceSchema = z.object({
  file: z.string(),
  path: z.string().nullable(),
  sheet: z.string().nullable(),
  /** A1 range, header rows included. */
  range: z.string(),
  /** SQL name of the table. */
  table: z.string(),
  outcome: ValidationOutcomeSchema,
  /** Record version (1 for the first ingest, +1 per changed content). */
  version: z.number().int(),
  /** sha256 of the file's bytes, hex. */
  contentHash: z.string(),
  /** ISO timestamp of the file's last change, when the source gave one. */
  modifiedAt: z.string().nullable(),
  /** For point lookups: the 1-based sheet rows of the result. */
  rows: z.array(z.number().int()).optional(),
});

/** One document passage an answer quotes (kept apart from the table sources). */
export const PassageSourceSchema = z.object({
  file: z.string(),
  path: z.string().nullable(),
  /** 1-based PDF page, else null. */
  page: z.number().int().nullable(),
  /** Heading path joined with ` › `, else null. */
  heading: z.string().nullable(),
  /** 0-based chunk index within the record. */
  chunk: z.number().int(),
  /** Reciprocal-rank fusion score of the hybrid search. */
  score: z.number(),
  /** Cosine similarity to the question; null when only full text matched. */
  similarity: z.number().nullable(),
  version: z.number().int(),
  contentHash: z.string(),
  /** The quoted text (the passage's best sentences; a row: the whole row, `Header: value | …`). */
  quote: z.string(),
  /** `row` for a table row found by a similarity search; absent for document passages. */
  kind: z.literal('row').optional(),
  /** For a row: its sheet (null for CSV). */
  sheet: z.string().nullable().optional(),
  /** For a row: its 1-based sheet row. */
  row: z.number().int().optional(),
  /** For a row: the SQL name of its table. */
  table: z.string().optional(),
});

/** A question's answer: the value, the rows, the SQL, the sources and the weakest validation outcome. */
export const AnswerSchema = z.object({
  question: z.string(),
  /** Text for a person. */
  answer: z.string(),
  /** `sql` when a query answered, `vector` when document passages did, `hybrid` both (sources and passages apart), `none` when nothing could. */
  mode: z.enum(['sql', 'vector', 'hybrid', 'none']),
  planner: z.enum(['offline', 'agent']).optional(),
  /** The number or text when the result is one cell (or a top-1 label); else null. Full precision. */
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  /** For a top-1 question whose best is a tie: how many leading rows tie (`value` is then null). */
  tied: z.number().int().optional(),
  /** The unit of `value` when it is an amount (`currency`, `percent` …); absent when `value` is a label. */
  unit: z.string().optional(),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number().int(),
  truncated: z.boolean(),
  sql: z.string().nullable(),
  sources: z.array(AnswerSourceSchema),
  /** Document passages quoted, best first; absent when no document search ran. */
  passages: z.array(PassageSourceSchema).optional(),
  /** How the passages were found: method, embedder model, similarity floor, and a note when embeddings were unavailable. */
  search: z
    .object({
      method: z.enum(['hybrid', 'full-text']), model: z.string(), floor: z.number(),
      /** `llm`: written by the model from the cited passages; `extractive`: the passages' own words (set when an LLM is configured). */
      writer: z.enum(['extractive', 'llm']).optional(),
      note: z.string().optional(),
    })
    .optional(),
  /** Where the question was routed and why. */
  route: z.object({ route: z.enum(['sql', 'documents', 'both']), reason: z.string() }).optional(),
  outcome: ValidationOutcomeSchema.nullable(),
  explanation: z.string().optional(),
  chart: z.record(z.string(), z.unknown()).optional(),
  cached: z.boolean().optional(),
});
