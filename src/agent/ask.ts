/**
 * `ask`: a question in, an answer with sources out. The question is routed first
 * (agent/route-question): numbers go to SQL, passages to the document search, a question
 * asking for both to both. For SQL, the offline planner answers the common shapes exactly;
 * when it cannot map a question and an LLM is configured, the agent discovers tables (and
 * searches documents) and writes SQL through the same guard and executor. Passages are quoted
 * with citations; below the similarity floor the answer says the documents do not have it.
 * With nothing that answers, the answer says what could not be mapped and what exists — never
 * a guessed number.
 * @module agent/ask
 */
import type { Db } from '../db/index.js';
import { describeError } from '../errors.js';
import type { Llm } from '../llm/index.js';
import { runSql, type Executor, type QueryCache, type QueryContext, type SqlRun } from '../query/index.js';
import { formatResultForTool } from '../query/index.js';
import { findNamedValues, loadCatalog, loadGlossary } from '../store/index.js';
import type { CatalogTable } from '../store/catalog-types.js';
import { runAgent } from './agent.js';
import type { AgentTools, DocumentToolFilters, SqlToolResult } from './agent-tools.js';
import { answerFromRun, noAnswer, type Answer } from './answer.js';
import { describeTableText, listTablesText } from './catalog-text.js';
import { combineWithPassages, documentsAnswer, documentToolText, rowsAnswer } from './documents-answer.js';
import { findPassages, findSimilarRows, hasDocuments, hasRowChunks, type FoundPassages } from './find-passages.js';
import type { Passage, ProseSettings } from '../prose/index.js';
import { planQuestion, questionPhrases } from './planner/index.js';
import { namedTableData, routeQuestion, rowSimilaritySubject } from './route-question.js';
import { MAX_QUOTED_PASSAGES } from './answer-from-passages.js';
import type { PassageWriting } from './documents-answer.js';
import { writeFromPassages } from './write-from-passages.js';

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
  /** The document search's embedder, language and floor; the offline lexical defaults when unset. */
  prose?: ProseSettings;
}

/** Who is asking, for the audit log. */
export interface AskOptions {
  userId?: string;
  sessionId?: string;
}

/** Discovery and SQL tools over the catalog, for the agent: thin wrappers, nothing more. With `app`, also `search_documents`. */
export function createAgentTools(context: QueryContext, question: string, app?: AskContext): AgentTools & { runs: SqlRun[]; passages: Passage[]; found(): FoundPassages | undefined } {
  const runs: SqlRun[] = [];
  const passages: Passage[] = [];
  let last: FoundPassages | undefined;
  const find = (id: string): CatalogTable | undefined =>
    context.tables.find((table) => table.sqlName === id.trim().toLowerCase() || table.id === id.trim());
  return {
    runs,
    passages,
    found: () => (last ? { ...last, search: { ...last.search, passages } } : undefined),
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
    ...(app
      ? {
          async searchDocuments(query: string, filters: DocumentToolFilters, k: number) {
            const { rows, ...documentFilters } = filters;
            // Rows like X: the subject the query names (the whole query when it names none).
            const found = rows ? await findSimilarRows(app, query, rowSimilaritySubject(query) || query, { k }) : await findPassages(app, query, { filters: documentFilters, k });
            last = found;
            for (const passage of found.search.passages) if (!passages.some((known) => known.chunkId === passage.chunkId)) passages.push(passage);
            return documentToolText(found);
          },
        }
      : {}),
  };
}

/**
 * Answers one question.
 * @throws DbError only when the database itself fails; unanswerable questions return `mode: 'none'`
 */
export async function ask(app: AskContext, question: string, options: AskOptions = {}): Promise<Answer> {
  const catalog = await loadCatalog(app.db, app.tenantId, { withSamples: app.llm !== undefined, accessLevels: app.accessLevels });
  const documents = await hasDocuments(app);
  if (catalog.length === 0 && !documents) return noAnswer(question, 'no tables or documents have been ingested yet.', catalog, { listTables: false }); // the reason says it
  const glossary = await loadGlossary(app.db, app.tenantId);
  // values of columns too varied to list in the catalog, looked up when the question names them ("Sadsbury Township")
  const planCatalog = catalog.length > 0 ? await findNamedValues(app.db, app.tenantId, catalog, questionPhrases(question)) : catalog;
  const plan = catalog.length > 0 ? planQuestion(question, planCatalog, { glossary }) : undefined;
  const rowChunks = catalog.length > 0 && (await hasRowChunks(app));
  const tableData = namedTableData(question, catalog);
  const decision = routeQuestion(question, { hasTables: catalog.length > 0, hasDocuments: documents, hasRows: rowChunks, plannerMapped: plan?.kind === 'sql', tableData });
  const route = { route: decision.route, reason: decision.reason };
  const documentsQuestion = decision.parts?.documents ?? question;
  const tablesPlan = decision.parts && catalog.length > 0 ? planQuestion(decision.parts.sql, planCatalog, { glossary }) : plan;

  let found: FoundPassages | undefined;
  if (decision.rows) {
    const rows = await findSimilarRows(app, question, decision.rows.subject);
    if (rows.search.passages.length > 0) return { ...rowsAnswer(question, rows, catalog), route };
  }
  if (decision.route === 'documents' && (documents || !decision.rows)) {
    found = await findPassages(app, question);
    if (found.search.passages.length > 0 || catalog.length === 0) {
      return { ...documentsAnswer(question, found, catalog, { written: await writeWithLlm(app, question, found, false) }), route };
    }
  }
  const context: QueryContext = { db: app.db, executor: app.executor, tenantId: app.tenantId, accessLevels: app.accessLevels, tables: catalog, cache: app.cache, ...options };
  const tables = await answerFromTables(app, decision.parts?.sql ?? question, context, glossary, tablesPlan, documents);
  if (tables.mode === 'vector' || tables.mode === 'hybrid') return { ...tables, question, route }; // the agent searched the documents itself
  // A number question naming table data (a measure, a table): the tables' decline is the answer, not a passage.
  if (decision.route === 'sql' && (tables.mode !== 'none' || !documents || (decision.tableData?.length ?? 0) > 0)) return { ...tables, question, route };
  // Both asked for, or the tables could not answer: the passages join in (or answer alone).
  found ??= await findPassages(app, documentsQuestion);
  const written = await writeWithLlm(app, documentsQuestion, found, tables.mode !== 'none');
  return { ...combineWithPassages(documentsQuestion, tables, found, catalog, written), question, route };
}

