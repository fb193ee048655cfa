/**
 * The subject of a table that records one athlete, one film-maker or one team's season: a name
 * in subject position that the table's title, label, sheet, file name or banner rows name.
 * @module agent/planner/table-subject
 */
import type { ParsedQuestion } from './parse-question.js';
import { tokensOf } from './normalize-text.js';
import type { TableProfile } from './table-profile.js';

const AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'was', 'were', 'is', 'are', 'will']);
/** Auxiliaries after which a name is the subject of the verb that follows ("did X win"). */
const SUBJECT_AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'will']);
/** Columns that name who or what each row is about: a table with one is a list of many subjects, not one subject's record. */
const WHO_COLUMN = /\b(name|names|player|athlete|driver|rider|runner|swimmer|diver|skater|shooter|boxer|wrestler|cyclist|nation|nationality|country|team|club|artist|band|recipient|nominee|winner|competitor|contestant|candidate|member|person|character|president|leader|manager|coach|school|city|town|party|horse|company|station|ship)\b/i;
/** Words a record's subject owns: "Tony Gulotta's career". */
const SUBJECT_HEADS = new Set(['career', 'life', 'lifetime', 'tenure', 'reign']);

/**
 * "How many times did Weirather place second", "Charlie Sheen was nominated …", "in Tony
 * Gulotta's career": over the one table asked about, a name that matches nothing and stands as
 * the subject of the question (after did/was/has …, before was/did …, or as a possessive) is who
 * the table is about: a results list of one athlete, a filmography, a team's season. Only when
 * the table has no column naming who each row is (a list of players, nations, teams), where an
 * unknown name would be a missing row, not the subject.
 * @returns the subject's token indexes (empty when none)
 */
export function tableSubject(parsed: ParsedQuestion, profile: TableProfile, open: (i: number) => boolean): number[] {
  if (namesWhoEachRowIs(profile)) return [];
  const tokens = parsed.tokens;
  const runs: number[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!open(i) || (runs.length > 0 && runs[runs.length - 1].includes(i - 1))) continue;
    const run: number[] = [];
    for (let j = i; j < tokens.length && open(j); j++) run.push(j);
    runs.push(run);
  }
  const subjects = runs.filter((run) => {
    const first = run[0];
    const last = run[run.length - 1];
    if (run.length > 4) return false;
    let before = first - 1;
    if (tokens[before]?.norm === 'the') before--;
    // "did Weirather place", not "are handicap accessible" (a predicate that would narrow the rows)
    const afterAuxiliary = before >= 0 && SUBJECT_AUXILIARIES.has(tokens[before].norm);
    const possessive = tokens[last + 1]?.norm === 's';
    const startsQuestion = before < 0 && AUXILIARIES.has(tokens[last + 1]?.norm ?? '');
    return afterAuxiliary || possessive || startsQuestion;
  });
  if (subjects.length !== 1) return [];
  // the name must be written in the table's own title, label, sheet, file name or banner rows
  // ("Roger Federer career statistics"): a name the table never mentions is a missing row or
  // another subject, and answering without it would count someone else's record
  const named = new Set(tableNameTexts(profile).flatMap((text) => tokensOf(text).map((t) => t.norm)));
  // "did the team play": a definite who-noun refers to the table's own subject whatever its name
  const first = subjects[0][0];
  const definite = subjects[0].length === 1 && tokens[first - 1]?.norm === 'the' && WHO_COLUMN.test(tokens[first].norm);
  if (!definite && !subjects[0].every((i) => named.has(tokens[i].norm))) return [];
  const subject = [...subjects[0]];
  const last = subject[subject.length - 1];
  if (tokens[last + 1]?.norm === 's' && SUBJECT_HEADS.has(tokens[last + 2]?.norm ?? '') && open(last + 2)) subject.push(last + 2);
  return subject;
}

/**
 * True when a text column names who or what each row is about (Name, Rider, Team, Nation …):
 * the table lists many subjects, so a name in the question is one of its rows, never the table's own subject.
 */
export function namesWhoEachRowIs(profile: TableProfile): boolean {
  return profile.table.columns.some((c) => c.type === 'text' && WHO_COLUMN.test(c.name.replace(/_/g, ' ')));
}

/** The texts a table is named by: title, label, sheet, file name (without extension) and banner rows above it. */
function tableNameTexts(profile: TableProfile): string[] {
  const table = profile.table;
  const banners = (table.excludedRows ?? []).filter((row) => row.reason === 'title').map((row) => row.text);
  return [table.title ?? '', table.label ?? '', table.sheet ?? '', table.file.replace(/\.[a-z0-9]+$/i, ''), ...banners];
}
