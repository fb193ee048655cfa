/**
 * Validation of use-case requests: every use case parses its request with its zod schema
 * first, so the CLI, the HTTP API and any other surface get the same rules and messages.
 * @module app/request
 */
import type { z } from 'zod';
import { InvalidRequestError } from '../errors.js';

/**
 * Parses `input` with `schema`.
 * @returns the parsed request, defaults filled in
 * @throws InvalidRequestError naming each field that is wrong, e.g. `limit: must be a whole number from 1 to 1000`
 */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
  throw new InvalidRequestError(problems.join('; '), { cause: parsed.error });
}
