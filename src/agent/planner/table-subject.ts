/**
 * The subject of a table that records one athlete, one film-maker or one team's season: a name
 * in subject position that the table's title, label, sheet, file name or banner rows name.
 * @module agent/planner/table-subject
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ParsedQuestion } from './parse-question.js';
import { tokensOf } from './normalize-text.js';
import type { TableProfile } from './table-profile.js';
import { NO_ONE_WORDS } from './person-columns.js';
import { ACQUIRE_VERBS, EVENT_VERBS, NO_NAME_WORDS } from './vocabulary.js';
import { isFiller } from './filler-words.js';
import { editDistance } from './spelling.js';
import { countedPhraseStart } from './counted-nouns.js';

const AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'was', 'were', 'is', 'are', 'will']);
/** Verbs of a work's coming out that a one-artist list records of its every row ("did Auryn release"). */
const RELEASE_VERBS = new Set(['release', 'released', 'releases', 'publish', 'published', 'issue', 'issued']);
/** Auxiliaries after which a name is the subject of the verb that follows ("did X win"). */
const SUBJECT_AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'will']);
/** Columns that name who or what each row is about: a table with one is a list of many subjects, not one subject's record. */
export const WHO_COLUMN = /\b(name|names|player|athlete|driver|rider|runner|swimmer|diver|skater|shooter|boxer|wrestler|cyclist|nation|nationality|country|team|club|artist|band|recipient|nominee|winner|competitor|contestant|candidate|member|person|character|president|leader|manager|coach|school|city|town|party|horse|company|station|ship|operator|distributor|publisher|producer|manufacturer|builder|buyer|purchaser|actor|actress|performer|singer|author|writer)\b/i;
/** Words a record's subject owns: "Tony Gulotta's career". */
const SUBJECT_HEADS = new Set(['career', 'life', 'lifetime', 'tenure', 'reign']);

/**
 * "How many times did Weirather place second", "Charlie Sheen was nominated …", "in Tony
 * Gulotta's career": over the one table asked about, a name that matches nothing and stands as
 * the subject of the question (after did/was/has …, before was/did …, or as a possessive) is who
 * the table is about: a results list of one athlete, a filmography, a team's season. Only when
 * the table has no column naming who each row is (a list of players, nations, teams), where an
 * unknown name would be a missing row, not the subject.
 * A table nothing names (no title, a file name of digits: `namesNothing`) cannot be checked, so
 * there the name is taken unchecked, and said so (`unchecked`).
 * @returns the subject's token indexes (empty when none), and whether the table's names were checked
 */
