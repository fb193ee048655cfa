/**
 * Checks on a finished query spec that the answer it gives is the kind the question asks for,
 * from rows that can answer it: a "which …"/"who …" question gets a label (never a bare total
 * or maximum), and no condition or grouping reads a column whose label is written only on the
 * first row of each group (a pivot's row labels left blank below).
 * @module agent/planner/answer-shape
 */
import { SHARE_NAME, SHARE_WORDS } from './count-or-share.js';
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import type { QuerySpec } from './interpret-match.js';
import type { ParsedQuestion } from './parse-question.js';
import { tokensOf } from './normalize-text.js';
import { namesPositions } from './top-places.js';
import { RANK_WORDS } from './match-ordinals.js';

/** Prepositions that may open a "which" question: "In which year …", "For which region …". */
const OPENING_PREPOSITIONS = new Set(['in', 'on', 'at', 'for', 'from', 'of', 'during', 'to', 'with', 'by', 'under', 'between', 'among']);

/** True when the question opens with "which"/"who" (after a preposition at most): it asks for a name, not a number. */
export function asksForLabel(parsed: ParsedQuestion): boolean {
  const words = parsed.tokens.map((t) => t.norm);
  const first = OPENING_PREPOSITIONS.has(words[0] ?? '') ? 1 : 0;
  return ['which', 'who', 'whom'].includes(words[first] ?? '');
}

/**
 * The reason a spec answers the wrong kind of thing, or undefined when it is fine:
 * - a "which"/"who" question answered by a number (no grouping, no list) unless that number is
 *   itself the label asked for (a year, a date, an identifier: "in which year did …");
 * - a condition or grouping on a column whose labels stand only on the first row of each
 *   group (`isFirstRowLabel`): the rows below belong to the label but do not say so;
 * - a count (or share, list) over a medal row picked by its place in the list (`rowPosition`);
 * - a condition with two readings (`agreeing`) anywhere but in one plain aggregate;
 * - anything but a count or list of rows over rows kept by a year span's overlap (`spanOverlap`);
 * - a percentage asked of a measure that is none (`unansweredShare`);
 * - the measured column kept equal to a number the question gives (the answer would echo it);
 * - a count whose measure the question named only by the words in its brackets (`countedByQualifier`).
 */
