/**
 * "How long did it take the 5th place swimmer to finish?", "how long did Joe's run last?": over
 * a results list whose one column of times holds seconds (stopwatch times, `column-types.ts`),
 * "how long … take/last" asks for that column, the way "what was the time of" does.
 * @module agent/planner/time-taken
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { holderColumn, holderRepeats } from './term-columns.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';
import { columnsOfKind } from './measure-adjectives.js';

/** Verbs that, after "how long", say the time a thing took. */
const TAKE_VERBS = new Set(['take', 'took', 'taken', 'takes', 'last', 'lasted', 'lasts']);

/**
 * The mention of the table's one column of times for "how long … take", with the tokens it
 * explains ("long", the verb and "it"). Undefined when the question does not open so, no verb of
 * taking follows, or the table has no column of times or several.
 */
export function timeTakenMention(parsed: ParsedQuestion, profile: TableProfile, open: (i: number) => boolean): ColumnMention | undefined {
  const tokens = parsed.tokens;
  const at = tokens.findIndex((t, i) => t.norm === 'how' && tokens[i + 1]?.norm === 'long');
  if (at < 0 || !open(at + 1)) return undefined;
  const verb = tokens.find((t) => t.index > at + 1 && TAKE_VERBS.has(t.norm) && open(t.index));
  if (!verb) return undefined;
  const times = profile.columns.filter((c) => c.numeric && c.column.unit === 'seconds' && !c.column.isAggregateColumn);
  if (times.length !== 1) return undefined;
  const explained = [at + 1, verb.index];
  if (tokens[verb.index + 1]?.norm === 'it' && open(verb.index + 1)) explained.push(verb.index + 1);
  if (tokens[verb.index - 1]?.norm === 'it' && open(verb.index - 1)) explained.push(verb.index - 1);
  return { info: times[0], tokens: explained.sort((a, b) => a - b), hits: explained.map(() => ({ stem: 'time', exact: false })), strength: 1, exact: 0 };
}

/** "how long is", "how tall was": the adjective after "how" and the kind of column it asks. */
const HOW_ADJECTIVES: Record<string, 'length' | 'height' | 'age'> = { long: 'length', tall: 'height', high: 'height', old: 'age' };
const BE_FORMS = new Set(['is', 'was', 'are', 'were']);

/**
 * "How long is the Massachusetts Turnpike?", "how tall is the tower", "how old was she": "how"
 * and its adjective, followed by a form of "be", ask for the table's one column of that kind
 * (a length, a height or an age by its name: `columnsOfKind`). "how long was he a coach", "how
 * long did he coach" over a table with no column of lengths or times asks its one column counting
 * years (Years), for the one holder the one condition names (`ofOneHolder`).
 * @param filters the conditions found so far
 * Undefined when the question has no such opening, a superlative or a count, or the table has no
 * column of the kind or several.
 * @returns the mention, its tokens "how" and the adjective
 */
export function howAdjectiveMention(parsed: ParsedQuestion, profile: TableProfile, open: (i: number) => boolean, filters: Filter[] = []): ColumnMention | undefined {
  const tokens = parsed.tokens;
  if (parsed.superlative || parsed.countWords || parsed.sumWords || parsed.averageWords) return undefined;
  // "how long did Jim Wells coach", "how long was he a coach": a length of time in years, asked in the past
  const yearsAt = tokens.findIndex((t, i) => t.norm === 'how' && tokens[i + 1]?.norm === 'long' && PAST_AUXILIARIES.has(tokens[i + 2]?.norm ?? ''));
  const at = tokens.findIndex((t, i) => t.norm === 'how' && HOW_ADJECTIVES[tokens[i + 1]?.norm ?? ''] !== undefined && BE_FORMS.has(tokens[i + 2]?.norm ?? ''));
  if (at < 0 && yearsAt < 0) return undefined;
  const how = at >= 0 ? at : yearsAt;
  if (!open(how) || !open(how + 1)) return undefined;
  const ofKind = at >= 0 ? columnsOfKind(profile, HOW_ADJECTIVES[tokens[at + 1].norm]) : [];
  // … with no column of lengths, the one column counting years (Years: 1, 5, 15) answers "how long"
  const columns = ofKind.length === 0 && tokens[how + 1].norm === 'long' && yearsAt >= 0 && ofOneHolder(profile, filters) ? yearCountColumns(profile) : ofKind;
  if (columns.length !== 1) return undefined;
  const explained = [how, how + 1];
  return { info: columns[0], tokens: explained, hits: explained.map(() => ({ stem: tokens[how + 1].stem, exact: false })), strength: 1, exact: 0 };
}

