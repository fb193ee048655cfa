/**
 * The two units of a measure row ("Average high °F (°C)", "Precipitation mm (inches)") and the
 * one a question asks in: a climate box writes each cell as the first unit's number with the
 * second's in brackets ("37.1\n(2.8)"), so the label says which number is which.
 * @module agent/planner/measure-row-units
 */
import type { ParsedQuestion } from './parse-question.js';

/** Which number of a two-unit cell is read: the one before the brackets, or the one inside them. */
export type CellPart = 'main' | 'bracket';

/** Units a measure row's label writes, by the token the tokenizer leaves of them ("°F" → f). */
const LABEL_UNITS: Record<string, string> = {
  f: '°F', c: '°C', mm: 'mm', cm: 'cm', in: 'inches', inch: 'inches', inches: 'inches', hpa: 'hPa', mb: 'mb', kwh: 'kWh',
};
/** Unit words a question may write anywhere: the names of the temperature scales. */
const SCALE_NAMES: Record<string, string> = { fahrenheit: '°F', celsius: '°C', centigrade: '°C' };
/** Unit words a question writes only right after a number, "degrees" or "in": "70 f", "2 inches", "in mm" (never "in", a preposition too). */
const AFTER_NUMBER: Record<string, string> = {
  f: '°F', c: '°C', mm: 'mm', millimeter: 'mm', millimeters: 'mm', millimetre: 'mm', millimetres: 'mm',
  cm: 'cm', centimeter: 'cm', centimeters: 'cm', centimetre: 'cm', centimetres: 'cm', inch: 'inches', inches: 'inches',
};
/** Words after "in" that make it a preposition: "in the table", "in total", "in each month". */
const PREPOSITION_NEXT = new Set(['the', 'this', 'that', 'a', 'an', 'total', 'each', 'all', 'any', 'every', 'its', 'their']);
/** Words of a temperature the label leaves to its unit: "the average high temperature", "over 70 degrees". */
const TEMPERATURE_WORDS = new Set(['temperature', 'temperatures', 'temp', 'degree', 'degrees']);

/**
 * The units of a measure row's label: the one outside brackets (the cell's first number) and
 * the one inside them (the bracketed number). "Average high °F (°C)" → °F, °C; "Mean monthly
 * sunshine hours" → none.
 */
export function labelUnits(label: string): { main?: string; bracket?: string } {
  // "in" is inches only as the last word ("Snowfall in", "(in)"): "Rainfall in mm (inches)" says its unit after it
  const unitIn = (text: string): string | undefined => {
    const words = text.toLowerCase().replace(/°/g, ' ').split(/[^a-z]+/).filter(Boolean);
    return words.map((w, i) => (w === 'in' && i < words.length - 1 ? undefined : LABEL_UNITS[w])).find(Boolean);
  };
  const inside = /\(([^)]*)\)/.exec(label)?.[1];
  const outside = label.replace(/\([^)]*\)/g, ' ');
  return { main: unitIn(outside), bracket: inside !== undefined ? unitIn(inside) : undefined };
}

/** Words of a note in brackets that name no unit: "(in the shade)", "(days with at least 1 mm)". */
const BRACKET_STOP = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'at', 'for', 'and', 'or', 'per', 'to', 'with', 'at', 'least', 'days', 'day']);

/** Words of a label's brackets that are not words outside them: "km h" of "Average wind speed mph (km/h)". */
function bracketOnlyWords(label: string): Set<string> {
  const words = (text: string): string[] => text.toLowerCase().replace(/°/g, ' ').split(/[^a-z]+/).filter(Boolean);
  const outside = new Set(words(label.replace(/\([^)]*\)/g, ' ')));
  return new Set(words(/\(([^)]*)\)/.exec(label)?.[1] ?? '').filter((w) => !outside.has(w) && !BRACKET_STOP.has(w)));
}

/**
 * The unit the question asks in and the words that say it ("degrees fahrenheit", "1 degree
 * celsius", "20 °C", "2 inches"), and the temperature words a °C/°F row explains
 * ("temperature", "degrees").
 * @param open tokens no other part of the question explained
 * @returns the unit asked (undefined when none) and the tokens explained
 */
export function askedCellUnit(parsed: ParsedQuestion, label: string, open: (index: number) => boolean): { unit?: string; tokens: number[]; problem?: string } {
  const units = labelUnits(label);
  const tokens: number[] = [];
  const asked = new Set<string>();
  const temperature = units.main === '°C' || units.main === '°F';
  for (const token of parsed.tokens) {
    if (!open(token.index)) continue;
    const previous = parsed.tokens[token.index - 1]?.norm ?? '';
    const afterNumber = /^\d/.test(previous) || previous === 'degree' || previous === 'degrees' || previous === 'in';
    const unit = SCALE_NAMES[token.norm] ?? (afterNumber ? AFTER_NUMBER[token.norm] : undefined);
    if (unit) {
      asked.add(unit);
      tokens.push(token.index);
    } else if (temperature && TEMPERATURE_WORDS.has(token.norm)) tokens.push(token.index);
  }
  if (asked.size > 1) return { tokens, problem: `the question names two units (${[...asked].join(', ')})` };
  // "more than 2 in of rainfall", "2\"": inches written short, or "in" the preposition ("above 50 in 2010"), which is not told apart
  const inches = units.main === 'inches' || units.bracket === 'inches';
  // (a determiner or a number after it makes it the preposition: "above 50 in the table", "in total", "in 2010")
  const shortInches = parsed.tokens.find((t) => t.norm === 'in' && /^(?:\d.*|in)$/.test(parsed.tokens[t.index - 1]?.norm ?? '')
    && !/^\d/.test(parsed.tokens[t.index + 1]?.norm ?? '') && !PREPOSITION_NEXT.has(parsed.tokens[t.index + 1]?.norm ?? ''));
  if (inches && asked.size === 0 && (shortInches || /\d\s*["”″]/.test(parsed.folded))) return { tokens, problem: `'in' or '"' after a number may be inches: write the unit in full (inches, mm)` };
  // "over 70 degrees" of "Average high °C (°F)": degrees of which scale is not said, and both are written
  const twoScales = (units.main === '°C' || units.main === '°F') && (units.bracket === '°C' || units.bracket === '°F');
  const degrees = parsed.tokens.some((t) => (t.norm === 'degree' || t.norm === 'degrees') && open(t.index));
  if (twoScales && asked.size === 0 && degrees) return { tokens, problem: `'degrees' of '${label}' may be ${units.main} or ${units.bracket}: say which` };
  // "the wind speed in km/h" of "Average wind speed mph (km/h)": a unit of the brackets not read as one is still asked
  const bracketOnly = bracketOnlyWords(label);
  const unread = asked.size === 0 ? parsed.tokens.find((t) => open(t.index) && bracketOnly.has(t.norm)) : undefined;
  if (unread) {
    return { tokens, problem: `'${unread.norm}' names the unit in brackets of '${label}', which is not read` };
  }
  return { ...(asked.size === 1 ? { unit: [...asked][0] } : {}), tokens };
}

/**
 * Which number of the row's cells holds the unit asked: the first when none is asked or the
 * label's first unit is asked, the bracketed one when the label's second is.
 * @returns the part, or a problem when the row holds no such unit (no conversion is made)
 */
export function cellPart(label: string, unit: string | undefined): { part?: CellPart; problem?: string } {
  if (unit === undefined) return { part: 'main' };
  const units = labelUnits(label);
  if (units.main === unit) return { part: 'main' };
  if (units.bracket === unit) return { part: 'bracket' };
  return { problem: `the row '${label}' holds no figures in ${unit}` };
}