export function answerShapeProblem(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  const table = spec.match.profile.table;
  const share = unansweredShare(parsed, spec);
  if (share) return share;
  // "Carbon County has a population of 10,078, but Yellowstone County has a population of ?": a condition that the
  // measured column equals a number the question gives only echoes that number back
  const measured = spec.measure.kind === 'column' ? spec.measure.column : undefined;
  const echoed = measured && spec.filters.find((f) => f.column === measured && !f.negated && /^"[^"]+" = -?[\d.]+$/.test(f.sql));
  if (echoed) return `${echoed.text} is a condition on the column asked for, so the answer would only repeat the number the question gives`;
  const bracketed = countedByQualifier(parsed, spec);
  if (bracketed) return bracketed;
  const tallied = verbOfTallyColumn(parsed, spec) ?? verbOfFlagColumn(parsed, spec) ?? nounOfTallyColumn(parsed, spec);
  if (tallied) return tallied;
  const perEntity = amountConditionOnRepeats(spec);
  if (perEntity) return perEntity;
  const best = bestWithoutDirection(parsed, spec);
  if (best) return best;
  const named = superlativeOfNamedRows(parsed, spec);
  if (named) return named;
  const grouped = spec.group?.kind === 'column' ? [spec.group.column] : [];
  const conditioned = [...spec.filters, ...spec.subFilters, ...(spec.difference?.conditions ?? [])]
    .filter((f) => !/\bIS (NOT )?NULL\b/.test(f.sql))
    .map((f) => f.column);
  const sparse = [...grouped, ...conditioned].find((c): c is CatalogColumn => c !== undefined && isFirstRowLabel(table, c));
  if (sparse) {
    return `${sparse.name} in ${table.sqlName} is written only on the first row of each group (the rows below it are blank), so which rows belong to each ${sparse.name} is not stored`;
  }
  // a medal row picked by its place in the list keeps no row when the layout is not borne out: a count would say 0
  const byRow = [...spec.filters, ...spec.subFilters, ...(spec.difference?.conditions ?? [])].find((f) => f.rowPosition);
  if (byRow && (spec.measure.kind === 'count' || spec.measure.kind === 'countDistinct' || spec.mode !== 'aggregate' && spec.mode !== 'difference')) {
    return `${byRow.text} is a row picked by its place in the list; only a value of that row is read from it, never a count`;
  }
  // rows whose span overlaps the period: their amounts belong to the whole span, not to the period
  const overlapping = [...spec.filters, ...spec.subFilters, ...(spec.difference?.conditions ?? [])].find((f) => f.spanOverlap);
  const countsRows = spec.mode === 'list' || (spec.mode === 'aggregate' && (spec.measure.kind === 'count' || spec.measure.kind === 'countDistinct'));
  if (overlapping && (!countsRows || spec.group !== undefined)) {
    return `${overlapping.text} keeps rows whose span of years overlaps the period; an amount of such a row covers its whole span, so only the rows are counted or listed`;
  }
  const readTwice = [...spec.filters, ...spec.subFilters, ...(spec.difference?.conditions ?? [])].filter((f) => f.agreeing !== undefined);
  if (readTwice.length > 1 || (readTwice.length === 1 && (spec.mode !== 'aggregate' || spec.group || !spec.filters.includes(readTwice[0])))) {
    return `${readTwice[0].text} has two readings that must agree, which is checked only for one number over one such condition`;
  }
  // "what was the only year that …": the values listed must be years
  if (spec.mode === 'list' && spec.listColumn !== undefined && asksForYear(parsed) && !isYearValued(spec, spec.listColumn)) {
    return `the question asks for a year, but the values listed are ${spec.listColumn.name}, no year`;
  }
  if (!asksForLabel(parsed) || spec.group || spec.mode === 'list') return undefined;
  const measure = spec.measure;
  if (measure.kind === 'column' && isLabelLike(spec, measure.column)) return undefined;
  return `the question asks which one (or who), but ${table.sqlName} gives only a number here, no label to name the answer by`;
}

/** True when the question asks "what year" / "which year" ("in what year …", "what was the only year …"). */
function asksForYear(parsed: ParsedQuestion): boolean {
  const words = parsed.tokens.map((t) => t.norm);
  const at = words.findIndex((word) => word === 'what' || word === 'which');
  if (at < 0) return false;
  const after = words.slice(at + 1, at + 5);
  return after[0] === 'year' || (['was', 'is', 'were'].includes(after[0]) && after.slice(1).includes('year'));
}

/** A column whose values are years: the year column, dates, or whole numbers from 1000 to 2100. */
function isYearValued(spec: QuerySpec, column: CatalogColumn): boolean {
  if (column === spec.match.profile.yearColumn || column.type === 'date') return true;
  const { min, max } = column.profile;
  return column.type === 'integer' && typeof min === 'number' && typeof max === 'number' && min >= 1000 && max <= 2100;
}

/** A column whose value is itself an answer to "which …": the year column, a date, an identifier or text. */
function isLabelLike(spec: QuerySpec, column: CatalogColumn): boolean {
  return column === spec.match.profile.yearColumn || column.type === 'date' || column.type === 'text' || column.concept === 'identifier';
}

/**
 * True for a table's first column when it looks like row labels written once per group: at
 * least half its cells blank, every filled cell a different value (at least two of them), and
 * another column filled in every row (the blank rows are data rows, not spacing). "Sex" of a
 * pivot pasted as values: "Female" on the first of five qualification rows, blank on the rest.
 */
export function isFirstRowLabel(table: CatalogTable, column: CatalogColumn): boolean {
  const first = table.columns.find((c) => c.derived === undefined);
  if (first !== column || table.rowCount < 4) return false;
  const filled = table.rowCount - column.profile.nullCount;
  if (filled < 2 || column.profile.nullCount * 2 < table.rowCount || column.profile.distinctCount !== filled) return false;
  return table.columns.some((c) => c !== column && c.derived === undefined && c.profile.nullCount === 0);
}


