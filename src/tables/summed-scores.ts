/**
 * Scores written with their parts and their sum, as golf leaderboards write a player's rounds
 * (`72-69-71-68=280`): the sum is the cell's number. Read only when every text of the column is
 * written so and every one adds up (the parts are kept in the sheet, the sum is stored).
 * @module tables/summed-scores
 */
import type { Observation } from './observe-cells.js';

/** Two or more whole numbers joined by `-`, `–` or `+`, then `=` and their sum. */
const SUMMED = /^\s*(\d+(?:\s*[-–+]\s*\d+)+)\s*=\s*(\d+)\s*$/;
/** Fewer cells than this say nothing of how a column is written. */
const MIN_SUMMED = 3;

/**
 * The observations with each summed score (`72-69-71-68=280`) read as its sum, or null when the
 * column holds any other text or number, fewer than three such scores, one whose parts do not
 * add up to the sum written (then the `-` may be a range or a score line, and the text stays), or
 * scores of different numbers of parts (a missed cut's two rounds beside four).
 */
export function summedTexts(observations: Observation[]): Observation[] | null {
  const sums = new Map<Observation, number>();
  let rounds: number | undefined;
  for (const observation of observations) {
    if (observation.kind === 'empty' || observation.kind === 'error') continue;
    if (observation.kind !== 'text') return null;
    const match = SUMMED.exec(observation.text);
    if (match === null) return null;
    const parts = match[1].split(/[-–+]/).map((part) => Number(part.trim()));
    const total = Number(match[2]);
    if (parts.reduce((sum, part) => sum + part, 0) !== total) return null;
    // … and every one of the same number of rounds: a missed cut's two rounds (`74-76=150`) are no total to rank beside four
    if (rounds !== undefined && parts.length !== rounds) return null;
    rounds = parts.length;
    sums.set(observation, total);
  }
  if (sums.size < MIN_SUMMED) return null;
  return observations.map((observation) => {
    const total = sums.get(observation);
    return total === undefined ? observation : { kind: 'number', value: total, percent: false, text: (observation as { text: string }).text };
  });
}
