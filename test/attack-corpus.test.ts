import { describe, expect, it } from 'vitest';
import { SqlRejectedError } from '../src/errors.js';
import { guardSql } from '../src/query/guard.js';
import { ATTACKS, LEGITIMATE_QUERIES } from './attack-corpus.js';

const OFFERED = ['orders', 'feedback'];

/** What each refusal must tell the model it may do instead. */
const GUIDANCE: Record<string, RegExp> = {
  MULTIPLE_STATEMENTS: /Only a single SELECT is allowed/,
  NOT_SELECT: /Only SELECT statements are allowed/,
  FORBIDDEN_TABLE: /Tables you can query: orders, feedback\./,
  FORBIDDEN_FUNCTION: /Allowed: aggregates|Allowed there: unnest|allowed only with literal bounds|needs a literal length/,
  FORBIDDEN_CAST: /Cast only to numeric/,
  FORBIDDEN_CLAUSE: /not allowed.*(write|use|queries are read-only)/i,
  PARAMETER: /write the values into the statement as literals/,
  TOO_LONG: /the limit is 20000/,
  PARSE_ERROR: /Write one valid PostgreSQL SELECT|remove it/,
  TOO_BIG: /the limit is .*(Build shorter strings|Join on a key|Aggregate to numbers|Filter first)/,
};

async function rejection(sql: string): Promise<SqlRejectedError | undefined> {
  try {
    await guardSql(sql, { allowedTables: OFFERED });
    return undefined;
  } catch (error) {
    if (error instanceof SqlRejectedError) return error;
    throw error;
  }
}

describe('ATTACKS', () => {
  it('holds at least 40 distinct hostile statements', () => {
    expect(ATTACKS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ATTACKS.map((entry) => entry.sql)).size).toBe(ATTACKS.length);
  });

  for (const entry of ATTACKS) {
    it(`refuses: ${entry.note}`, async () => {
      const error = await rejection(entry.sql);
      expect(error, entry.sql).toBeInstanceOf(SqlRejectedError);
      expect(error?.code).toBe('SQL_REJECTED');
      expect(error?.reason, `${entry.sql}: ${error?.message}`).toBe(entry.reason);
      expect(error?.message).toMatch(GUIDANCE[entry.reason]);
    });
  }
});

describe('LEGITIMATE_QUERIES', () => {
  it('holds at least 15 queries', () => {
    expect(LEGITIMATE_QUERIES.length).toBeGreaterThanOrEqual(15);
  });

  for (const sql of LEGITIMATE_QUERIES) {
    it(`admits: ${sql.slice(0, 70)}`, async () => {
      const error = await rejection(sql);
      expect(error?.message, sql).toBeUndefined();
    });
  }
});
