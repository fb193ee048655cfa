/**
 * Last checks on a read question before it is answered: readings that would give a number for
 * the wrong thing are declined, and lookups through a people's name are narrowed.
 * - a count of rows grouped by a column with one row per value ("how many trophies does each
 *   person have" over one row per person) is 1 for all: declined, and so is the top of such a
 *   count over a column with exactly one row per value ("which year had the most …");
 * - "the time of the American sprinter": a demonym picks rows, not one row, so a lookup gives a
 *   value only when those rows agree; "how many Jamaican runners" counts the runners once each;
 * - a count of the values of a column whose cells are lists counts cells, not items: declined.
 * @module agent/planner/read-checks
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import { namedByDemonym } from './demonyms.js';
import type { QuerySpec } from './interpret-match.js';
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, TableMatch } from './plan-types.js';
import { sqlIdentifier } from './sql-text.js';
import { PERSON_COLUMN, personColumns } from './person-columns.js';
import { WHO_COLUMN } from './table-subject.js';

/** Share of a column's filled rows that hold distinct values for it to be read as one row per value. */
const NEARLY_UNIQUE = 0.9;

/** True when (nearly) every value of the column is one row of the table (`NEARLY_UNIQUE`): a list of presidents, of teams. */
export function nearlyOneRowEach(column: CatalogColumn, rowCount: number): boolean {
  const filled = rowCount - column.profile.nullCount;
  return filled >= 2 && column.profile.distinctCount >= NEARLY_UNIQUE * filled;
}

/** `read` as it stands, narrowed, or a problem (see the module's list). */
export function checkRead(parsed: ParsedQuestion, match: TableMatch, read: { spec?: QuerySpec; problem?: string }): { spec?: QuerySpec; problem?: string } {
  const spec = read.spec;
  if (!spec) return read;
  // "how many trophies does each person have" over one row per person: a count of each one's rows is 1 for all
  if (spec.mode === 'aggregate' && spec.measure.kind === 'count' && spec.group?.kind === 'column' && spec.group.sql === sqlIdentifier(spec.group.column.sqlName) && !spec.streak && spec.answerKind !== 'top1' && nearlyOneRowEach(spec.group.column, match.profile.table.rowCount)) {
    return { problem: `each ${spec.group.column.name} is one row, so counting the rows of each gives 1 for all; say which column of theirs to give` };
  }
  // "which year had the largest number of Jamaicans granted citizenship" over one row a year: the rows of each year tie
  // at 1, so the count names no year; the number asked is in a column the question did not name as written
  if (spec.mode === 'aggregate' && spec.measure.kind === 'count' && spec.group?.kind === 'column' && spec.group.sql === sqlIdentifier(spec.group.column.sqlName) && !spec.streak && spec.answerKind === 'top1' && spec.filters.length === 0) {
    const column = spec.group.column;
    const filled = match.profile.table.rowCount - column.profile.nullCount;
    if (filled >= 2 && column.profile.distinctCount === filled) return { problem: `each ${column.name} is one row, so counting the rows of each ties them all at 1; say which column to rank them by` };
  }
  // "who scored the most points" grouped by "Shooting Score (pts)": "who" asks for someone, and a column of no one's names answers no one
  if (parsed.who && spec.group?.kind === 'column' && !namesSomeone(spec.group.column, match)) {
    return { problem: `'who' asks for someone, and ${spec.group.column.name} holds no names: say which column names them` };
  }
  // "how many tracks are on the album" over a table of albums: "the album" is one album, and no word says which
  const unnamed = spec.mode === 'aggregate' && !spec.group ? oneRowUnnamed(parsed, match, spec) : undefined;
  if (unnamed) return { problem: `'the ${parsed.tokens[unnamed.tokens[0]].norm}' names no one ${unnamed.info.column.name}: say which` };
  const demonyms = spec.mode === 'aggregate' && !spec.group ? spec.filters.find((f) => namedByDemonym(parsed, f)) : undefined;
  // "the time of the American sprinter": a people's name picks rows, not one row; a lookup gives a value only when they agree
  if (demonyms && spec.measure.kind === 'column' && (spec.measure.fn === 'sum' || (spec.measure.fn === 'avg' && !parsed.averageWords)) && !parsed.sumWords && !parsed.countWords) {
    return { spec: { ...spec, measure: { ...spec.measure, fn: 'single' } } };
  }
  // "how many Jamaican runners": the people right after the demonym are counted, once each (Bolt in two events is one)
  if (demonyms && spec.measure.kind === 'count' && !spec.measure.oneRowEach) {
    const after = Math.max(...demonyms.tokens) + 1;
    const people = match.mentions.find((m) => m.tokens.includes(after) && !m.info.numeric && personColumns(match.profile.table).includes(m.info.column));
    if (people) return { spec: { ...spec, measure: { kind: 'countDistinct', column: people.info.column } } };
  }
  const listed = countedListColumn(spec);
  // "the number of connections Reseda has": its one Connections cell lists them, and the planner counts cells, not the items in one
  if (listed) return { problem: `${listed.name} lists several items in one cell (${LIST_CELL_EXAMPLE}), so counting its values counts cells, not items; ask for the ${listed.name} themselves` };
  return read;
}