export function tableSubject(parsed: ParsedQuestion, profile: TableProfile, open: (i: number) => boolean): { tokens: number[]; unchecked: boolean } {
  const none = { tokens: [], unchecked: false };
  if (namesWhoEachRowIs(profile)) return none;
  const tokens = parsed.tokens;
  const runs: number[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!open(i) || (runs.length > 0 && runs[runs.length - 1].includes(i - 1))) continue;
    const run: number[] = [];
    // "did Joya Ahsan play in", "did Auryn release": a verb saying what the rows record, or when, ends the name
    for (let j = i; j < tokens.length && open(j) && !(run.length > 0 && (RECORD_VERBS.has(tokens[j].norm) || RELEASE_VERBS.has(tokens[j].norm))); j++) run.push(j);
    runs.push(run);
  }
  const subjects = runs.filter((run) => {
    const first = run[0];
    const last = run[run.length - 1];
    if (run.length > 6) return false;
    let before = first - 1;
    // "did the 1994 Alabama Crimson Tide football team have": a season's year before the name is part of it
    if (before > 0 && /^(1[5-9]|20)\d\d$/.test(tokens[before].norm) && tokens[before - 1].norm === 'the') before--;
    if (tokens[before]?.norm === 'the') before--;
    // "did Weirather place", not "are handicap accessible" (a predicate that would narrow the rows)
    const afterAuxiliary = before >= 0 && SUBJECT_AUXILIARIES.has(tokens[before].norm);
    const possessive = tokens[last + 1]?.norm === 's';
    const startsQuestion = before < 0 && AUXILIARIES.has(tokens[last + 1]?.norm ?? '');
    // "the films that Radhika Pandit has been in": the subject of a relative clause
    // … or of a verb saying what the rows record: "the films that Colman appeared in"
    const startsClause = before >= 0 && tokens[before].norm === 'that' && (SUBJECT_AUXILIARIES.has(tokens[last + 1]?.norm ?? '') || RECORD_VERBS.has(tokens[last + 1]?.norm ?? ''));
    return afterAuxiliary || possessive || startsQuestion || startsClause || describedWho(tokens, run) || passiveSubject(tokens, run);
  });
  if (subjects.length !== 1) return none;
  // the name must be written in the table's own title, label, sheet, file name or banner rows
  // ("Roger Federer career statistics"): a name the table never mentions is a missing row or
  // another subject, and answering without it would count someone else's record
  const named = new Set(tableNameTexts(profile).flatMap((text) => tokensOf(text).map((t) => t.norm)));
  // "did the team play": a definite who-noun refers to the table's own subject whatever its name
  const first = subjects[0][0];
  const definite = subjects[0].length === 1 && tokens[first - 1]?.norm === 'the' && WHO_COLUMN.test(tokens[first].norm);
  const described = describedWho(tokens, subjects[0]);
  const checked = definite || subjects[0].every((i) => named.has(tokens[i].norm));
  if (!checked && !namesNothing(profile)) return none;
  // "did ca 27 run", "did ginningham play" (Gillingham): a name with a number in it, or spelled
  // almost as a value of the table, is that value mistyped, not the subject
  // … unless another word of the name, long enough to tell (5 letters), is far from every value's word: "kelly
  // mcormick" is Kelly McCormick, "jon webbe" may be Jonathan Webb, while "joya ahsan" names no row, whatever "ahsan" is near
  // (a word the values write exactly, "steven" of Steven Spielberg, "damon" of Matt Damon, may be a person in the rows: never the subject)
  const near = subjects[0].some((i) => nearValueWord(tokens[i].norm, profile));
  const far = subjects[0].some((i) => tokens[i].norm.length >= 5 && !nearValueWord(tokens[i].norm, profile));
  const exact = subjects[0].some((i) => nearValueWord(tokens[i].norm, profile, 0));
  if (subjects[0].some((i) => /\d/.test(tokens[i].norm) || NO_NAME_WORDS.has(tokens[i].norm)) || exact || (near && !far)) return none;
  // … and a name written in a cell ("with Shah Rukh Khan" in Notes) is someone in the rows, never the table's subject
  if (!checked && writtenInCells(subjects[0].map((i) => tokens[i].norm), profile)) return none;
  // unchecked, the name must be followed by a verb the question explains ("did weirather place second",
  // "did the cowboys have"): "did tokyo host …", "did dave close" would take the verb into the name
  if (!checked && !described && !passiveSubject(tokens, subjects[0]) && !namedBeforeVerb(parsed, subjects[0], open)) return none;
  const subject = [...subjects[0]];
  // "the 1994 Alabama Crimson Tide football team": the season's year is part of the name, no date of the rows
  if (described && /^(1[5-9]|20)\d\d$/.test(tokens[first - 1]?.norm ?? '')) subject.unshift(first - 1);
  const last = subject[subject.length - 1];
  if (tokens[last + 1]?.norm === 's' && SUBJECT_HEADS.has(tokens[last + 2]?.norm ?? '') && open(last + 2)) subject.push(last + 2);
  return { tokens: subject, unchecked: !checked };
}

/**
 * Nouns a table's own record calls its subject by: a team's seasons ("the team", "the club"), an
 * album's tracks ("the album"), a film's cast, a tournament's results, a festival's line-up.
 * Never the nouns of the rows themselves (race, game, match, season, event): "the game" picks one row.
 */
const OWN_SUBJECT_NOUNS = new Set(['team', 'club', 'squad', 'band', 'franchise', 'album', 'film', 'movie', 'show', 'series', 'tournament', 'competition', 'championship', 'book', 'festival', 'league', 'soundtrack', 'ep']);
/** Own-subject nouns that are themselves who a row may be about: a list of schools, nations or artists holds many. */
const WHO_NOUNS = new Set(['team', 'club', 'squad', 'band', 'franchise']);
/** Columns of the person holding a role in each row of one subject's record: a team's coach, captain, manager. */
const ROLE_HOLDER_COLUMN = /\b(coach|coaches|manager|managers|captain|captains|president|chairman|director|producer|leader|owner|head)\b/i;
/** Prepositions before "the <noun>" that place the rows in it ("on the album", "in the tournament"). */
const PLACING_PREPOSITIONS = new Set(['on', 'in', 'of', 'for', 'from', 'during', 'at', 'by', 'throughout']);

