/**
 * The agent loop: the model discovers tables (list → describe), writes SQL, reads the rows
 * and answers. Bounded rounds; one retry after a failed query; honest when it cannot answer.
 * @module agent/agent
 */
import type { ChatMessage, Llm, LlmUsage } from '../llm/index.js';
import { buildAgentSystemPrompt, type AgentGlossaryTerm } from './agent-prompt.js';
import { executeToolCall, toolSchemasFor, type AgentTools, type SqlToolResult } from './agent-tools.js';

/** What the loop needs. */
export interface AgentDeps {
  llm: Llm;
  tools: AgentTools;
  /** Most model calls before giving up. @default 6 */
  maxRounds?: number;
  /** The tenant's business terms, taught in the system prompt. */
  glossary?: AgentGlossaryTerm[];
}

/** How the loop ended. */
export interface AgentResult {
  /** The model's final text, or an honest explanation of why there is none. */
  answer: string;
  /** Model calls made. */
  rounds: number;
  /** Every `run_sql` call that reached the executor, in order, failed ones included. */
  sqlRuns: SqlToolResult[];
  /** The last query that ran; its `result` backs the answer's provenance. */
  lastSuccessful?: SqlToolResult;
  /** True when the loop ended without a model answer (two failed queries in a row, rounds exhausted, empty answer). */
  failed: boolean;
  /** Why it failed: the last SQL error followed by `\nSQL: <the query>`, or the limit reached. */
  error?: string;
  /** Token counts summed over the rounds, when the endpoint reported them. */
  usage?: LlmUsage;
}

/** Default for `AgentDeps.maxRounds`. */
export const DEFAULT_MAX_ROUNDS = 6;

/**
 * Answers `question` with the model and the tools.
 * Tool calls run in the order the model made them. A failed `run_sql` goes back to the
 * model with the guard's or database's message for one retry; a second failure in a row ends
 * the loop with that error. Ends when the model answers without tool calls or rounds run out.
 * @throws UpstreamError when the model endpoint fails (after the adapter's own retries)
 */
export async function runAgent(question: string, deps: AgentDeps): Promise<AgentResult> {
  const maxRounds = Math.max(1, deps.maxRounds ?? DEFAULT_MAX_ROUNDS);
  const messages: ChatMessage[] = [
    { role: 'system', content: buildAgentSystemPrompt(deps.glossary, { documents: deps.tools.searchDocuments !== undefined }) },
    { role: 'user', content: question },
  ];
  const sqlRuns: SqlToolResult[] = [];
  let lastSuccessful: SqlToolResult | undefined;
  let failuresInRow = 0;
  let usage: LlmUsage | undefined;
  const finish = (rounds: number, answer: string, failed: boolean, error?: string): AgentResult => ({
    answer,
    rounds,
    sqlRuns,
    ...(lastSuccessful ? { lastSuccessful } : {}),
    failed,
    ...(error === undefined ? {} : { error }),
    ...(usage ? { usage } : {}),
  });

  for (let round = 1; round <= maxRounds; round++) {
    const reply = await deps.llm.chat({ messages, tools: toolSchemasFor(deps.tools), temperature: 0 });
    usage = addUsage(usage, reply.usage);
    if (reply.toolCalls.length === 0) {
      const answer = reply.content?.trim() ?? '';
      if (answer === '') return finish(round, 'The model returned an empty answer; no result can be given.', true, 'EMPTY_ANSWER');
      return finish(round, answer, false);
    }
    messages.push({ role: 'assistant', content: reply.content, toolCalls: reply.toolCalls });
    for (const call of reply.toolCalls) {
      const outcome = await executeToolCall(call, deps.tools);
      messages.push({ role: 'tool', toolCallId: call.id, content: outcome.content });
      const run = outcome.sqlRun;
      if (!run) continue;
      sqlRuns.push(run);
      if (run.ok) {
        failuresInRow = 0;
        lastSuccessful = run;
        continue;
      }
      failuresInRow += 1;
      if (failuresInRow >= 2) {
        const message = run.error ?? run.text;
        return finish(round, `I could not answer: the query failed twice in a row. Last error: ${message}`, true, `${message}\nSQL: ${run.sql}`);
      }
    }
  }
  const tail = lastSuccessful ? ` The last query that ran was: ${lastSuccessful.sql}` : '';
  const error = `no answer within ${maxRounds} rounds`;
  return finish(maxRounds, `I could not reach an answer within ${maxRounds} steps, so I give no number.${tail}`, true, error);
}

function addUsage(total: LlmUsage | undefined, next: LlmUsage | undefined): LlmUsage | undefined {
  if (!next) return total;
  if (!total) return { ...next };
  return {
    promptTokens: total.promptTokens + next.promptTokens,
    completionTokens: total.completionTokens + next.completionTokens,
    totalTokens: total.totalTokens + next.totalTokens,
  };
}
