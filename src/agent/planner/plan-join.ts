/**
 * Two measures from two tables that share a key, one row per key: "average rating and number
 * of flagged audits per location". The question is split at "and" into two grouped questions;
 * each must be answered by its own table, grouped by columns of the same name whose values
 * overlap; the results are joined on the key (FULL JOIN, so keys missing on one side show).
 * @module agent/planner/plan-join
 */
import type { QuerySpec } from './interpret-match.js';
import { foldText, tokenize } from './normalize-text.js';
import type { PlanResult } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';

/** A single-table plan and, when it is SQL, the spec it was built from. */
export interface SinglePlan {
  result: PlanResult;
  spec?: QuerySpec;
}

const GROUP_WORDS = new Set(['by', 'per', 'each', 'every']);

/** Plans the join, or undefined when the question does not split into two grouped parts over one key. */
export function planJoin(question: string, planPart: (part: string) => SinglePlan): PlanResult | undefined {
  const folded = foldText(question);
  const tokens = tokenize(folded);
  const groupAt = tokens.findLast((t) => GROUP_WORDS.has(t.norm));
  if (!groupAt) return undefined;
  const groupPhrase = question.slice(groupAt.start).trim();
  for (const and of tokens.filter((t) => t.norm === 'and' && t.index < groupAt.index)) {
    const first = planPart(`${question.slice(0, and.start).trim()} ${groupPhrase}`);
    const second = planPart(question.slice(and.end).trim());
    const joined = join(first, second);
    if (joined) return joined;
  }
  return undefined;
}

function join(first: SinglePlan, second: SinglePlan): PlanResult | undefined {
  if (first.result.kind !== 'sql' || second.result.kind !== 'sql' || !first.spec || !second.spec) return undefined;
  const [a, b] = [first.spec, second.spec];
  if (a.answerKind !== 'group' || b.answerKind !== 'group' || a.order || b.order) return undefined;
  if (a.group?.kind !== 'column' || b.group?.kind !== 'column') return undefined;
  const keyA = a.group.column;
  const keyB = b.group.column;
  if (keyA.sqlName !== keyB.sqlName || keyA.type !== keyB.type) return undefined;
  if (a.match.profile.table.id === b.match.profile.table.id) return undefined;
  const left = keyA.profile.distinct?.map((v) => String(v).toLowerCase());
  const right = keyB.profile.distinct?.map((v) => String(v).toLowerCase());
  if (left && right && !left.some((v) => right.includes(v))) {
    return { kind: 'declined', reason: `${a.match.profile.table.sqlName} and ${b.match.profile.table.sqlName} share no ${keyA.name} values to join on` };
  }
  const key = sqlIdentifier(keyA.sqlName);
  const sql =
    `SELECT coalesce("a"."key", "b"."key") AS ${key}, "a"."value" AS "first_value", "b"."value" AS "second_value" ` +
    `FROM (${first.result.sql}) AS "a"("key", "value") FULL JOIN (${second.result.sql}) AS "b"("key", "value") ON "a"."key" = "b"."key" ORDER BY 1`;
  return {
    kind: 'sql',
    sql,
    tableIds: [...new Set([...first.result.tableIds, ...second.result.tableIds])],
    answerKind: 'rows',
    explanation: `Joined on ${keyA.name}: (1) ${first.result.explanation} (2) ${second.result.explanation}`,
  };
}
