/**
 * Generative answers from passages, when an LLM endpoint is configured: the model reads the
 * numbered passages the answer cites and writes the answer from them alone, citing them as
 * `[1]`, `[2]`. The citations stay ours (file, page or heading, chunk, score, version, listed
 * under the text), so a reader can check every claim. For a mixed question the numbers are
 * the SQL's: the model is told not to state or compute numbers, only the context.
 * A reply that cites no given passage is not used: the extractive answer stands instead.
 * @module agent/write-from-passages
 */
import { describeError, UpstreamError } from '../errors.js';
import type { Llm } from '../llm/index.js';
import type { Passage } from '../prose/index.js';
import { NOT_IN_DOCUMENTS } from './answer-from-passages.js';

/** Longest passage text the model reads per passage, in characters. */
const PROMPT_PASSAGE_CHARS = 1500;

/** What the model wrote, or why the extractive answer stands. */
export type WrittenAnswer = { text: string } | { text?: undefined; note: string };

/**
 * The system prompt. Rules: only the passages, cite by number, say `NOT_IN_DOCUMENTS` when
 * they do not answer, and with `numbersFromSql` leave every number to the SQL answer.
 */
export function passagePrompt(numbersFromSql: boolean): string {
  return [
    'You answer questions from company documents. Use ONLY the numbered passages given; never outside knowledge.',
    'Cite every statement with the number of its passage in square brackets, e.g. [1] or [2][3]. Quote short phrases exactly when the wording matters (deadlines, amounts, rules).',
    `If the passages do not answer the question, reply exactly: ${NOT_IN_DOCUMENTS}`,
    numbersFromSql
      ? 'The numbers of this question are computed separately from the spreadsheets by SQL and shown beside your text. Do NOT state, estimate or compute any figure for them; give only the context the passages add (reasons, policies, decisions).'
      : 'Answer in a few sentences.',
  ].join('\n');
}

/** The user message: the question, then the passages numbered as the answer lists them. */
export function passageMessage(question: string, passages: Passage[]): string {
  const blocks = passages.map((passage, i) => {
    const where = [passage.file, passage.page ? `p. ${passage.page}` : null, passage.heading].filter(Boolean).join(' › ');
    const text = passage.content.length > PROMPT_PASSAGE_CHARS ? `${passage.content.slice(0, PROMPT_PASSAGE_CHARS)}…` : passage.content;
    return `[${i + 1}] (${where})\n${text}`;
  });
  return `Question: ${question}\n\nPassages:\n\n${blocks.join('\n\n')}`;
}

/**
 * Asks the model to answer `question` from `passages` (numbered in this order).
 * Never throws for the endpoint: a failure or a reply citing none of the passages gives a
 * `note` and no text (the caller keeps the extractive answer).
 */
export async function writeFromPassages(llm: Llm, question: string, passages: Passage[], options: { numbersFromSql?: boolean } = {}): Promise<WrittenAnswer> {
  let content: string;
  try {
    const reply = await llm.chat({
      messages: [
        { role: 'system', content: passagePrompt(options.numbersFromSql === true) },
        { role: 'user', content: passageMessage(question, passages) },
      ],
      temperature: 0,
    });
    content = reply.content?.trim() ?? '';
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { note: `the model could not write the answer (${describeError(error)}); the passages are quoted instead` };
  }
  if (content === NOT_IN_DOCUMENTS || content.startsWith(NOT_IN_DOCUMENTS)) return { text: NOT_IN_DOCUMENTS };
  const cited = [...content.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
  if (!cited.some((n) => n >= 1 && n <= passages.length)) {
    return { note: 'the model\'s answer cited none of the passages, so the passages are quoted instead' };
  }
  return { text: content };
}