/**
 * "What is the win percentage in 2005" over W and L columns: a share word the question neither
 * splits ("what percentage of A were B") nor defines as a ratio is answered only by a column
 * that holds a share (unit percent, or a name such as "Pct." or "Vote %") or a margin the P&L
 * computes; anything else (the wins, a count of rows) would be a number of another kind.
 * @returns the problem, or undefined when no share word is loose or the measure is a share
 */
function unansweredShare(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  if (parsed.ratio !== undefined || parsed.shareSplitAt !== undefined || spec.mode === 'share' || spec.mode === 'ratio') return undefined;
  // "below 40% for Nixon": a percent sign after a number is the unit of a condition, no share asked
  const inCondition = new Set([...spec.filters, ...spec.subFilters, ...(spec.difference?.conditions ?? [])].flatMap((f) => f.tokens));
  const word = parsed.tokens.find((t) => SHARE_WORDS.has(t.norm) && !inCondition.has(t.index) && !/^\d/.test(parsed.tokens[t.index - 1]?.norm ?? ''));
  if (!word) return undefined;
  const measure = spec.measure;
  if (measure.kind === 'grossMargin') return undefined;
  const columns = measure.kind === 'column' || measure.kind === 'weighted' || measure.kind === 'cellNumber' ? [measure.column] : measure.kind === 'columns' ? measure.columns : [];
  if (columns.length > 0 && columns.every((c) => c.unit === 'percent' || SHARE_NAME.test(c.name))) return undefined;
  return `'${word.norm}' asks for a share, but ${columns.length > 0 ? columns.map((c) => c.name).join(', ') : 'a count of rows'} is none: say what it is a share of ("what percentage of A were B")`;
}

/**
 * "How many were executed by electrocution" over "Age (at Execution)": a count whose measure
 * column the question reached only through the words in its brackets names no amount of that
 * column (the ages): the words qualify the column, they are not what it holds.
 * @returns the problem, or undefined
 */
function countedByQualifier(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  if (!parsed.countWords || spec.measure.kind !== 'column') return undefined;
  const column = spec.measure.column;
  // only a bracket that qualifies ("(at Execution)", "(during the war)"), never one that gives the unit ("Total (points)",
  // "Time (in seconds)")
  const qualifier = /\((?:at|on|during|when|since|after|before|upon)\s+([^)]*)\)/i.exec(column.name);
  if (!qualifier) return undefined;
  const inside = new Set(tokensOf(qualifier[1]).map((t) => t.stem));
  const mention = spec.match.mentions.find((m) => m.info.column === column);
  if (!mention || mention.hits.length === 0 || !mention.hits.every((hit) => inside.has(hit.stem))) return undefined;
  const head = column.name.slice(0, qualifier.index).trim();
  return `the question names ${column.name} only by the words in its brackets, so it asks no number of ${head || 'it'}: say what to count`;
}

/**
 * "How many races did he win" over a driver's seasons with a Wins column: a count of rows where
 * a verb of the question is what a number column tallies on each row (win → Wins, start →
 * Starts) counts the seasons, not the races won; the column's total is the answer, and the
 * planner does not read the verb as it.
 * @returns the problem, or undefined
 */
function verbOfTallyColumn(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  if (!parsed.countWords || spec.mode !== 'aggregate' || spec.measure.kind !== 'count') return undefined;
  const filtered = new Set([...spec.filters, ...spec.subFilters].flatMap((f) => f.tokens));
  // one-word plural count columns ("Wins", "Starts"), each with the stem of its word
  const tallies = spec.match.profile.columns
    .filter((c) => c.numeric && c.column.aggregation === 'sum' && /s$/i.test(c.column.name.trim()))
    .map((c) => ({ column: c.column, words: tokensOf(c.column.name.replace(/_/g, ' ')) }))
    .filter((c) => c.words.length === 1);
  for (const token of parsed.tokens) {
    if (filtered.has(token.index)) continue;
    const column = tallies.find((c) => c.words[0].stem === token.stem && !/s$/.test(token.norm));
    if (column) return `'${token.norm}' is what ${column.column.name} counts on each row of ${spec.match.profile.table.sqlName}, so its rows are not what was ${token.norm === 'win' ? 'won' : 'done'}: ask for the total of ${column.column.name}`;
  }
  return undefined;
}