/**
 * "How many total wins did the team have before 1908" over a college team's seasons with a Head
 * Coach column, "how many tracks are on the album" over a track list: a definite "the <noun>"
 * (`OWN_SUBJECT_NOUNS`) said of a table no column or cell of which names such a thing is the
 * table's own subject, where the table's only who-columns name people in a role (Head Coach). Only a lone noun after
 * "the", in subject position (before an auxiliary, after did/has …, owning something: "the
 * team's") or after a preposition that places the rows in it ("on the album", "for the club").
 * @param open tokens nothing else explained
 * @returns the noun's token index, or undefined
 */
export function ownSubjectNoun(parsed: ParsedQuestion, profile: TableProfile, open: (i: number) => boolean): number | undefined {
  const tokens = parsed.tokens;
  const found = tokens.filter((t, i) => open(i) && OWN_SUBJECT_NOUNS.has(t.norm) && tokens[i - 1]?.norm === 'the');
  if (found.length !== 1) return undefined;
  const at = found[0].index;
  const before = tokens[at - 2]?.norm ?? '';
  const after = tokens[at + 1]?.norm ?? '';
  const subjectPlace = SUBJECT_AUXILIARIES.has(before) || PLACING_PREPOSITIONS.has(before) || AUXILIARIES.has(after) || after === 's';
  // "the album Thriller", "the team that won": a noun with words of its own after it is no bare reference
  if (!subjectPlace || (at + 1 < tokens.length && !AUXILIARIES.has(after) && after !== 's' && !/^[?.!]$/.test(after) && open(at + 1))) return undefined;
  const stem = found[0].stem;
  if (profile.table.columns.some((c) => tokensOf(c.name.replace(/_/g, ' ')).some((t) => t.stem === stem))) return undefined;
  // a table naming who or what each row is (School, Nation, Driver, Artist) lists many teams or bands: "the team" is one
  // of them; only columns of the people in a role (Head Coach, Captain) leave the table one team's record
  // (an album's or a tournament's rows name their performers and players, and the album or tournament is still one)
  const whoColumns = profile.table.columns.filter((c) => c.type === 'text' && (WHO_COLUMN.test(c.name.replace(/_/g, ' ')) || BUSINESS_WHO.test(c.name.replace(/_/g, ' '))));
  if (WHO_NOUNS.has(found[0].norm) && whoColumns.some((c) => !ROLE_HOLDER_COLUMN.test(c.name.replace(/_/g, ' ')))) return undefined;
  // an album, a film, a tournament is the table only where its parts are counted in it ("how many tracks are on the
  // album"): "the box office of the film" over a filmography is one of its rows, and no word says which
  if (!WHO_NOUNS.has(found[0].norm)) {
    const counted = parsed.countWords && parsed.countNounAt !== undefined ? countedPhraseStart(parsed) : undefined;
    const countedNoun = counted === undefined ? undefined : tokens[counted];
    if (!countedNoun || counted! >= at || !/[a-z]{3,}s$/.test(countedNoun.norm) || countedNoun.stem === stem || !PLACING_PREPOSITIONS.has(before)) return undefined;
  }
  // a cell naming one ("Team Lotus", "Greatest Hits (album)") makes them rows; one saying there was none ("No Team") does not
  const named = profile.table.columns.some((c) => c.type === 'text' && (c.profile.distinct ?? []).some((value) => {
    const words = tokensOf(String(value));
    return !NO_ONE_WORDS.has(words[0]?.norm ?? '') && words.some((t) => t.stem === stem);
  }));
  if (named || (profile.table.columns.some((c) => c.type === 'text' && c.profile.distinct === undefined) && writtenInCells([found[0].norm], profile))) return undefined;
  return at;
}

/**
 * "for the 1994 Alabama Crimson Tide football team", "did the 1994 … football team have": a
 * definite description of two words or more, after a preposition or an auxiliary, whose head is
 * a who-noun (team, club, band …) names one subject; over a table with no column of who each row is, that is the
 * table's own subject.
 */
function describedWho(tokens: ParsedQuestion['tokens'], run: number[]): boolean {
  const first = run[0];
  const last = run[run.length - 1];
  if (run.length < 2 || !WHO_COLUMN.test(tokens[last].norm)) return false;
  // "for the opposing team", "the visiting club": a role, never a name
  if (run.slice(0, -1).some((i) => ROLE_WORDS.has(tokens[i].norm))) return false;
  let before = first - 1;
  if (before > 0 && /^(1[5-9]|20)\d\d$/.test(tokens[before].norm)) before--;
  const opener = tokens[before - 1]?.norm ?? '';
  return tokens[before]?.norm === 'the' && (DESCRIBING_PREPOSITIONS.has(opener) || SUBJECT_AUXILIARIES.has(opener));
}

