/**
 * Finds what a question groups by: the column after "by", "per", "each", "which", "top 3";
 * a time bucket of the date column ("by month"); the union label ("which region"); or the
 * period columns of a wide table ("which month" in a P&L).
 * @module agent/planner/find-group
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { isFiller } from './match-table.js';
import { isLabelWord } from './match-table-words.js';
import { headerMonthNumber } from './date-phrases.js';
import { conceptOf, foldText, stemWord } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import { periodsAre } from './table-profile.js';
import { personColumns } from './person-columns.js';
import { numbersRows } from './measure-adjectives.js';
import type { ColumnMention, TableMatch } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';
import { TIME_BUCKETS } from './vocabulary.js';

/** What rows are grouped by. `periods`: one group per period column of a wide table. */
export type GroupKey =
  | { kind: 'column'; sql: string; name: string; column: CatalogColumn; mention?: ColumnMention }
  | { kind: 'periods'; name: string };

export interface GroupFinding {
  group?: GroupKey;
  /** "revenue per order": the measure is averaged per row, not grouped. */
  perRow?: boolean;
  problem?: string;
}

const BUCKET_FORMATS: Record<string, string> = { day: 'YYYY-MM-DD', week: 'IYYY-"W"IW', month: 'YYYY-MM', quarter: 'YYYY-"Q"Q', year: 'YYYY' };
const TIME_CONCEPTS = new Map(Object.entries(TIME_BUCKETS).map(([word, bucket]) => [conceptOf(stemWord(word)), bucket]));

/** Groups by a date column in buckets named by `word` (month, quarter, year, week, else day). */
function bucketGroup(column: CatalogColumn, stem: string): GroupKey {
  const bucket = TIME_CONCEPTS.get(conceptOf(stem)) ?? 'day';
  return { kind: 'column', sql: `to_char(${sqlIdentifier(column.sqlName)}, '${BUCKET_FORMATS[bucket]}')`, name: `${column.name} (${bucket})`, column };
}

/**
 * "Which big city has the largest population" over Big Cities / Small Cities stacked with a
 * City column: the words after "which" are a value ("Big Cities", a condition), and the head
 * word of that value ("city") also names a text column, which is what "which" asks for. The
 * word must name exactly one text column other than the value's own, by its exact stem.
 */
function columnNamedInValue(parsed: ParsedQuestion, match: TableMatch, from: number, to: number): GroupKey | undefined {
  if (to <= from) return undefined;
  const head = parsed.tokens[to - 1];
  const filter = match.filters.find((f) => f.tokens.includes(head.index));
  const columns = match.profile.columns.filter((c) => !c.numeric && c.column.type === 'text' && c.column.derived === undefined && c.column !== filter?.column && c.stems.includes(head.stem));
  if (columns.length !== 1) return undefined;
  const column = columns[0].column;
  return { kind: 'column', sql: sqlIdentifier(column.sqlName), name: column.name, column };
}

/**
 * True for a text column named like a time bucket ("Month") none of whose values is such a
 * period ("Average high °C", "Precipitation mm"): the header of the row labels of a table
 * whose columns are the periods, not a column of months.
 */
