/**
 * Reads one result cell of a sports table: "W 20–17", "L 3–10 (OT)", "2–1", "1-1 (a.e.t.)",
 * "Won 4–2", "1–1 (4–2 p)". Pure text reading; whose score comes first is decided per table
 * by `score-columns.ts`, never here.
 * @module agent/planner/score-cells
 */
import { wordTable } from './word-table.js';

/** What a result cell says. */
export interface ScoreCell {
  /** The first and second number of the score, as written. */
  first: number;
  second: number;
  /** The outcome the cell writes for the table's subject ("W", "Lost", "D"), when it writes one. */
  marker?: 'won' | 'lost' | 'drawn';
  /** A penalty shoot-out or similar tie-break after the score ("(4–2 p)", "(5–4 pen.)"): equal scores do not mean a draw. */
  tieBreak: boolean;
}

/** Outcome words written before the score, or alone in an outcome column ("Won", "W", "Loss", "Tie"). */
const MARKERS: Record<string, ScoreCell['marker']> = wordTable({
  w: 'won', win: 'won', won: 'won', victory: 'won',
  l: 'lost', loss: 'lost', lost: 'lost', lose: 'lost', defeat: 'lost',
  d: 'drawn', t: 'drawn', draw: 'drawn', drawn: 'drawn', drew: 'drawn', tie: 'drawn', tied: 'drawn',
});

/** Notes after a score that change nothing in it: overtime, extra time, golden goal, forfeit ("(OT)", "(a.e.t.)", "aet", "(2OT)"). */
const PLAIN_NOTES = /^(?:\(?\s*(?:\d?\s*ots?|overtime|a\.?\s*e\.?\s*t\.?|aet|after extra time|e\.?t\.?|extra time|g\.?g\.?|golden goal|so|f|forfeit|awarded|\*+)\s*\)?\s*)*$/i;
/** A tie-break written after the score: "(4–2 p)", "(5–4 pen.)", "(3-1 on penalties)", "4–3 pso". */
const TIE_BREAK = /^\(?\s*\d+\s*[–—−-]\s*\d+\s*(?:p|pen|pens|penalties|on penalties|pso|so|shoot-?out)\.?\s*\)?\s*$|^\(?\s*(?:p|pen|pens|pso)\.?\s*\d+\s*[–—−-]\s*\d+\s*\)?\s*$/i;
const SCORE = /^([a-z]+\.?)?\s*,?\s*(\d{1,3})\s*[–—−-]\s*(\d{1,3})(.*)$/i;

/**
 * Reads a result cell.
 * @returns the two numbers, the written outcome and whether a tie-break follows; undefined
 *   when the text is no score of this form (a record "8–2" reads as one too: callers check the
 *   column's name), or has words this reader does not know ("3–1 agg.", "abandoned at 1–0")
 */
export function readScoreCell(text: string): ScoreCell | undefined {
  const match = SCORE.exec(text.trim());
  if (!match) return undefined;
  const [, word, first, second, rest] = match;
  let marker: ScoreCell['marker'];
  if (word !== undefined) {
    marker = MARKERS[word.replace(/\.$/, '').toLowerCase()];
    if (marker === undefined) return undefined;
  }
  const tail = rest.trim();
  const tieBreak = TIE_BREAK.test(tail);
  if (!tieBreak && !PLAIN_NOTES.test(tail)) return undefined;
  return { first: Number(first), second: Number(second), ...(marker ? { marker } : {}), tieBreak };
}

/** The outcome an outcome column's cell writes alone ("W", "Won", "Loss", "Drawn"), or undefined. */
export function readOutcomeCell(text: string): ScoreCell['marker'] {
  return MARKERS[text.trim().replace(/\.$/, '').toLowerCase()];
}

/** True when a cell that is no score holds nothing a score would be read from ("Bye", "Postponed", "—"): it has no digit. */
export function holdsNoScore(text: string): boolean {
  return !/\d/.test(text);
}
