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

/** A question's answer: the value, the rows, the SQL, the sources and the weakest validation outcome. */
export const AnswerSchema = z.object({
  question: z.string(),
  /** Text for a person. */
  answer: z.string(),
  /** `sql` when a query answered, `none` when nothing could. */
  mode: z.enum(['sql', 'none']),
  planner: z.enum(['offline', 'agent']).optional(),
  /** The number or text when the result is one cell (or a top-1 label); else null. Full precision. */
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  unit: z.string().optional(),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number().int(),
  truncated: z.boolean(),
  sql: z.string().nullable(),
  sources: z.array(AnswerSourceSchema),
  outcome: ValidationOutcomeSchema.nullable(),
  explanation: z.string().optional(),
  chart: z.record(z.string(), z.unknown()).optional(),
  cached: z.boolean().optional(),
});