/**
 * "How many coaches had more than 40 total wins" over seasons, one coach on many rows: a
 * condition on an amount that adds up (Total Wins) may hold of each row or of each coach's
 * rows added up, and the two counts differ. A distinct count of a column that repeats its
 * values, under a comparison on an additive amount, is declined.
 * @returns the problem, or undefined
 */
function amountConditionOnRepeats(spec: QuerySpec): string | undefined {
  if (spec.mode !== 'aggregate' || spec.measure.kind !== 'countDistinct' || spec.group) return undefined;
  const counted = spec.measure.column;
  const filled = spec.match.profile.table.rowCount - counted.profile.nullCount;
  if (counted.profile.distinctCount >= filled) return undefined;
  const amount = spec.filters.find((f) => f.column !== undefined && f.column !== counted && f.column.aggregation === 'sum' && /(<|>|<=|>=| BETWEEN )/.test(f.sql) && !f.negated);
  if (!amount?.column) return undefined;
  return `${counted.name} repeats over several rows, so '${amount.text}' may hold of each row or of each ${counted.name}'s rows added up, and the planner does not tell which`;
}

/**
 * "What was the best score" over a golf tournament's totals (294 is the best): whether the best
 * of a plain number column is its largest or its smallest is not written anywhere, so "best" or
 * "worst" over one that is no place, time, money or percent is declined, whichever way the
 * question reached it (`bestIsUnclear` checks the measure named; this checks the spec built).
 * @returns the problem, or undefined
 */
function bestWithoutDirection(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  const word = parsed.tokens.find((t) => parsed.consumed.has(t.index) && (t.norm === 'best' || t.norm === 'worst'));
  // "her best overall finish", "the best standing": a place word says the column holds places (`positionOrder`)
  if (!word || parsed.tokens.some((t) => RANK_WORDS.has(t.norm))) return undefined;
  const measure = spec.measure;
  const ranked = measure.kind === 'column' && (measure.fn === 'max' || measure.fn === 'min' || (spec.group !== undefined && spec.order !== undefined)) ? measure.column : undefined;
  if (!ranked || (ranked.type !== 'integer' && ranked.type !== 'decimal') || (ranked.unit !== undefined && ranked.unit !== 'score') || ranked.currency !== undefined || namesPositions(ranked.name)) return undefined;
  return `whether the ${word.norm} ${ranked.name} is its largest or its smallest value is not written: say highest or lowest`;
}

/** Time nouns after "what" that ask for the time a superlative ranks by: "what year was the newest ship launched". */
const TIME_ASKED = new Set(['year', 'years', 'date', 'day', 'month', 'season', 'time']);
/** Words that open a question asking what something is: "what was the oldest film", "name the earliest film". */
const WHAT_OPENINGS = new Set(['what', 'name', 'identify']);

/**
 * "What was the oldest film on the list" over Film and Year: the superlative is said of a noun
 * that names a text column (the films), so the question asks which film, while the spec gives
 * only the year it ranks by. Declined unless the question asks for the ranked column itself ("what
 * year was the oldest film released", "when").
 * @returns the problem, or undefined
 */