/**
 * With an LLM configured and passages found: the model's answer from the passages the answer
 * cites (agent/write-from-passages); undefined otherwise (the extractive answer).
 * @param numbersFromSql true when a SQL answer gives the numbers: the model gives context only
 */
async function writeWithLlm(app: AskContext, question: string, found: FoundPassages, numbersFromSql: boolean): Promise<PassageWriting | undefined> {
  if (!app.llm || found.search.passages.length === 0) return undefined;
  return writeFromPassages(app.llm, question, found.search.passages.slice(0, MAX_QUOTED_PASSAGES), { numbersFromSql });
}

/**
 * "what is the route number of American Legion Highway" over a Route number cell "*": the
 * cells of a lookup's rows when every one is text with no letter and no digit ("*", "†", "—"),
 * quoted and joined; undefined when any cell holds a value (or the lookup found no rows).
 */
function onlyMarks(rows: Record<string, unknown>[]): string | undefined {
  const cells = rows.flatMap((row) => Object.values(row));
  if (cells.length === 0 || !cells.every((cell) => typeof cell === 'string' && cell.trim() !== '' && !/[\p{L}\p{N}]/u.test(cell))) return undefined;
  return [...new Set(cells as string[])].map((cell) => `'${cell.trim()}'`).join(', ');
}

async function answerFromTables(
  app: AskContext,
  question: string,
  context: QueryContext,
  glossary: Awaited<ReturnType<typeof loadGlossary>>,
  plan: ReturnType<typeof planQuestion> | undefined,
  documents: boolean,
): Promise<Answer> {
  const catalog = context.tables;
  if (!plan) return noAnswer(question, 'no tables have been ingested yet.', catalog);
  let reason = plan.kind === 'declined' ? plan.reason : '';
  if (plan.kind === 'sql') {
    try {
      const run = await runSql(context, plan.sql, { question });
      const cells = run.result.rows.length === 1 ? Object.values(run.result.rows[0]) : [];
      if (plan.declineIfNull && cells.length === 1 && cells[0] === null) return noAnswer(question, plan.declineIfNull, catalog);
      if (plan.declineIfEmpty && run.result.rows.length === 0) return noAnswer(question, plan.declineIfEmpty, catalog);
      const marks = plan.answerKind === 'rows' ? onlyMarks(run.result.rows) : undefined;
      if (marks) return noAnswer(question, `the cells found hold only ${marks}, a mark with no value of its own (a footnote or a placeholder)`, catalog);
      return answerFromRun({ question, run, catalog, kind: plan.answerKind, planner: 'offline', unit: plan.unit, explanation: plan.explanation });
    } catch (error) {
      reason = `the offline plan failed: ${describeError(error)}`;
    }
  }
  if (!app.llm) return noAnswer(question, reason, catalog);

  const tools = createAgentTools(context, question, documents ? app : undefined);
  const result = await runAgent(question, { llm: app.llm, tools, glossary });
  const last = result.lastSuccessful?.result as SqlRun | undefined;
  const found = tools.found();
  if (!last && !result.failed && found && found.search.passages.length > 0) {
    return documentsAnswer(question, found, catalog, { text: result.answer, planner: 'agent' });
  }
  if (!last || result.failed) {
    const answer = noAnswer(question, result.error ?? result.answer, catalog);
    const failedSql = result.sqlRuns.at(-1)?.sql;
    return { ...answer, planner: 'agent', answer: `${result.answer}${failedSql ? `\nSQL: ${failedSql}` : ''}`, sql: failedSql ?? null };
  }
  const single = last.result.rows.length === 1 && last.result.columns.length === 1;
  const answer = answerFromRun({ question, run: last, catalog, kind: single ? 'scalar' : 'rows', planner: 'agent', text: result.answer });
  if (!found || found.search.passages.length === 0) return answer;
  return combineWithPassages(question, answer, found, catalog);
}
