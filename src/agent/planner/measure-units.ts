/**
 * Units of measure as questions write them ("feet", "sq km", "metres") and as columns hold them
 * (a card's unit, a header's "(m)" or "km² (sq mi)"): a number's unit in a condition must be its
 * column's, and so must a unit the answer is asked in ("the land area in square miles").
 * @module agent/planner/measure-units
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Measure } from './measures.js';
import type { Filter } from './plan-types.js';

/** Scale words a unit may follow ("3 thousand feet"). */
export const SCALE_WORDS = new Set(['thousand', 'million', 'billion', 'hundred', 'k', 'm', 'bn']);

/** Unit words by the unit they write (`MEASURE_UNITS.get('feet')` is `ft`). */
export const MEASURE_UNITS = new Map<string, string>(
  Object.entries({
    m: 'm meter meters metre metres', km: 'km kilometer kilometers kilometre kilometres', cm: 'cm centimeter centimeters centimetre centimetres',
    mm: 'mm millimeter millimeters millimetre millimetres', ft: 'ft foot feet', mi: 'mi mile miles', kg: 'kg kilogram kilograms kilo kilos',
    lb: 'lb lbs pound pounds', kw: 'kw kilowatt kilowatts', hp: 'hp horsepower', yd: 'yd yard yards', km2: 'km2 km² sqkm',
    mi2: 'mi2 mi² sqmi', ac: 'ac acre acres', ha: 'ha hectare hectares', 'km/h': 'km/h kph kmh', 'mi/h': 'mi/h mph', 'm/s': 'm/s',
    // a metric tonne is no (short) ton: 1,600 tons is some 1,450 tonnes
    t: 'tonne tonnes', ton: 'ton tons',
  }).flatMap(([unit, words]) => words.split(' ').map((word): [string, string] => [word, unit])),
);

/** The unit of measure a column counts in (`MEASURE_UNITS`): its card's unit, or the one its header writes ("Height (m)", "Land area km² (sq mi)"). */
export function unitOf(column: CatalogColumn): string | undefined {
  // "Height (m)", and a unit closing the name with no brackets ("Area km2", "Area sq mi"); never one after "/" or "per" (a density)
  const header = /\(([a-z²2]{1,3}|km\/h|m\/s)\)\s*$/i.exec(column.name)?.[1] ?? /(?<![/]\s*|\bper\s+)\b(km²|km2|sq\.?\s*km|sq\.?\s*mi|mi²|mi2|ft|km|mi|kg|lb|lbs|ha)\s*$/i.exec(column.name)?.[1];
  const written = column.unit ?? header;
  return written ? MEASURE_UNITS.get(written.toLowerCase().replace(/^sq\.?\s*/, 'sq').replace(/\s+/g, '')) : undefined;
}

/**
 * The unit written after a number with "per" or "/" before it ("10 per sq mi", "200 /km²"): the
 * unit a density divides by (`MEASURE_UNITS`' key), or undefined when none is written so.
 */
export function perUnitAfter(parsed: ParsedQuestion, numberEnd: number): { unit: string; tokens: number[] } | undefined {
  const at = parsed.tokens[numberEnd + 1]?.norm === 'people' || parsed.tokens[numberEnd + 1]?.norm === 'persons' || parsed.tokens[numberEnd + 1]?.norm === 'inhabitants' ? numberEnd + 2 : numberEnd + 1;
  if (parsed.tokens[at]?.norm !== 'per') return undefined;
  const unit = unitAfter(parsed, at);
  return unit ? { unit: unit.unit, tokens: [at, ...unit.tokens] } : undefined;
}

/**
 * The unit of measure written right after a number (a scale word may come first: "3 thousand
 * feet"): one word ("ft", "metres") or a square measure of two ("sq km", "square miles").
 * @returns the unit (`MEASURE_UNITS`' key) and its tokens, or undefined
 */
export function unitAfter(parsed: ParsedQuestion, numberEnd: number): { unit: string; tokens: number[] } | undefined {
  let at = numberEnd + 1;
  const next = parsed.tokens[at];
  if (next && !MEASURE_UNITS.has(next.norm) && SCALE_WORDS.has(next.norm)) at++;
  const word = parsed.tokens[at];
  if (!word) return undefined;
  const square = ['sq', 'square'].includes(word.norm) ? MEASURE_UNITS.get(parsed.tokens[at + 1]?.norm ?? '') : undefined;
  if (square === 'km' || square === 'mi') return { unit: `${square}2`, tokens: [at, at + 1] };
  const unit = MEASURE_UNITS.get(word.norm);
  // a speed: "km/h", "km per hour", "m/s"
  const per = parsed.tokens[at + 1]?.norm === 'per' ? at + 2 : at + 1;
  const time = { h: 'h', hr: 'h', hour: 'h', s: 's', sec: 's', second: 's' }[parsed.tokens[per]?.norm ?? ''];
  if ((unit === 'km' || unit === 'mi' || unit === 'm') && time && MEASURE_UNITS.has(`${unit}/${time}`)) return { unit: `${unit}/${time}`, tokens: [at, ...(per > at + 1 ? [at + 1] : []), per] };
  return unit ? { unit, tokens: [at] } : undefined;
}