/** Auxiliaries after "how long" that ask how long a thing went on: "how long did he coach", "how long was he a coach" ("how long is the Alba" asks a length). */
const PAST_AUXILIARIES = new Set(['did', 'has', 'have', 'had', 'was', 'were']);

/** Column names of a length or a time written as text ("Length" 3:45, "Running time" 128 min): "how long" may ask those. */
const LENGTH_OR_TIME_NAME = /\b(length|long|time|duration|running|runtime|distance|height|span)\b/i;

/**
 * True when the one condition names one row's holder (a value of the first column of people's
 * names, each on one row: `holderColumn`): "how long was Jim Wells a coach", never "how long did
 * the Reds play" (a team of several players' years) nor a coach named on several rows.
 */
function ofOneHolder(profile: TableProfile, filters: Filter[]): boolean {
  const holder = holderColumn(profile);
  return holder !== undefined && !holderRepeats(profile) && filters.length === 1 && filters[0].column === holder && filters[0].values !== undefined && !filters[0].negated;
}

/**
 * Columns counting years (a coach's "Years" 1, 4, 15; "No. of years", "Years active"): a name
 * whose words say years (never a Year of calendar years), whole numbers from 0 to 100, added up.
 */
function yearCountColumns(profile: TableProfile): ColumnInfo[] {
  if (profile.columns.some((c) => (c.numeric && c.column.unit === 'seconds') || LENGTH_OR_TIME_NAME.test(c.column.name))) return [];
  return profile.columns.filter((c) => {
    const { min, max } = c.column.profile;
    return c.column.type === 'integer' && !c.column.isAggregateColumn && c.column.derived === undefined && c.column.aggregation === 'sum'
      && /\byears\b/i.test(c.column.name) && typeof min === 'number' && typeof max === 'number' && min >= 0 && max <= 100;
  });
}

/** Comparatives of a dimension and the kinds of column they compare: "taller than", "longer than", "shorter than". */
const KIND_COMPARATIVES: Record<string, ('length' | 'height')[]> = { taller: ['height'], longer: ['length'], shorter: ['length', 'height'] };

/**
 * "how many peaks are taller than Keokradong", "routes longer than 25 miles": a comparative of a
 * dimension right before "than" names the table's one column of that kind (by its name: Height,
 * Elevation, Length …; `columnsOfKind`), unless the question names that column already.
 * @returns the mention, its token the comparative; undefined when there is none or the kind has no single column
 */
export function kindComparativeMention(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], open: (i: number) => boolean): ColumnMention | undefined {
  const word = parsed.tokens.find((t) => KIND_COMPARATIVES[t.norm] !== undefined && parsed.tokens[t.index + 1]?.norm === 'than' && open(t.index));
  if (!word) return undefined;
  const columns = [...new Set(KIND_COMPARATIVES[word.norm].flatMap((kind) => columnsOfKind(profile, kind)))];
  // a column of the kind named already says it ("a height taller than"); another number column named ("buildings" over
  // Built) is no height, and the comparative still names the one column of heights
  if (columns.length !== 1 || mentions.some((m) => m.info === columns[0])) return undefined;
  return { info: columns[0], tokens: [word.index], hits: [{ stem: word.stem, exact: false }], strength: 1, exact: 0 };
}
