/**
 * Answers built from document passages: alone (`mode: 'vector'`), next to a SQL answer
 * (`mode: 'hybrid'`, the numbers' tables in `sources`, the passages in `passages`), or the
 * honest "I don't have this in the documents" when no passage reaches the floor.
 * @module agent/documents-answer
 */
import type { CatalogTable } from '../store/catalog-types.js';
import { noAnswer, type Answer } from './answer.js';
import { citationText, NOT_IN_DOCUMENTS, passageSources, passagesText } from './answer-from-passages.js';
import type { FoundPassages, FoundRows } from './find-passages.js';
import { printable } from '../printable-text.js';

function searchInfo(found: FoundPassages, writer?: 'extractive' | 'llm'): NonNullable<Answer['search']> {
  return {
    method: found.search.method, model: found.search.model, floor: found.search.floor,
    ...(writer ? { writer } : {}), ...(found.note ? { note: found.note } : {}),
  };
}

/** Text the model wrote from the passages (agent/write-from-passages), or why there is none. */
export interface PassageWriting {
  /** The model's answer, citing the passages as [1], [2] in the order the answer lists them. */
  text?: string;
  /** Why the extractive answer stands (endpoint failure, no citation). */
  note?: string;
}

function withNote(found: FoundPassages, note?: string): FoundPassages {
  if (!note) return found;
  return { ...found, note: found.note ? `${found.note}; ${note}` : note };
}

/**
 * The answer from passages alone. Offline it is extractive: the best sentences of the best
 * passages, quoted and cited. `text` (the agent's answer) replaces the quotes' lead line.
 */
export function documentsAnswer(
  question: string,
  found: FoundPassages,
  catalog: CatalogTable[],
  options: { text?: string; planner?: 'offline' | 'agent'; written?: PassageWriting } = {},
): Answer {
  if (options.written) {
    const { text, note } = options.written;
    const lead = text === undefined ? undefined : text === NOT_IN_DOCUMENTS ? `${NOT_IN_DOCUMENTS} The nearest passages found:` : `${text}\n\nPassages cited:`;
    const answer = documentsAnswer(question, withNote(found, note), catalog, { text: lead, planner: options.planner });
    return { ...answer, ...(answer.search ? { search: { ...answer.search, writer: text === undefined ? 'extractive' : 'llm' } } : {}) };
  }
  if (found.search.passages.length === 0) {
    const none = noAnswer(question, 'no passage of the documents is close enough to the question.', catalog);
    return { ...none, answer: `${NOT_IN_DOCUMENTS}${found.note ? ` (${found.note})` : ''}`, passages: [], search: searchInfo(found) };
  }
  const passages = passageSources(question, found.search.passages);
  const lead = options.text ?? 'From the documents (extractive: the passages\' own words):';
  return {
    question,
    answer: `${lead}\n${passagesText(passages)}${found.note ? `\n(${found.note})` : ''}`,
    mode: 'vector',
    ...(options.planner ? { planner: options.planner } : {}),
    value: null,
    columns: [],
    rows: [],
    rowCount: 0,
    truncated: false,
    sql: null,
    sources: [],
    passages,
    search: searchInfo(found),
    outcome: null,
  };
}

/**
 * The answer to a similarity question over rows: the rows found, each quoted whole and cited
 * by file, sheet, row and table; the row they resemble named in the lead line. No rows: the
 * honest "I don't have this in the documents" (callers may try the passages next).
 */
export function rowsAnswer(question: string, found: FoundRows, catalog: CatalogTable[]): Answer {
  const anchor = found.anchor;
  const lead = anchor
    ? `Rows most like ${printable(`${anchor.file}${anchor.sheet ? ` › ${anchor.sheet}` : ''} › row ${anchor.row}`)} ("${printable(anchor.content)}"), by similarity of their cells:`
    : 'Rows matching the description, by similarity of their cells:';
  return documentsAnswer(question, found, catalog, { text: lead });
}

/**
 * A SQL answer with the passages beside it. The numbers stay the SQL's (`sources` name their
 * tables); the passages add context (`passages`). When the SQL side could not answer, the
 * passages answer alone and the answer says no number was computed.
 */
export function combineWithPassages(question: string, tables: Answer, found: FoundPassages, catalog: CatalogTable[], written?: PassageWriting): Answer {
  const hasPassages = found.search.passages.length > 0;
  found = withNote(found, written?.note);
  if (tables.mode === 'none') {
    if (!hasPassages) return { ...tables, passages: [], search: searchInfo(found), answer: `${tables.answer}\n${NOT_IN_DOCUMENTS}` };
    const alone = documentsAnswer(question, found, catalog, { planner: tables.planner, ...(written?.text ? { written: { text: written.text } } : {}) });
    return { ...alone, answer: `No number could be computed from the tables (${printable(tables.explanation ?? 'not mapped')}).\n${alone.answer}`, explanation: tables.explanation };
  }
  if (!hasPassages) return { ...tables, passages: [], search: searchInfo(found), answer: `${tables.answer}\nDocuments: ${NOT_IN_DOCUMENTS}` };
  const passages = passageSources(question, found.search.passages);
  return {
    ...tables,
    mode: 'hybrid',
    answer: `${tables.answer}\n\nFrom the documents (context, not the numbers' source):\n${written?.text ? `${written.text}\n\nPassages cited:\n` : ''}${passagesText(passages)}`,
    passages,
    search: searchInfo(found, written ? (written.text ? 'llm' : 'extractive') : undefined),
  };
}

/** Longest passage text the agent reads per passage, in characters. */
const TOOL_PASSAGE_CHARS = 1200;

/** What `search_documents` returns to the model: numbered passages with their citations. */
export function documentToolText(found: FoundPassages): string {
  const passages = found.search.passages;
  if (passages.length === 0) return `${NOT_IN_DOCUMENTS} No passage reached the similarity floor.${found.note ? ` (${found.note})` : ''}`;
  const sources = passageSources('', passages, passages.length);
  return passages
    .map((passage, i) => {
      const text = passage.content.length > TOOL_PASSAGE_CHARS ? `${passage.content.slice(0, TOOL_PASSAGE_CHARS)}…` : passage.content;
      return `[${i + 1}] ${citationText(sources[i])}\n${text}`;
    })
    .join('\n\n');
}