/** Words before a unit that make it the unit an answer is asked in: "in square miles", "how many feet", "per square mile". */
const ASKED_BEFORE = new Set(['in', 'many', 'per']);

/**
 * "What is the land area of Newton in square miles" over "Land area km² (sq mi)" holding km²:
 * a unit the answer is asked in ("in", "how many", "per" before it; never the unit of a
 * condition's number, checked by the condition) that is not the unit of the column read. No
 * conversion is made: the question is declined. A density ("per square mile") is checked
 * against the unit its column's name divides by ("Density /km²").
 * @returns the problem, or undefined when no unit is asked or the column is in it
 */
export function askedUnitProblem(parsed: ParsedQuestion, measure: Measure, filters: Filter[]): string | undefined {
  const columns = 'column' in measure && measure.column ? [measure.column] : measure.kind === 'columns' ? measure.columns : [];
  if (columns.length === 0) return undefined;
  const conditionUnits = new Set(filters.flatMap((f) => f.tokens).flatMap((t) => unitAfter(parsed, t)?.tokens ?? []));
  for (const token of parsed.tokens) {
    const before = parsed.tokens[token.index - 1]?.norm;
    if (!before || !ASKED_BEFORE.has(before) || conditionUnits.has(token.index)) continue;
    const asked = unitAfter(parsed, token.index - 1);
    if (!asked || asked.tokens[0] !== token.index) continue;
    const words = asked.tokens.map((t) => parsed.tokens[t].norm).join(' ');
    for (const column of columns) {
      const own = before === 'per' ? perUnitOf(column) : unitOf(column);
      if (own !== undefined && own !== asked.unit) return `'${words}' is another unit than ${column.name}'s (${own}): its values are not converted`;
      if (own === undefined && before !== 'many' && namesUnits(column)) return `'${words}' may be another unit than ${column.name}'s: its values are not converted`;
    }
  }
  return undefined;
}

/** The unit a density's name divides by: "Density /km²", "Pop. per sq mi", "Density (per km2)". */
export function perUnitOf(column: CatalogColumn): string | undefined {
  const written = /(?:\/|\bper)\s*(km²|km2|sq\.?\s*km|sq\.?\s*mi|mi²|mi2|km|mi|m²|m2)/i.exec(column.name)?.[1];
  if (!written) return undefined;
  const key = written.toLowerCase().replace(/\s+/g, '').replace(/\./g, '');
  return MEASURE_UNITS.get(key) ?? (key === 'sqkm' ? 'km2' : key === 'sqmi' ? 'mi2' : undefined);
}

/** True when a column's name writes units ("Tower height in meters (ft)"): an unmatched asked unit may be the other one. */
function namesUnits(column: CatalogColumn): boolean {
  return column.name.split(/[^a-z²2]+/i).some((word) => MEASURE_UNITS.has(word.toLowerCase()));
}

/**
 * "the elevation of Keokradong in feet" over Elevation in ft: the words of a unit the answer is
 * asked in ("in", "how many", "per" before it) that a numeric column of the table holds are
 * explained; whether the column read is in it is checked on the answer (`askedUnitProblem`).
 * @param open tokens nothing else explained
 * @returns the indexes of the unit words explained
 */
export function askedUnitWords(parsed: ParsedQuestion, columns: CatalogColumn[], open: (index: number) => boolean): number[] {
  const explained: number[] = [];
  for (const token of parsed.tokens) {
    const before = parsed.tokens[token.index - 1]?.norm;
    if (!before || !ASKED_BEFORE.has(before) || !open(token.index)) continue;
    const asked = unitAfter(parsed, token.index - 1);
    if (!asked || asked.tokens[0] !== token.index || !asked.tokens.every(open)) continue;
    if (columns.some((column) => (before === 'per' ? perUnitOf(column) : unitOf(column)) === asked.unit)) explained.push(...asked.tokens);
  }
  return explained;
}

/**
 * "the most speed in km/h" over Speed (km/h) and Speed (mph): among measures the question's words
 * name equally, the one in the unit the answer is asked in ("in km/h"). Only when no word of the
 * question names another of them by a word of its own ("the top speed in mph" beside Top speed
 * (km/h) and Average speed (mph): "top" names the first, so the unit cannot pick the second).
 * @param written the unit written after a condition's number ("over 500 km/h"), instead of one asked after "in"
 * @returns the mention picked, or undefined
 */
export function askedUnitPick<M extends { info: { column: CatalogColumn; stems: string[] } }>(parsed: ParsedQuestion, tied: M[], written?: { unit: string; tokens: number[] }): M | undefined {
  const asked = written ? [written] : parsed.tokens.filter((t) => t.norm === 'in').map((t) => unitAfter(parsed, t.index)).filter((u) => u !== undefined);
  if (asked.length !== 1) return undefined;
  const inUnit = tied.filter((m) => unitOf(m.info.column) === asked[0].unit);
  if (inUnit.length !== 1) return undefined;
  const said = new Set(parsed.tokens.filter((t) => !asked[0].tokens.includes(t.index)).map((t) => t.stem));
  const own = new Set(inUnit[0].info.stems);
  const others = tied.filter((m) => m !== inUnit[0]);
  return others.some((m) => m.info.stems.some((stem) => said.has(stem) && !own.has(stem))) ? undefined : inUnit[0];
}