/** True when the column names who each row is (Name, Athlete, Team, Country …) or holds people's names. */
function namesSomeone(column: CatalogColumn, match: TableMatch): boolean {
  return column.type === 'text' && (WHO_COLUMN.test(column.name.replace(/_/g, ' ')) || personColumns(match.profile.table).includes(column) || column.concept === 'identifier');
}

/**
 * A text column named by one singular word after "the" ("the album", "the team") over a table
 * whose rows hold several of them, with no value of it named, no grouping by it and nothing
 * counted of it: one of them is meant and the answer would add them all. The mention, or
 * undefined. ("the album's tracks" over Album values, "which album", "each album" are not this.)
 */
function oneRowUnnamed(parsed: ParsedQuestion, match: TableMatch, spec: QuerySpec): ColumnMention | undefined {
  const tokens = parsed.tokens;
  return match.mentions.find((m) => {
    if (m.info.numeric || m.usedAsFilter || m.tokens.length !== 1 || m.info.column.type !== 'text') return false;
    const at = m.tokens[0];
    const word = tokens[at];
    if (tokens[at - 1]?.norm !== 'the' || /s$/.test(word.norm) || tokens[at + 1]?.norm === 's' || !m.hits[0]?.exact) return false;
    // … a bare reference: nothing of its own after it ("the album Thriller", "the career of Brian McBride", "the team with the most wins")
    if (at + 1 < tokens.length && !['?', '.'].includes(tokens[at + 1].norm) && !['in', 'on', 'at', 'for', 'is', 'was', 'has', 'had', 'did'].includes(tokens[at + 1].norm)) return false;
    if (spec.filters.some((f) => f.column === m.info.column)) return false;
    if (parsed.countNounAt !== undefined && parsed.countNounAt <= at && at <= parsed.countNounAt + 1) return false;
    return m.info.column.profile.distinctCount >= 2 && (tokens[at - 2] === undefined || ['on', 'in', 'of', 'for', 'from', 'by', 'did', 'does', 'has', 'had', 'was', 'is'].includes(tokens[at - 2].norm));
  });
}

const LIST_CELL_EXAMPLE = 'separated by line breaks, commas, semicolons or slashes';

/**
 * The column a count of distinct values is taken of when its cells are lists (half of them hold
 * two items or more, separated by line breaks, commas, semicolons or " / ", and some hold three or
 * a line break, as "Metro Local: 152, 154, 156" does), or some cell names two people ("Todd
 * Woodbridge/Mark Woodforde"): the count would be of cells, never of the items the question
 * counts. Undefined otherwise.
 */
