/**
 * Typing a column from the evidence of all its cells: integer, decimal, percent, date,
 * boolean or text, with the values converted to what is stored in `row_data`.
 * @module tables/column-types
 */
import type { Cell } from '../extract/grid.js';
import { observeCells, type Observation } from './observe-cells.js';
import type { ColumnType, StoredValue } from './types.js';
import { stopwatchTexts } from './stopwatch-times.js';
import { parseNumberText, readDateText } from './values.js';
import { summedTexts } from './summed-scores.js';

/** A column's type and its values as stored, one per input cell. */
export interface TypedColumn {
  type: ColumnType;
  /** Stored values: numbers (percents as fractions), `YYYY-MM-DD` dates, booleans, text; null when empty or unreadable. */
  values: StoredValue[];
  /** Non-empty cells that could not be read as `type` (stored null), Excel error cells included. */
  invalidCount: number;
  /** `percent` or `currency` when the values or the header say so; `seconds` for stopwatch times. */
  unit?: string;
  /** ISO currency code when the values or their number format show one. */
  currency?: string;
  /** Day/month order used for text dates (`ymd` when all were year-first). */
  dateOrder?: 'dmy' | 'mdy' | 'ymd';
  /**
   * The first text date when `dateOrder` was not shown by any value or format (every part 12 or
   * less: `01/02/2024`) and day-first was assumed; the reader is told (`table-warnings.ts`).
   */
  assumedDayFirst?: string;
  /** Every date names only a month (`2025-03`, `Mar 2025`, Excel `mmm yyyy`); stored as the 1st. */
  monthOnly?: boolean;
}

export interface TypeColumnContext {
  /** The file's decimal separator for numbers written as text. @default '.' */
  decimalSeparator?: '.' | ',';
  /** Folded header text: `[%]` or `percent` in it marks plain numbers as percent points (not divided). */
  headerName?: string;
}

const PERCENT_HEADER = /%|\bpercent\b|\bpct\b|\bprozent\b/i;

/**
 * Values from which one stray text is tolerated in a numeric or date column: a label such as
 * "Swing" or "n/a" in a footer row a clean CSV keeps as data (a column of 8 vote counts and the
 * word "Swing" is a column of numbers); past 50 values, 2% are.
 */
const STRAY_TEXT_MIN_VALUES = 8;

/**
 * "no data", "not available": in a column of numbers they say a value is missing, so they do not
 * vote against the numbers (stored null, counted invalid). In a text column ("Status: Not
 * available") they are values, so they are not read as blanks everywhere.
 */
const NO_DATA = /^\s*(no data|not available|n\/d|not known|unknown|unmeasured|not measured|unrecorded|not recorded|unavailable)\s*$/i;

/**
 * Decides a column's type from all its values and converts them.
 * - numeric when (almost) every non-empty value is a number (Excel numbers or number text);
 *   up to 2% stray texts (one from 8 values) are stored null and counted invalid;
 * - percent when most numbers are percent text (`12%`) or use a `%` number format (stored as fractions);
 * - stopwatch times (`1:03.49`, `2:05:33.2`) are numbers of seconds, and the column's unit is
 *   `seconds`: a column of race times writes those under a minute as plain seconds (`38.77`);
 *   beside them no stray text is tolerated (`DQ`, `DNF` are results, kept as text). Times
 *   without a fraction (`2:03:32`, `3:45`) are stopwatch times only when the whole column and
 *   its header say so, not a time of day or a score (`stopwatchTexts`);
 * - text when any number text has a leading zero (`000827`, `04027`), more than 15 digits or an
 *   unsigned exponent (`4E099`), and when a stray text is a code of the numbers' own width
 *   (`4A000` among `40101`, `40201`): a column of codes, not of numbers with one label;
 * - date for Excel dates and text dates (mixed allowed); the day/month order of text dates comes
 *   from the evidence (a first part above 12 → dmy, a second part above 12 → mdy), day-first when ambiguous;
 * - boolean only for Excel booleans and TRUE/FALSE text (Yes/No stays text);
 * - text otherwise. Excel error cells are null and counted invalid.
 */
