import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Answer } from '../agent/index.js';
import type { SyncSummary } from '../sync/index.js';
import * as app from './index.js';

// The result schemas describe the very types the use cases return (checked at compile time).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const answerMatches: Same<z.infer<typeof app.AnswerSchema>, Answer> = true;
const syncMatches: Same<z.infer<typeof app.SyncResultSchema>, SyncSummary> = true;

describe('use-case schemas', () => {
  it('convert to JSON Schema, for the HTTP API’s OpenAPI document', () => {
    const schemas = Object.entries(app).filter(([name, value]) => name.endsWith('Schema') && value instanceof z.ZodType) as [string, z.ZodType][];
    expect(schemas.length).toBeGreaterThanOrEqual(20);
    for (const [name, schema] of schemas) {
      const json = z.toJSONSchema(schema, { io: name.includes('Request') ? 'input' : 'output', unrepresentable: 'any' });
      expect(json, name).toHaveProperty('type');
    }
    expect(answerMatches && syncMatches).toBe(true);
  });

  it('fill defaults and coerce text from command lines and query strings', () => {
    expect(app.LogRequestSchema.parse({})).toEqual({ limit: 20 });
    expect(app.LogRequestSchema.parse({ limit: '5' })).toEqual({ limit: 5 });
    expect(app.SyncRequestSchema.parse({ folder: 'team' })).toEqual({ folder: 'team', recycleBin: 'recycle-bin' });
    expect(app.AskRequestSchema.safeParse({ question: '   ' }).success).toBe(false);
  });
});