function countedListColumn(spec: QuerySpec): CatalogColumn | undefined {
  if (spec.mode !== 'aggregate' || spec.measure.kind !== 'countDistinct') return undefined;
  const column = spec.measure.column;
  // ("Menyu Shoko Goto\n女乳 後藤聖子": one title written in two scripts, one line each, is one item, where every cell is so
  // written, and never of people: "Yoshiki\n小室哲哉" may be two composers)
  const cells = (column.profile.distinct ?? []).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  const bilingual = cells.length > 0 && cells.every((text) => inTwoScripts(text) !== undefined) && !PERSON_COLUMN.test(column.name.replace(/_/g, ' ')) && !personColumns(spec.match.profile.table).includes(column);
  const texts = bilingual ? cells.map((text) => inTwoScripts(text) ?? text) : cells;
  if (column.type !== 'text' || texts.length < 2) return undefined;
  // one comma is a name's ("Smith, John", "Kremlin Cup, Russia"): a column is of lists when some cell has a line break or
  // two separators, and half its cells have one at least ("Red, Blue, Green", "Red, Yellow", "Blue")
  const separators = (text: string): number => (text.trim().match(/\n|[,;]\s*\S|\s\/\s/g) ?? []).length;
  const long = texts.some((text) => /\n/.test(text.trim()) || separators(text) >= 2);
  const lists = texts.filter((text) => separators(text) >= 1);
  if (long && lists.length * 2 >= texts.length) return column;
  // "Baldo Prokurica" beside "Baldo Prokurica\n(Vice-President, 2011–2012)": one name written two ways, so values are not names
  const plain = new Set(texts.map((text) => text.trim()));
  const noted = (text: string): string[] => text.trim().split('\n').map((line) => line.trim()).filter((line) => line !== '');
  if (texts.some((text) => noted(text).length > 1 && noted(text).slice(1).every((line) => /^[([]/.test(line)) && plain.has(noted(text)[0]))) return column;
  // "Todd Woodbridge/Mark Woodforde" among single names: a cell naming two people, so values are not people
  return texts.some((text) => TWO_NAMES.test(text.trim())) ? column : undefined;
}

/**
 * The first line of a cell of two lines that write one name in two scripts ("Menyu Shoko Goto" and
 * "女乳 後藤聖子", "Moscow" and "Москва"): one line of Latin letters only, the other with letters of
 * another script. Undefined for any other cell.
 */
function inTwoScripts(text: string): string | undefined {
  const lines = text.trim().split('\n').map((line) => line.trim()).filter((line) => line !== '');
  if (lines.length !== 2) return undefined;
  // (the other script's line may hold a Latin word: "GOGOハレンチ娘")
  const latin = (line: string): boolean => /\p{L}/u.test(line) && !/[^\P{L}\p{Script=Latin}]/u.test(line);
  const other = (line: string): boolean => /[^\P{L}\p{Script=Latin}]/u.test(line);
  return (latin(lines[0]) && other(lines[1])) || (other(lines[0]) && latin(lines[1])) ? lines[0] : undefined;
}

/** A cell naming two people of two words or more each, joined by a slash, "&" or "and". */
const TWO_NAMES = /^\p{Lu}[\p{L}.'-]+(?: \p{Lu}[\p{L}.'-]+)+\s*(?:\/|&|\band\b)\s*\p{Lu}[\p{L}.'-]+(?: \p{Lu}[\p{L}.'-]+)+$/u;

/** Verbs of reaching the end of a race or a course, or of leaving it. */
const FINISH_VERBS = new Set(['finish', 'finished', 'finishes', 'complete', 'completed', 'completes', 'retire', 'retired', 'retires', 'retiring']);
/** Cell values of entries that did not finish: retired, did not finish or start, disqualified, withdrew, not classified. */
const NOT_FINISHED = /^(ret(ired)?|dnf|dns|dsq|dq|did not (finish|start)|disqualified|withdr[ae]wn?|wd|nc|not classified|accident|collision|engine|gearbox|suspension|spun off)\b/i;

/**
 * "how many cars finished the race" over results whose Time/Retired column says "Retired" for
 * some entries: counting every row would count those that did not finish, so the count is
 * declined unless a condition is on that column or on a place. Undefined when the question has no verb of
 * finishing, does not count, or no column holds such a value.
 */
export function finishersUnclear(parsed: ParsedQuestion, spec: QuerySpec): string | undefined {
  if (spec.measure.kind !== 'count' && spec.measure.kind !== 'countDistinct') return undefined;
  if (!parsed.tokens.some((t) => FINISH_VERBS.has(t.norm))) return undefined;
  const statuses = spec.match.profile.table.columns.filter((c) => c.type === 'text' && (c.profile.distinct ?? []).some((v) => NOT_FINISHED.test(String(v).trim())));
  const status = statuses[0];
  // a condition on a status or a place ("finished as not classified", "finish in first position") says which entries count
  const placed = spec.filters.some((f) => f.topPlaces !== undefined || (f.column !== undefined && (statuses.includes(f.column) || /^(pos|position|place|placing|rank|finish)/i.test(f.column.name))));
  if (!status || placed) return undefined;
  return `some entries did not finish (${status.name} holds values such as 'Retired'), so finishing or retiring is a condition on ${status.name} that the count would not apply: ask how many entries, or name which ${status.name} values count`;
}
