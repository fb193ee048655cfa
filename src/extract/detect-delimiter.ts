/**
 * Delimiter and decimal-separator detection for delimited text, decided from the text itself.
 * @module extract/detect-delimiter
 */
import Papa from 'papaparse';

/** Delimiters tried, in order of preference when the evidence ties. */
export const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof CANDIDATE_DELIMITERS)[number];

const SAMPLE_CHARACTERS = 64 * 1024;
const SAMPLE_RECORDS = 200;

/** True when a record holds nothing but empty or blank fields (a blank or `,,,` line). */
export function isBlankRecord(fields: string[]): boolean {
  for (const field of fields) if (field.trim() !== '') return false;
  return true;
}

/**
 * Picks the delimiter whose field counts are most consistent over the first records
 * (quotes respected, blank and delimiter-only lines ignored). A delimiter must split
 * records into at least two fields to count; a first record (the header) off the usual
 * count costs a little. Returns null when no candidate splits anything.
 * @param text line endings already normalized to `\n`
 * @param preferred tried first on ties (`\t` for `.tsv`)
 */
export function detectDelimiter(text: string, preferred?: Delimiter): Delimiter | null {
  const sample = text.length > SAMPLE_CHARACTERS ? text.slice(0, text.lastIndexOf('\n', SAMPLE_CHARACTERS) + 1 || SAMPLE_CHARACTERS) : text;
  const order = preferred ? [preferred, ...CANDIDATE_DELIMITERS.filter((d) => d !== preferred)] : [...CANDIDATE_DELIMITERS];
  let best: Delimiter | null = null;
  let bestScore = 0;
  for (const delimiter of order) {
    if (!sample.includes(delimiter)) continue;
    const parsed = Papa.parse<string[]>(sample, { delimiter, newline: '\n', quoteChar: '"', preview: SAMPLE_RECORDS });
    const counts = parsed.data.filter((fields) => !isBlankRecord(fields)).map((fields) => fields.length);
    if (counts.length === 0) continue;
    const frequency = new Map<number, number>();
    for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    let mode = 0;
    let modeFrequency = 0;
    for (const [count, times] of frequency) {
      if (times > modeFrequency || (times === modeFrequency && count > mode)) {
        mode = count;
        modeFrequency = times;
      }
    }
    if (mode < 2) continue;
    const score = modeFrequency / counts.length - (counts[0] === mode ? 0 : 0.1);
    if (score > bestScore + 1e-9) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

const AFFIXES = '[-+(]?\\D{0,4}';
/** Decimal commas no other reading explains: `1.234,50`, `3,7`, `12,5 €`, `1 234,5`, and dot thousands `1.234.567`. */
const COMMA_DECIMAL = new RegExp(
  `^${AFFIXES}(\\d{1,3}([. \\u00a0]\\d{3})+,\\d+|\\d+,(\\d{1,2}|\\d{4,}))\\D{0,4}$|^\\d{1,3}(\\.\\d{3}){2,}$`,
);
/** Dot decimals no other reading explains: `1,234.50`, `3.83`, and comma thousands `1,234,567`. */
const DOT_DECIMAL = new RegExp(`^${AFFIXES}(\\d{1,3}(,\\d{3})+\\.\\d+|\\d+\\.(\\d{1,2}|\\d{4,}))\\D{0,4}$|^\\d{1,3}(,\\d{3}){2,}$`);

/**
 * Decides the decimal separator from numeric-looking fields: `,` when unambiguous decimal
 * commas outnumber unambiguous dot decimals, `.` when the reverse; on a tie (`1,234` and
 * `1.234` alone say nothing) a semicolon-delimited file is taken as European (`,`), others as `.`.
 * Comma-delimited files always use `.`.
 */
export function detectDecimalSeparator(records: string[][], delimiter: string): '.' | ',' {
  if (delimiter === ',') return '.';
  let commas = 0;
  let dots = 0;
  const limit = Math.min(records.length, 5000);
  for (let r = 0; r < limit; r++) {
    for (const raw of records[r]) {
      const field = raw.trim();
      if (field.length === 0 || field.length > 24 || !/\d[.,]\d/.test(field)) continue;
      if (COMMA_DECIMAL.test(field)) commas++;
      else if (DOT_DECIMAL.test(field)) dots++;
    }
  }
  if (commas !== dots) return commas > dots ? ',' : '.';
  return delimiter === ';' ? ',' : '.';
}