function superlativeOfNamedRows(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  const measure = spec.measure;
  if (spec.group || measure.kind !== 'column' || (measure.fn !== 'max' && measure.fn !== 'min')) return undefined;
  if (!WHAT_OPENINGS.has(parsed.tokens[0]?.norm ?? '')) return undefined;
  // "what year …", "what date …": the ranked column is asked by name
  // "what year was the newest ship launched", "what date …": the question asks for the time it ranks by
  if (TIME_ASKED.has(parsed.tokens[1]?.norm ?? '')) return undefined;
  const rankedWords = new Set(tokensOf(measure.column.name.replace(/_/g, ' ')).map((t) => t.stem));
  const asked = spec.match.mentions.some((m) => m.info.column === measure.column && m.tokens.some((t) => t <= 2)) || parsed.tokens.slice(1, 3).some((t) => rankedWords.has(t.stem));
  if (asked) return undefined;
  const superlative = parsed.tokens.find((t) => parsed.consumed.has(t.index) && t.index <= 4 && parsed.tokens[t.index - 1]?.norm === 'the');
  if (!superlative) return undefined;
  // "the oldest film", "the highest grossing film", "the most recent film"
  const noun = spec.match.mentions.find((m) => (m.tokens.includes(superlative.index + 1) || m.tokens.includes(superlative.index + 2)) && m.info.column !== measure.column && m.info.column.type === 'text');
  if (!noun) return undefined;
  return `the question asks which ${noun.info.column.name} is ${superlative.norm}, and the answer here would be its ${measure.column.name}: ask "which ${noun.info.column.name.toLowerCase()} …"`;
}

/** Values of a column that marks whether a row has a role: "Yes", "No", "✓", "x". */
const FLAG_VALUES = /^(yes|no|y|n|x|✓|✔|true|false)$/i;

/**
 * "How many films did he direct" over a filmography with Director | Producer | Writer columns of
 * "Yes": the verb names the column that marks the rows (direct → Director), and a count that
 * keeps no condition on it counts every film. Declined where no filter is on that column.
 * @returns the problem, or undefined
 */
function verbOfFlagColumn(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  if (!parsed.countWords || spec.mode !== 'aggregate' || (spec.measure.kind !== 'count' && spec.measure.kind !== 'countDistinct')) return undefined;
  const filtered = new Set([...spec.filters, ...spec.subFilters].map((f) => f.column));
  for (const info of spec.match.profile.columns) {
    const column = info.column;
    const values = (column.profile.distinct ?? []).map((v) => String(v).trim()).filter((v) => v !== '');
    if (column.type !== 'text' || values.length === 0 || !values.every((v) => FLAG_VALUES.test(v)) || filtered.has(column)) continue;
    const name = tokensOf(column.name.replace(/_/g, ' '));
    if (name.length !== 1) continue;
    const agent = name[0].norm;
    const verb = parsed.tokens.find((t) => t.norm.length >= 4 && (agent === `${t.norm}or` || agent === `${t.norm}er` || agent === `${t.norm}r` || agent === `${t.norm.replace(/e$/, '')}er`));
    if (verb) return `'${verb.norm}' names the ${column.name} column, which marks the rows, and the count keeps no condition on it`;
  }
  return undefined;
}

/**
 * "How many starts did he make" over Appearances Start | Appearances Sub (a count on each row):
 * a count of rows whose counted noun is the last word of a number column that adds up counts
 * the rows, not the starts. Declined; "how many goals" over Goals is that column's total elsewhere.
 * @returns the problem, or undefined
 */
function nounOfTallyColumn(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  if (!parsed.countWords || parsed.countNounAt === undefined || spec.mode !== 'aggregate' || spec.measure.kind !== 'count') return undefined;
  const noun = parsed.tokens[parsed.countNounAt];
  if (!noun || !/[a-z]{3,}s$/.test(noun.norm)) return undefined;
  // … a count's name: plural ("Starts") or the last word under a group ("Appearances Start"); a one-word singular name
  // ("Locomotive", "Season") numbers the rows themselves
  const column = spec.match.profile.columns.find((c) => {
    const words = tokensOf(c.column.name.replace(/\([^)]*\)/g, ' ').replace(/_/g, ' '));
    return c.numeric && c.column.aggregation === 'sum' && words.at(-1)?.stem === noun.stem && (words.length > 1 || /s$/i.test(c.column.name.trim()));
  });
  return column ? `'${noun.norm}' are counted on each row by ${column.column.name}, so the number of rows is not theirs: ask for the total of ${column.column.name}` : undefined;
}