const DESCRIBING_PREPOSITIONS = new Set(['for', 'of', 'by']);
/** Words of a role, not a name, before a who-noun ("the opposing team", "the home side"). */
const ROLE_WORDS = new Set(['opposing', 'opponent', 'opponents', 'opposition', 'visiting', 'visitor', 'visitors', 'home', 'away', 'host', 'hosting', 'rival', 'other', 'winning', 'losing', 'defending', 'same', 'first', 'last', 'each', 'every', 'whole', 'entire', 'national', 'best', 'worst', 'top', 'bottom', 'leading', 'champion', 'new', 'old', 'current', 'previous', 'next']);

/** Forms of "be" that open a passive ("was X nominated"). */
const PASSIVE_AUXILIARIES = new Set(['was', 'were', 'is', 'are']);
/** Adverbs between a passive's subject and its participle ("was X only nominated"). */
const PASSIVE_ADVERBS = new Set(['only', 'ever', 'never', 'also', 'first', 'last', 'just']);
/** Participles that say a row is in the list, not what its subject did. */
const LISTING_PARTICIPLES = new Set(['listed', 'mentioned', 'named', 'cited', 'shown', 'found', 'seen', 'included', 'recorded', 'written']);
/** Participles that do not end in -ed. */
const IRREGULAR_PARTICIPLES = new Set(['won', 'given', 'chosen', 'beaten', 'seen', 'shown', 'written', 'taken', 'held', 'sold', 'built', 'made', 'run']);

/**
 * "How many times was Ailee (only) nominated": a name between a form of "be" and a participle
 * is the subject of a passive, as "did Ailee win" is of an active verb.
 */
function passiveSubject(tokens: ParsedQuestion['tokens'], run: number[]): boolean {
  const first = run[0];
  let next = run[run.length - 1] + 1;
  if (!PASSIVE_AUXILIARIES.has(tokens[first - 1]?.norm ?? '')) return false;
  while (PASSIVE_ADVERBS.has(tokens[next]?.norm ?? '')) next++;
  const verb = tokens[next]?.norm ?? '';
  // "is X listed", "was X mentioned" say only that a row is there: a name missing from the table is no subject then
  if (EVENT_VERBS.has(verb) || LISTING_PARTICIPLES.has(verb)) return false;
  return (/[a-z]{3,}ed$/.test(verb) || IRREGULAR_PARTICIPLES.has(verb)) && run.every((i) => !/ed$/.test(tokens[i].norm));
}

/**
 * The index of the one date phrase of the question when it is a lone year inside a definite
 * description of a who ("for the 1994 Alabama Crimson Tide football team"): the season's year
 * is part of the subject's name then, not a date of the rows. Undefined otherwise.
 */
export function describedSubjectYear(parsed: ParsedQuestion): number | undefined {
  if (parsed.dateTokens.length !== 1 || parsed.dateTokens[0].length !== 1) return undefined;
  const year = parsed.dateTokens[0][0];
  const tokens = parsed.tokens;
  if (!/^(1[5-9]|20)\d\d$/.test(tokens[year].norm)) return undefined;
  for (let last = year + 2; last < tokens.length && last <= year + 6; last++) {
    if (describedWho(tokens, Array.from({ length: last - year }, (_, k) => year + 1 + k))) return year;
  }
  return undefined;
}

/** Verbs a subject's name may stand before that say only what its rows record: "did the cowboys have", "did X play", "has X won". */
const RECORD_VERBS = new Set([...EVENT_VERBS, ...ACQUIRE_VERBS, 'have', 'has', 'had', 'been', 'starred', 'acted', 'place', 'placed', 'rank', 'ranked', 'lose', 'lost', 'draw', 'drew', 'run', 'ran', 'go', 'went', 'make', 'made']);

/**
 * True when the token after the name is a verb the match explained (a column, value or
 * ordinal took it) or one that only says what the rows record, or the name is a possessive or
 * opens the question ("Charlie Sheen was nominated").
 */
function namedBeforeVerb(parsed: ParsedQuestion, subject: number[], open: (i: number) => boolean): boolean {
  const next = subject[subject.length - 1] + 1;
  const token = parsed.tokens[next];
  if (!token) return false;
  if (token.norm === 's' || (subject[0] === 0 && AUXILIARIES.has(token.norm))) return true;
  if (RECORD_VERBS.has(token.norm)) return true;
  // "did Auryn release between 2011 and 2013": a verb of the rows' release is explained later by the date condition
  // (`datedVerbs`), or left open and the question declined; never a role ("did Colman direct / write / produce")
  if (RELEASE_VERBS.has(token.norm)) return true;
  return !open(next) && !isFiller(parsed, next);
}

