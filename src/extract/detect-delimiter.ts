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

/** `1.234,50`, `3,7`, `-12,5 €`: a comma decimal, optionally with dot or space thousands. */
const COMMA_DECIMAL = /^[-+(]?\D{0,4}\d{1,3}([. \u00a0]\d{3})*,\d+\D{0,4}$|^[-+(]?\D{0,4}\d+,\d{1,2}\D{0,4}$/;
/** `1,234.50`, `3.83`: a dot decimal (not exactly three digits after a lone dot, which reads as thousands). */
const DOT_DECIMAL = /^[-+(]?\D{0,4}\d{1,3}(,\d{3})+\.\d+\D{0,4}$|^[-+(]?\D{0,4}\d+\.(\d{1,2}|\d{4,})\D{0,4}$/;

/**
 * Decides the decimal separator from numeric-looking fields: `,` when decimal commas
 * outnumber dot decimals and the delimiter is not a comma, else `.`.
 */
export function detectDecimalSeparator(records: string[][], delimiter: string): '.' | ',' {
  if (delimiter === ',') return '.';
  let commas = 0;
  let dots = 0;
  const limit = Math.min(records.length, 5000);
  for (let r = 0; r < limit; r++) {
    for (const raw of records[r]) {
      const field = raw.trim();
      if (field.length === 0 || field.length > 24 || !/\d/.test(field)) continue;
      if (COMMA_DECIMAL.test(field)) commas++;
      else if (DOT_DECIMAL.test(field)) dots++;
    }
  }
  return commas > dots ? ',' : '.';
}
