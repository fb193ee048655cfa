/**
 * `ask`: a question in, an answer with sources out. The offline planner answers the common
 * shapes exactly; when it cannot map a question and an LLM is configured, the agent
 * discovers tables and writes SQL through the same guard and executor. With neither, the
 * answer says what could not be mapped and what exists — never a guessed number.
 * @module agent/ask
 */
import type { Db } from '../db/index.js';
import { describeError } from '../errors.js';
import type { Llm } from '../llm/index.js';
import { runSql, type Executor, type QueryCache, type QueryContext, type SqlRun } from '../query/index.js';
import { formatResultForTool } from '../query/index.js';
import { loadCatalog, loadGlossary } from '../store/index.js';
import type { CatalogTable } from '../store/catalog-types.js';
import { runAgent } from './agent.js';
import type { AgentTools, SqlToolResult } from './agent-tools.js';
import { answerFromRun, noAnswer, type Answer } from './answer.js';
import { describeTableText, listTablesText } from './catalog-text.js';
import { planQuestion } from './planner/index.js';

/** What answering needs: the database, the locked-down executor, a cache and optionally an LLM (an open app has them). */
export interface AskContext {
  db: Db;
  executor: Executor;
  cache?: QueryCache;
  /** Undefined: the offline planner answers alone. */
  llm?: Llm;
  tenantId: string;
  /** Access levels the caller holds (`all` included); undefined: every level. */
  accessLevels?: string[];
}

/** Who is asking, for the audit log. */
export interface AskOptions {
  userId?: string;
  sessionId?: string;
}

/** Discovery and SQL tools over the catalog, for the agent: thin wrappers, nothing more. */
export function createAgentTools(context: QueryContext, question: string): AgentTools & { runs: SqlRun[] } {
  const runs: SqlRun[] = [];
  const find = (id: string): CatalogTable | undefined =>
    context.tables.find((table) => table.sqlName === id.trim().toLowerCase() || table.id === id.trim());
  return {
    runs,
    async listTables() {
      return listTablesText(context.tables);
    },
    async describeTable(id: string) {
      const table = find(id);
      if (!table) return `No table named "${id}". Tables: ${context.tables.map((t) => t.sqlName).join(', ')}`;
      return describeTableText(table, context.tables);
    },
    async runSql(sql: string): Promise<SqlToolResult> {
      try {
        const run = await runSql(context, sql, { question });
        runs.push(run);
        return { ok: true, text: formatResultForTool(run.result), sql: run.sql, result: run };
      } catch (error) {
        const message = describeError(error);
        return { ok: false, text: `Error: ${message}`, sql, error: message };
      }
    },
  };
}

/**
 * Answers one question.
 * @throws DbError only when the database itself fails; unanswerable questions return `mode: 'none'`
 */
export async function ask(app: AskContext, question: string, options: AskOptions = {}): Promise<Answer> {
  const catalog = await loadCatalog(app.db, app.tenantId, { withSamples: app.llm !== undefined, accessLevels: app.accessLevels });
  if (catalog.length === 0) return noAnswer(question, 'no tables have been ingested yet.', catalog);
  const glossary = await loadGlossary(app.db, app.tenantId);
  const context: QueryContext = { db: app.db, executor: app.executor, tenantId: app.tenantId, accessLevels: app.accessLevels, tables: catalog, cache: app.cache, ...options };

  const plan = planQuestion(question, catalog, { glossary });
  let reason = plan.kind === 'declined' ? plan.reason : '';
  if (plan.kind === 'sql') {
    try {
      const run = await runSql(context, plan.sql, { question });
      return answerFromRun({ question, run, catalog, kind: plan.answerKind, planner: 'offline', unit: plan.unit, explanation: plan.explanation });
    } catch (error) {
      reason = `the offline plan failed: ${describeError(error)}`;
    }
  }
  if (!app.llm) return noAnswer(question, reason, catalog);

  const tools = createAgentTools(context, question);
  const result = await runAgent(question, { llm: app.llm, tools, glossary });
  const last = result.lastSuccessful?.result as SqlRun | undefined;
  if (!last || result.failed) {
    const answer = noAnswer(question, result.error ?? result.answer, catalog);
    const failedSql = result.sqlRuns.at(-1)?.sql;
    return { ...answer, planner: 'agent', answer: `${result.answer}${failedSql ? `\nSQL: ${failedSql}` : ''}`, sql: failedSql ?? null };
  }
  const single = last.result.rows.length === 1 && last.result.columns.length === 1;
  return answerFromRun({ question, run: last, catalog, kind: single ? 'scalar' : 'rows', planner: 'agent', text: result.answer });
}