/**
 * True when `word` (5 letters or more) is a word of the table's values or column names, or one
 * or two edits (insert, delete, substitute, swap) from one: a value named in part, or misspelt.
 * @param edits the edits allowed (0: the word itself); by default one, two from 8 letters
 */
function nearValueWord(word: string, profile: TableProfile, edits?: number): boolean {
  if (word.length < 5) return false;
  const limit = edits ?? (word.length >= 8 ? 2 : 1);
  const words = new Set([...profile.values.map((v) => v.value), ...profile.table.columns.map((c) => c.name)].flatMap((text) => tokensOf(text).map((t) => t.norm)));
  // … or is a word of one ("newcastle" of "Newcastle United"): a value named in part
  for (const other of words) if (Math.abs(other.length - word.length) <= limit && editDistance(word, other, limit) <= limit) return true;
  return false;
}

/**
 * True when a text column names who or what each row is about (Name, Rider, Team, Nation …):
 * the table lists many subjects, so a name in the question is one of its rows, never the table's own subject.
 */
export function namesWhoEachRowIs(profile: TableProfile): boolean {
  return profile.table.columns.some((c) => c.type === 'text' && (WHO_COLUMN.test(c.name.replace(/_/g, ' ')) || BUSINESS_WHO.test(c.name.replace(/_/g, ' '))) && !pointsBackToSubject(c));
}

/** Reflexive pronouns a list writes for its own subject ("Recipient: Herself"). */
const REFLEXIVES = new Set(['herself', 'himself', 'themselves', 'itself']);

/**
 * True when a who-column names the table's own subject by a reflexive pronoun and otherwise
 * only its works, as quoted titles ("Recipient: Herself" beside "\"Heaven\"" in a singer's list
 * of awards): its rows are one subject's record.
 */
function pointsBackToSubject(column: CatalogColumn): boolean {
  const values = (column.profile.distinct ?? []).map((value) => String(value).trim());
  const reflexive = values.filter((value) => REFLEXIVES.has(value.toLowerCase()));
  // … and every other value is a work of the subject's, written as a title in quotes ("\"Heaven\""); a
  // list of people with one "Himself" among them (a cast list, a nominee playing himself) is many subjects
  return reflexive.length > 0 && values.every((value) => REFLEXIVES.has(value.toLowerCase()) || /^["“'‘].+["”'’]$/.test(value));
}

/** Columns of a business list that name who each row is for or by. */
const BUSINESS_WHO = /\b(rep|reps|owner|agent|employee|staff|customer|client|seller|buyer|salesperson|vendor|supplier|account|author|assignee|user)\b/i;

/**
 * True when nothing names the table: no title, label or banner, and a file (and sheet) name
 * of digits and punctuation only ("203-647.csv"). What such a table is about is unknown, so a
 * name in subject position cannot be checked against it.
 */
export function namesNothing(profile: TableProfile): boolean {
  const table = profile.table;
  const banners = (table.excludedRows ?? []).filter((row) => row.reason === 'title');
  const worded = (text: string | null | undefined): boolean => /\p{L}/u.test(text ?? '');
  // "2025-03.csv", "2024_11_30.csv": a file named by its date is a period's export, named by that period
  if (/^(19|20)\d\d([-_. ]?\d{1,2}){0,2}$/.test(table.file.replace(/\.[a-z0-9]+$/i, '').trim())) return false;
  return banners.length === 0 && !worded(table.title) && !worded(table.label) && !worded(table.file.replace(/\.[a-z0-9]+$/i, '')) && (table.sheet === null || !worded(table.sheet) || table.sheet === table.file.replace(/\.[a-z0-9]+$/i, ''));
}

/** The texts a table is named by: title, label, sheet, file name (without extension) and banner rows above it. */
function tableNameTexts(profile: TableProfile): string[] {
  const table = profile.table;
  const banners = (table.excludedRows ?? []).filter((row) => row.reason === 'title').map((row) => row.text);
  return [table.title ?? '', table.label ?? '', table.sheet ?? '', table.file.replace(/\.[a-z0-9]+$/i, ''), ...banners];
}

/**
 * True when the words, in order, are written in a text cell of the table (listed or looked up
 * for the question: `distinct`, `named`), a long note included.
 */
function writtenInCells(words: string[], profile: TableProfile): boolean {
  const phrase = ` ${words.join(' ')} `;
  return profile.table.columns.some((column) => column.type === 'text' && [...(column.profile.distinct ?? []), ...(column.profile.named ?? [])]
    .some((value) => ` ${tokensOf(String(value)).map((t) => t.norm).join(' ')} `.includes(phrase)));
}
