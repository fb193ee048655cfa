/** @module agent: ask questions (offline planner, LLM agent), answers with provenance, discovery text. */
export { ask, createAgentTools, type AskOptions, type AskContext } from './ask.js';
export { answerFromRun, noAnswer, weakestOutcome, formatNumber, type Answer, type AnswerSource } from './answer.js';
export { listTablesText, describeTableText, joinableTables, capText, TOOL_TEXT_LIMIT } from './catalog-text.js';
export { runAgent } from './agent.js';
export { planQuestion } from './planner/index.js';
export { parseGlossary } from './glossary.js';