export function typeColumn(cells: (Cell | null)[], context: TypeColumnContext = {}): TypedColumn {
  return typeObservations(observeCells(cells, context), context);
}

/** An amount of money ending in a scale word ("$2.5 billion", "$45K", "€450 mn"). */
const SCALED_MONEY_TEXT = /\d\s*(k|m|mm|mn|mil|b|bn|tn|thousand|million|millions|billion|billions|trillion|lakhs?|crores?)\.?\s*$/i;
/** A header giving its column's scale: "Revenue (US$ millions)", "Sales ($ thousands)", "Gross ($m)". */
const SCALE_HEADER = /\b(thousands?|millions?|billions?|bn|mn|mio|m|k|000s?|'000)\b|\$\s*m\b/i;

/** Types a column from its cells' observations (see `typeColumn` for the rules). */
export function typeObservations(observations: Observation[], context: TypeColumnContext = {}): TypedColumn {
  observations = stopwatchTexts(observations, context.headerName) ?? summedTexts(observations) ?? observations;
  let numbers = 0;
  let dates = 0;
  let booleans = 0;
  let identifiers = 0;
  let voting = 0;
  let durations = 0;
  for (const observation of observations) {
    if (observation.kind === 'number') {
      numbers++;
      if (observation.identifierText !== undefined) identifiers++;
      if (observation.duration) durations++;
    } else if (observation.kind === 'date') dates++;
    else if (observation.kind === 'boolean') booleans++;
    if (observation.kind !== 'empty' && observation.kind !== 'error' && !(observation.kind === 'text' && NO_DATA.test(observation.text))) voting++;
  }
  // Beside stopwatch times a text is a result of its own ("DQ", "DNF", "Retired"), never a stray footer label.
  const allowance = strayCodes(observations) || durations > 0 ? 0 : Math.max(voting >= STRAY_TEXT_MIN_VALUES ? 1 : 0, Math.floor(voting * 0.02));
  if (voting > 0 && booleans === voting) return finish('boolean', observations, (o) => (o.kind === 'boolean' ? o.value : undefined));
  // "Revenue (US$ millions)" over "$2.5 billion": the header's scale and the cell's would both apply, so the column is left text
  const scaledCells = observations.some((o) => o.kind === 'number' && o.text !== undefined && SCALED_MONEY_TEXT.test(o.text));
  if (voting > 0 && identifiers === 0 && numbers >= dates && numbers >= voting - allowance && !(scaledCells && SCALE_HEADER.test(context.headerName ?? ''))) {
    return typeNumbers(observations, context.headerName);
  }
  if (voting > 0 && dates >= voting - allowance && !seasonLabels(observations)) return typeDates(observations);
  return typeUnitNumbers(observations, context) ?? typeConvertedNumbers(observations, context) ?? finish('text', observations, textOf);
}

/** A header naming a unit and its conversion in brackets: "Land area km² (sq mi)", "Height m (ft)", "Density /km² (/sq mi)". */
const CONVERSION_HEADER = /(\/\s*)?(km²|km2|km|m²|m2|m|mi²|sq\.?\s*mi|sq\.?\s*km|ft|feet|metres|meters|kg|lb|lbs|mph|km\/h|°c|°f|ha|acres?)\s*\(\s*\/?\s*(km²|km2|km|m²|m2|m|mi²|sq\.?\s*mi|sq\.?\s*km|ft|feet|metres|meters|kg|lb|lbs|mph|km\/h|°c|°f|ha|acres?)\s*\)/i;
/** A number with its conversion in brackets: "93 (36)", "1,234.5 (476.6)". */
const CONVERTED_PAIR = /^([-+−]?\d[\d.,' ]*?)\s*\(\s*[-+−]?\d[\d.,' ]*\s*\)$/;

/**
 * A column of numbers each written with its conversion in brackets ("93 (36)") under a header
 * naming both units ("Land area km² (sq mi)"): the first number, in the header's first unit. Only
 * when at least 3 values are such pairs and every other value is a plain number or no data.
 * Null otherwise.
 */
function typeConvertedNumbers(observations: Observation[], context: TypeColumnContext): TypedColumn | null {
  const header = CONVERSION_HEADER.exec(context.headerName ?? '');
  if (header === null) return null;
  const decimalSeparator = context.decimalSeparator ?? '.';
  const read = new Map<Observation, number>();
  for (const observation of observations) {
    if (observation.kind === 'empty' || observation.kind === 'number') continue;
    if (observation.kind !== 'text') return null;
    if (NO_DATA.test(observation.text)) continue;
    const pair = CONVERTED_PAIR.exec(observation.text.replace(/[\u00a0\u202f\u2009]/g, ' ').trim());
    const number = pair ? parseNumberText(pair[1].trim(), decimalSeparator) : null;
    if (number === null || number.unit !== undefined) return null;
    read.set(observation, number.value);
  }
  if (read.size < 3) return null;
  const values = [...read.values()];
  const integers = values.every((value) => Number.isSafeInteger(value)) && observations.every((o) => o.kind !== 'number' || Number.isSafeInteger(o.value));
  const typed = finish(integers ? 'integer' : 'decimal', observations, (o) => (o.kind === 'number' ? o.value : o.kind === 'text' ? (NO_DATA.test(o.text) ? null : read.get(o)) : undefined));
  if (header[1] === undefined) typed.unit = header[2]; // "/km²" is a unit of a density, no unit of its own
  return typed;
}

/** A season written as its two years: "2008/09", "2008-09" (the second year's last two digits). */
const SEASON_TEXT = /^(\d{4})\s*[-/\u2013]\s*(\d{2})$/;

/**
 * True when every text date of the column is a season label, a year and the next one's last two
 * digits ("2002/03", "2003/04" …, two at least): football and school seasons, not year/month
 * dates (2002/03 is the 2002–03 season, not March 2002). Such a column stays text.
 */
function seasonLabels(observations: Observation[]): boolean {
  let seasons = 0;
  for (const observation of observations) {
    if (observation.kind !== 'date') continue;
    const match = observation.text === undefined ? null : SEASON_TEXT.exec(observation.text.trim());
    if (!match || Number(match[2]) !== (Number(match[1]) + 1) % 100) return false;
    seasons++;
  }
  return seasons >= 2;
}

/**
 * One number and one unit word, as a measured quantity is written: `59793 MT`, `3,880 days`,
 * `4.60 m`, `2.8L`. Ordinals (`6th`) are no quantities. Without a space the unit must be a known
 * abbreviation (`2.8L`, `12kg`), so that model names (`728i`, `320d`) stay text.
 */
const UNIT_NUMBER = /^([-+−]?\d[\d.,' ]*?)(\s*)([A-Za-zµ°][A-Za-z²³]{0,9}\.?)$/;
const ORDINAL_SUFFIX = new Set(['st', 'nd', 'rd', 'th']);
const JOINED_UNITS = new Set('l ml cl dl m km cm mm kg g mg t mt lb lbs oz ft in yd mi mph kph kmh kw mw gw kwh mwh gwh hp cc ha ac h hr hrs min s sec ms bn k mn'.split(' '));
/**
 * Scale words after a number multiply it (`45k` is 45,000, `1.2 bn` 1,200,000,000): no unit.
 * Written as they are: a capital `K` is also kelvin (`93K`) or kilobytes (`48K`), and `mn` also
 * the French minute (`5 mn`), so those stay units.
 */
const SCALES = new Map<string, number>([['k', 1e3], ['thousand', 1e3], ['million', 1e6], ['bn', 1e9], ['billion', 1e9]]);
/** A mark that a quantity is approximate (`appr. 300 m`, `ca. 12 km`, `~5 kg`): the quantity is still the number written. */
const APPROXIMATE = /^(?:appr|approx|approximately|ca|circa|c|about|~|≈)\.?\s*(?=\d)/i;
/** A round number with a joined `s` is as likely a decade (`1960s`, `80s`) as seconds: no quantity. */
const DECADE = /^\d*0$/;
/** Words after a number that make it a name or a period, not a quantity (`2010 season`, `3rd edition`). */
const NOT_UNITS = new Set('season seasons edition editions series round rounds stage stages leg legs'.split(' '));
/** Headers of columns whose values name a category, not a measured amount (`100 m` is an event, `2.0 L` an engine). */
const CATEGORY_HEADER = /\b(decade|decades|event|events|discipline|category|class|division|model|engine|type|name|title|race|distance\s+category)\b/i;

/** A short result code in capitals (`NM`, `DNS`, `DNF`, `DQ`, `NH`). */
const RESULT_CODE = /^[A-Z]{2,4}$/;

/** A quantity in other units: numbers each followed by a unit word (`13,845 ft`, `6 ft 0 in`, `5 ft 8 1⁄2 in`, `1,158 sq mi`). */
const CONVERTED = /^(?:(?:\d[\d.,]*(?:\s*[⁄/]\s*\d+)?[½¼¾]?|[½¼¾])(?:\s+(?:\d+\s*[⁄/]\s*\d+|[½¼¾]))?\s*(?:sq\s+)?[A-Za-z°][A-Za-z²³]{0,5}\.?\s*)+$/;

/**
 * A quantity written with its conversion after it, on a new line or in parentheses, as
 * encyclopedias write them (`4220 m` / `13,845 ft`, `1.83 m (6 ft 0 in)`): the first quantity
 * alone. Any other text is returned as it is.
 */
function withoutConversion(text: string): string {
  const split = /^([^\n()]+?)\s*(?:\n\s*([^\n]+)|\(([^()]+)\))$/.exec(text);
  if (split === null) return text;
  const converted = (split[2] ?? split[3]).trim();
  return CONVERTED.test(converted) && /\d/.test(split[1]) ? split[1].trim() : text;
}

/**
 * `59793 MT` → { value: 59793, unit: 'MT', key: 'mt' }; `45k` → { value: 45000, unit: '', key:
 * 'scale' }; null when the text is not one number and one unit word.
 */
function readUnitNumber(text: string, decimalSeparator: '.' | ','): { value: number; unit: string; key: string } | null {
  const match = UNIT_NUMBER.exec(withoutConversion(text.replace(/[\u00a0\u202f\u2009]/g, ' ').trim()).replace(APPROXIMATE, ''));
  if (match === null) return null;
  const [, digits, space, written] = match;
  const unit = written.replace(/\.$/, '');
  const lower = unit.toLowerCase();
  if (ORDINAL_SUFFIX.has(lower) || NOT_UNITS.has(lower)) return null;
  const scale = SCALES.get(unit === 'K' ? unit : lower);
  if (space === '' && !JOINED_UNITS.has(lower) && scale === undefined) return null;
  if (space === '' && lower === 's' && DECADE.test(digits.trim())) return null;
  const number = parseNumberText(digits.trim(), decimalSeparator);
  if (number === null || number.unit !== undefined) return null;
  if (scale !== undefined) return { value: Number((number.value * scale).toPrecision(15)), unit: '', key: 'scale' };
  // One unit in singular and plural (`1 day`, `3 days`) is one unit.
  const key = lower.length > 3 && lower.endsWith('s') ? lower.slice(0, -1) : lower;
  return { value: number.value, unit, key };
}

/**
 * A column of quantities written with their unit (`59793 MT`, `3,880 days`, `4.60 m`): numbers in
 * that unit, the unit kept on the column. Only when every text is a number with the same unit (plain
 * numbers may stand beside them, and one result code such as `NM` from 8 values), at least 3 carry it, and more than half the values are distinct: a column
 * repeating a few of them (`100 m`, `200 m`) names events, and stays text, unless every one is written with its
 * conversion (`1.83 m (6 ft 0 in)`), which only measurements are. Null otherwise.
 */
function typeUnitNumbers(observations: Observation[], context: TypeColumnContext): TypedColumn | null {
  if (context.headerName !== undefined && CATEGORY_HEADER.test(context.headerName)) return null;
  const decimalSeparator = context.decimalSeparator ?? '.';
  const read = new Map<Observation, number>();
  const written = new Map<string, number>();
  let key: string | undefined;
  let numbers = 0;
  let voting = 0;
  let codes = 0;
  let converted = 0;
  const distinct = new Set<number>();
  for (const observation of observations) {
    if (observation.kind === 'empty' || observation.kind === 'error') continue;
    voting++;
    if (observation.kind === 'number') {
      if (observation.identifierText !== undefined || observation.duration || observation.percent || observation.currency) return null;
      numbers++;
      distinct.add(observation.value);
      continue;
    }
    if (observation.kind !== 'text') return null;
    // "Unmeasured", "Unknown" beside "3,465 ft": no value, not a vote against the quantities
    if (NO_DATA.test(observation.text)) {
      voting--;
      continue;
    }
    const quantity = readUnitNumber(observation.text, decimalSeparator);
    if (quantity !== null && withoutConversion(observation.text.trim()) !== observation.text.trim()) converted++;
    // A result code beside the marks (`NM` no mark, `DNS`, `DQ`) is no quantity: stored null, counted invalid.
    if (quantity === null && RESULT_CODE.test(observation.text.trim())) {
      codes++;
      continue;
    }
    if (quantity === null || (key !== undefined && quantity.key !== key)) return null;
    key = quantity.key;
    read.set(observation, quantity.value);
    if (quantity.unit !== '') written.set(quantity.unit, (written.get(quantity.unit) ?? 0) + 1);
    distinct.add(quantity.value);
  }
  const withUnit = voting - numbers - codes;
  const allowance = Math.max(voting >= STRAY_TEXT_MIN_VALUES ? 1 : 0, Math.floor(voting * 0.02));
  // … a quantity written with its conversion (`1.83 m (6 ft 0 in)`) is measured, never an event's name, however often it repeats
  const measured = converted === withUnit;
  if (codes > allowance || withUnit < 3 || withUnit < numbers || (!measured && distinct.size * 2 <= voting - codes)) return null;
  const values = [...read.values()];
  const integers = values.every((value) => Number.isSafeInteger(value)) && observations.every((o) => o.kind !== 'number' || Number.isSafeInteger(o.value));
  const typed = finish(integers ? 'integer' : 'decimal', observations, (o) => (o.kind === 'number' ? o.value : o.kind === 'text' ? (NO_DATA.test(o.text) ? null : read.get(o)) : undefined));
  const unit = [...written.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (unit !== undefined) typed.unit = unit;
  return typed;
}

/** A text cell shaped like the column's number texts: letters and digits, no space, the width of a number text beside it. */
function strayCodes(observations: Observation[]): boolean {
  const widths = new Set<number>();
  for (const observation of observations) {
    if (observation.kind !== 'number') continue;
    const text = observation.text ?? (Number.isSafeInteger(observation.value) ? String(observation.value) : '');
    if (/^\d+$/.test(text)) widths.add(text.length);
  }
  if (widths.size === 0) return false;
  return observations.some((o) => o.kind === 'text' && widths.has(o.text.length) && /^[A-Za-z0-9]+$/.test(o.text) && /\d/.test(o.text) && /[A-Za-z]/.test(o.text));
}

function typeNumbers(observations: Observation[], headerName: string | undefined): TypedColumn {
  let percentMarked = 0;
  let durations = 0;
  let numbers = 0;
  let integers = true;
  const currencies = new Map<string, number>();
  for (const observation of observations) {
    if (observation.kind !== 'number') continue;
    numbers++;
    if (observation.percent) percentMarked++;
    if (observation.duration) durations++;
    if (!Number.isSafeInteger(observation.value)) integers = false;
    if (observation.currency) currencies.set(observation.currency, (currencies.get(observation.currency) ?? 0) + 1);
  }
  const isPercent = percentMarked * 2 > numbers;
  const type: ColumnType = isPercent ? 'percent' : integers ? 'integer' : 'decimal';
  const typed = finish(type, observations, (o) => (o.kind === 'number' ? o.value : undefined));
  if (isPercent || (headerName !== undefined && PERCENT_HEADER.test(headerName))) typed.unit = 'percent';
  // Stopwatch times (`1:03.49`) are stored as seconds; plain numbers beside them are seconds too (`38.77`).
  else if (durations > 0 && currencies.size === 0) typed.unit = 'seconds';
  else if (currencies.size > 1) typed.unit = 'mixed_currency';
  else if (currencies.size > 0) typed.unit = 'currency';
  // Values in several currencies (€100 and $200) keep their numbers but must not be added up.
  if (currencies.size > 1) typed.currency = 'mixed';
  else if (currencies.size > 0) typed.currency = [...currencies.keys()][0];
  return typed;
}

function typeDates(observations: Observation[]): TypedColumn {
  let dayFirst = 0;
  let monthFirst = 0;
  let numericTexts = 0;
  let yearFirstTexts = 0;
  let formatHint = 0;
  for (const observation of observations) {
    if (observation.kind !== 'date') continue;
    if (observation.formatOrder) formatHint += observation.formatOrder === 'mdy' ? 1 : -1;
    if (observation.text === undefined) continue;
    if (observation.numericParts) {
      numericTexts++;
      if (observation.numericParts[0] > 12) dayFirst++;
      if (observation.numericParts[1] > 12) monthFirst++;
    } else if (observation.yearFirst) yearFirstTexts++;
  }
  // Values decide; with no telling value, an explicit date format of the column does; else day-first.
  const order: 'dmy' | 'mdy' = monthFirst > dayFirst || (monthFirst === dayFirst && dayFirst === 0 && formatHint > 0) ? 'mdy' : 'dmy';
  let monthOnly = true;
  const typed = finish('date', observations, (o) => {
    if (o.kind !== 'date') return undefined;
    const date = o.numericParts && o.text !== undefined ? readDateText(o.text, order) : o;
    if (!date) return undefined;
    if (!date.monthOnly) monthOnly = false;
    return date.date;
  });
  if (numericTexts > 0) typed.dateOrder = order;
  if (numericTexts > 0 && dayFirst === 0 && monthFirst === 0 && formatHint === 0) {
    for (const o of observations) {
      if (o.kind === 'date' && o.numericParts !== undefined && o.text !== undefined) {
        typed.assumedDayFirst = o.text;
        break;
      }
    }
  }
  else if (yearFirstTexts > 0) typed.dateOrder = 'ymd';
  if (monthOnly && typed.values.some((value) => value !== null)) typed.monthOnly = true;
  return typed;
}

/** Builds the typed column: `convert` gives the stored value, or undefined when the observation does not fit the type. */
function finish(type: ColumnType, observations: Observation[], convert: (observation: Observation) => StoredValue | undefined): TypedColumn {
  let invalidCount = 0;
  const values = observations.map((observation) => {
    if (observation.kind === 'empty') return null;
    if (observation.kind === 'error') {
      invalidCount++;
      return null;
    }
    const value = convert(observation);
    if (value === undefined) {
      invalidCount++;
      return null;
    }
    return value;
  });
  return { type, values, invalidCount };
}

function textOf(observation: Observation): StoredValue | undefined {
  switch (observation.kind) {
    case 'text':
      return observation.text;
    case 'number':
      return observation.identifierText ?? observation.text ?? formatNumber(observation.value);
    case 'date':
      return observation.text ?? observation.date;
    case 'boolean':
      return observation.text ?? (observation.value ? 'TRUE' : 'FALSE');
    default:
      return undefined;
  }
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
}