function holdsNo(column: CatalogColumn, bucket: string | undefined): boolean {
  const values = (column.profile.distinct ?? []).map((v) => foldText(String(v)).trim());
  if (column.type !== 'text' || values.length === 0 || column.profile.distinct === undefined) return false;
  const isPeriod = (v: string): boolean => bucket === 'month' ? headerMonthNumber(v.split(/[\s\-/'.]+/)[0] ?? '') !== undefined
    : bucket === 'year' ? /^(1[5-9]|20)\d{2}\b/.test(v) : bucket === 'quarter' ? /^q[1-4]\b/.test(v) : true;
  return !values.some(isPeriod);
}

/** Words for the people of a list, which no column is named for ("each person"). */
const PERSON_WORDS = new Set(['person', 'people', 'individual', 'one']);

/** Finds the grouping of `match`, if the question asks for one. */
export function findGroup(parsed: ParsedQuestion, match: TableMatch): GroupFinding {
  const { tokens } = parsed;
  const profile = match.profile;
  const filterTokens = new Set(match.filters.flatMap((f) => f.tokens));
  const dateTokens = new Set(parsed.dateTokens.flat());
  const found: GroupKey[] = [];
  let perRow = false;
  const valueTokens = new Set([...match.filters, ...(match.setAside ?? [])].filter((f) => f.values !== undefined).flatMap((f) => f.tokens));
  const valueWord = (i: number): boolean => valueTokens.has(i) && !match.mentions.some((m) => m.tokens.includes(i));
  for (const { at, keyword } of parsed.groupAt) {
    if (keyword === 'by' && valueWord(at)) continue; // "awards received by Gabriel Gervais": an agent, not a grouping
    if (keyword === 'by' && tokens[at - 1]?.norm === 'the' && /^\d+$/.test(tokens[at]?.norm ?? '') && Number(tokens[at].norm) === profile.table.rowCount && match.covered.has(at)) continue; // "earned by the 15 countries": every row
    if (keyword === 'by' && match.notGrouping?.includes(at)) continue; // "points scored by the Tide", "won by 7 points": the scorer or the margin
    let index = at;
    while (index < tokens.length && index < at + 3 && filterTokens.has(index) && !match.mentions.some((m) => m.tokens.includes(index))) index++;
    const named = keyword === 'which' || keyword === 'what' ? columnNamedInValue(parsed, match, at, index) : undefined;
    if (named) {
      found.push(named);
      continue;
    }
    if (index >= tokens.length || dateTokens.has(index)) continue;
    const stem = tokens[index].stem;
    const timeWord = TIME_CONCEPTS.has(conceptOf(stem));
    const here = match.mentions.filter((m) => m.tokens.includes(index) && !m.usedAsFilter && (m.info.column.type !== 'date' || timeWord));
    if (keyword === 'per' && here.some((m) => m.info.column.concept === 'identifier')) {
      perRow = true;
      continue;
    }
    const bucket = TIME_CONCEPTS.get(conceptOf(stem));
    if (here.length > 0 && periodsAre(profile, bucket) && profile.dateColumns.length === 0 && here.every((m) => holdsNo(m.info.column, bucket))) {
      // "which month" over a table whose corner cell "Month" heads its measure names, its columns Jan … Dec: the months are the columns
      found.push({ kind: 'periods', name: 'period' });
      continue;
    }
    if (here.length > 0) {
      let best = here.reduce((a, b) => (b.strength > a.strength || (b.strength === a.strength && b.exact > a.exact) ? b : a));
      // "for each team" over Team Europe and Team USA: two columns the word names equally, unless one is named by it whole
      const tied = here.filter((m) => m.strength === best.strength && m.exact === best.exact && m.tokens.length === best.tokens.length);
      if (tied.length > 1) {
        const whole = tied.filter((m) => m.info.stems.length === 1 && m.info.stems[0] === stem);
        if (whole.length === 1) best = whole[0];
        else if (tied.every((m) => !m.info.numeric)) return { problem: `'${tokens[index].norm}' could group by ${tied.map((m) => m.info.column.name).join(' or ')}: say which` };
      }
      const column = best.info.column;
      // "which season" over a Season column numbering the rows (1 … 13): the number is the row's label
      const numbering = best.info.stems.length === 1 && best.info.stems[0] === stem && numbersRows(column, profile);
      if (best.info.numeric && column.concept !== 'identifier' && column !== profile.yearColumn && !numbering) continue; // "top 3 products by revenue": the ranking measure
      if (keyword === 'per' && column.concept === 'identifier') {
        perRow = true;
        continue;
      }
      if (column.type === 'date') found.push(bucketGroup(column, stem));
      else found.push({ kind: 'column', sql: sqlIdentifier(column.sqlName), name: column.name, column, mention: best });
      continue;
    }
    const hasTime = profile.dateColumns.length > 0 || profile.periods.length > 0 || profile.yearColumn !== undefined;
    if (TIME_CONCEPTS.has(conceptOf(stem)) && (hasTime || !isLabelWord(profile, stem))) {
      if (profile.periods.length > 0 && profile.dateColumns.length === 0) {
        if (!periodsAre(profile, TIME_CONCEPTS.get(conceptOf(stem)))) return { problem: `the period columns of ${profile.table.sqlName} are not ${tokens[index].norm}s` };
        found.push({ kind: 'periods', name: 'period' });
      }
      else if (profile.dateColumns.length === 1) found.push(bucketGroup(profile.dateColumns[0], stem));
      else if (profile.dateColumns.length === 0 && profile.yearColumn && TIME_CONCEPTS.get(conceptOf(stem)) === 'year') {
        const column = profile.yearColumn;
        found.push({ kind: 'column', sql: sqlIdentifier(column.sqlName), name: column.name, column });
      }
      else return { problem: `cannot tell which date column '${tokens[index].norm}' refers to in ${profile.table.sqlName}` };
      continue;
    }
    if (isLabelWord(profile, stem) && profile.labelColumn) {
      const column = profile.labelColumn;
      found.push({ kind: 'column', sql: sqlIdentifier(column.sqlName), name: `${tokens[index].norm} (${column.name})`, column });
      continue;
    }
    if (keyword === 'each' && PERSON_WORDS.has(tokens[index].norm)) {
      // "how many trophies does each person have": the table's one column of people
      const people = personColumns(profile.table);
      if (people.length !== 1) return { problem: `could not tell which column lists the people '${keyword} ${tokens[index].norm}' asks about` };
      found.push({ kind: 'column', sql: sqlIdentifier(people[0].sqlName), name: people[0].name, column: people[0] });
      continue;
    }
    if (keyword === 'what' || (isFiller(parsed, index) && keyword !== 'by' && keyword !== 'per')) continue;
    return { problem: `could not map '${keyword} ${tokens[index].norm}' to a column of ${profile.table.sqlName}` };
  }
  const distinct = [...new Map(found.map((g) => [g.kind === 'column' ? g.sql : 'periods', g])).values()];
  if (distinct.length > 1) return { problem: `grouping by several things at once (${distinct.map((g) => g.name).join(', ')}) is not supported` };
  return { group: distinct[0], perRow };
}
