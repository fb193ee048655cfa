/**
 * The words of a question about the scores of one team's games, mapped onto the scores derived
 * from its result cells (`score-columns.ts`): "score", "points", "goals", "runs" name the team's
 * score, or the opponent's when the one scoring is a named Opponent ("how many goals did
 * Chelsea score") or the word is "conceded"/"allowed"; "won by"/"lost by" name the margin of
 * the games won or lost; "win", "lose", "draw" keep the games with that outcome. A table with no
 * derived scores gets nothing here, so the words stay unexplained and the question declines.
 * @module agent/planner/score-mentions
 */
import type { ParsedQuestion } from './parse-question.js';
import type { ColumnMention, Filter } from './plan-types.js';
import type { ColumnInfo, TableProfile } from './table-profile.js';
import { gameTotalsOf, outcomeRecordOf, scoreColumnsOf, type ScoreColumns } from './score-columns.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import { tokensOf } from './normalize-text.js';
import { wordTable } from './word-table.js';
import { NO_NAME_WORDS } from './vocabulary.js';
import { combinedScoreWords, marginCondition, opponentWordsBefore, perGamePhrase, possessiveTeamBefore, scoredInTheGame, scorerAfter } from './score-phrases.js';

/** Verbs of scoring: the one scoring is the subject. */
const SCORE_VERBS = new Set(['score', 'scored', 'scores', 'scoring', 'tally', 'tallied', 'put', 'netted', 'net']);
/** Verbs of letting the other side score: the subject's opponent scored. */
const CONCEDE_VERBS = new Set(['concede', 'conceded', 'concedes', 'conceding', 'allow', 'allowed', 'allows', 'allowing']);
/** Nouns of what a score counts. */
const SCORE_NOUNS = new Set(['point', 'points', 'goal', 'goals', 'run', 'runs', 'pts']);
/** Outcome words: "did they win", "games lost", "how many wins". */
const OUTCOME_WORDS: Record<string, 'won' | 'lost' | 'drawn'> = wordTable({
  win: 'won', won: 'won', wins: 'won', winning: 'won', victory: 'won', victories: 'won',
  lose: 'lost', lost: 'lost', loses: 'lost', losing: 'lost', loss: 'lost', losses: 'lost', defeat: 'lost', defeats: 'lost',
  draw: 'drawn', drew: 'drawn', draws: 'drawn', drawn: 'drawn', tie: 'drawn', tied: 'drawn', ties: 'drawn',
});
/** Words before "score" that make it the noun (the game's whole score), not the verb. */
const NOUN_MARKERS = new Set(['the', 'a', 'final', 'total', 'combined', 'average', 'highest', 'lowest', 'its', 'their', 'his', 'her', 'aggregate', 'overall', 'of']);
/** Words that make the team the owner of an amount with no scoring verb: "their points", "the team's goals". */
const TEAM_OWNERS = new Set(['they', 'their', 'them', 'we', 'our', 'team', 'club', 'squad', 'side', 'franchise']);
/** Nouns that name a team without naming it: "the team won by 3". */
const TEAM_NOUNS = new Set(['team', 'club', 'side', 'squad', 'franchise']);
/** Outcome words that are verbs: with an amount noun and no scoring verb ("how many points did they win") they may be the amount's verb. */
const VERB_FORMS = new Set(['win', 'won', 'wins', 'lose', 'lost', 'loses', 'draw', 'drew', 'tie', 'tied']);
/** Auxiliaries after which the name that follows is the one doing the verb. */
const AUXILIARIES = new Set(['did', 'does', 'do', 'has', 'have', 'had', 'will', 'was', 'were']);

/** What `matchScoreWords` found. */
export interface ScoreWords {
  mentions: ColumnMention[];
  filters: Filter[];
  /** Tokens explained (score words, and the subject's name when it is the team whose games these are). */
  explained: number[];
  /** Mentions of a column whose header names the team ("China scorers") read as the team itself in "did China score". */
  dropMentions: ColumnMention[];
  /** Tokens of "by" phrases read as the scorer or the margin ("scored by the Tide", "won by 7"), never a grouping. */
  notGrouping: number[];
  problems: string[];
}

function infoOf(column: ColumnInfo['column']): ColumnInfo {
  return { column, stems: [], numeric: column.type !== 'text' };
}

/**
 * Maps the score words of `parsed` onto the derived scores of `profile`'s table.
 * @param open tokens no value, date or column name has taken
 * @param filters the value filters found so far (an Opponent named before "score" makes it the opponent's score)
 * @param mentions the column mentions so far: a table with its own column for the noun ("Points") keeps it
 */
export function matchScoreWords(parsed: ParsedQuestion, profile: TableProfile, open: (i: number) => boolean, filters: Filter[], mentions: ColumnMention[]): ScoreWords {
  const found: ScoreWords = { mentions: [], filters: [], explained: [], dropMentions: [], notGrouping: [], problems: [] };
  const scores = scoreColumnsOf(profile.table);
  const { tokens } = parsed;
  // a name written in the table's cells ("Jets" of "at Jets") is one of its rows, never the team itself
  const inCells = cellStems(profile);
  const openName = (i: number): boolean => open(i) && inCells !== undefined && !inCells.has(tokens[i].stem);
  // "the lowest combined score": both sides added up, whoever's number comes first
  const totals = scores ?? gameTotalsOf(profile.table);
  const total = totals?.total;
  // … the noun may be the name of the score column itself ("Score"), which it then stands for
  const sourceNamed = mentions.filter((m) => m.info.column === totals?.source && m.tokens.length === 1);
  const combined = total ? combinedScoreWords(parsed, (i) => open(i) || parsed.consumed.has(i) || sourceNamed.some((m) => m.tokens[0] === i)) : [];
  if (total && combined.length > 0) {
    found.dropMentions.push(...sourceNamed.filter((m) => combined.includes(m.tokens[0])));
    found.mentions.push(mentionOf(total, combined));
    found.explained.push(...combined);
    return found;
  }
  if (!scores) {
    // "how many goals were scored in the game against Forest" where whose number is first is unknown: the sum is not
    const inGame = tokens.find((t) => SCORE_VERBS.has(t.norm) && open(t.index) && scoredInTheGame(parsed, t.index));
    if (total && inGame && !filters.some((f) => f.tokens.includes(inGame.index - 1)) && subjectBefore(parsed, inGame.index, openName).length === 0 && !parsed.tokens.some((t) => t.norm === 'by' && t.index > inGame.index)) {
      const nouns = tokens.filter((t) => SCORE_NOUNS.has(t.norm) && open(t.index)).map((t) => t.index);
      found.mentions.push(mentionOf(total, [inGame.index, ...nouns]));
      found.explained.push(inGame.index, ...nouns, inGame.index + 1, inGame.index + 2);
      return found;
    }
    // "did the cowboys win" over a team's games with an outcome column ("Win", "Loss"): the name is the team's
    const record = outcomeRecordOf(profile.table);
    const outcomeFilters = record ? filters.filter((f) => f.column === record.outcome && !f.negated && f.tokens.length === 1 && OUTCOME_WORDS[tokens[f.tokens[0]].norm] !== undefined) : [];
    if (outcomeFilters.length !== 1) return found;
    const at = outcomeFilters[0].tokens[0];
    // "how many games did the Giants win": the Opponent's wins are the team's losses, not the Win rows
    if (opponentBefore(parsed, at, filters, record?.opponent)) found.problems.push(`'${tokens[at].norm}' is said of an Opponent, whose wins are the team's losses`);
    else found.explained.push(...subjectBefore(parsed, at, openName));
    return found;
  }
  // "how many points did they score" over a table with a Points column: that column is the points
  if (mentions.some((m) => m.info.numeric && m.tokens.some((t) => SCORE_NOUNS.has(tokens[t].norm)))) return found;
  const at = (words: Set<string>): number[] => tokens.filter((t) => words.has(t.norm) && open(t.index)).map((t) => t.index);
  // "points scored by an opponent" over a Score column: the verb is the scoring, not the column's name
  const sourceMentions = mentions.filter((m) => m.info.column === scores.source && m.tokens.length === 1 && SCORE_VERBS.has(tokens[m.tokens[0]].norm) && !NOUN_MARKERS.has(tokens[m.tokens[0] - 1]?.norm ?? ''));
  const verbAt = new Set(sourceMentions.map((m) => m.tokens[0]));
  // "the score", "the final score": the whole score of a game, not one side's number
  const verbs = [...at(SCORE_VERBS), ...verbAt].filter((i) => !NOUN_MARKERS.has(tokens[i - 1]?.norm ?? '')).sort((a, b) => a - b);
  found.dropMentions.push(...sourceMentions);
  const concede = at(CONCEDE_VERBS);
  const nouns = at(SCORE_NOUNS).filter((i) => !verbs.includes(i));
  // "won by 7 points", "how many wins did the tide have by 7 points": a condition on the margin
  // (the "by" may have been taken by the parser as a grouping word)
  const byMargin = marginCondition(parsed, (i) => open(i) || (tokens[i].norm === 'by' && !parsed.dateTokens.flat().includes(i)) || parsed.comparisons.some((c) => c.tokens.includes(i)));
  if (byMargin) {
    const marginId = sqlIdentifier(scores.margin.sqlName);
    const [outcomeAt, byAt] = byMargin.tokens;
    found.filters.push(outcomeFilter(scores, byMargin.outcome, [outcomeAt]));
    found.filters.push({ sql: `${marginId} ${byMargin.operator} ${byMargin.value}`, text: `the winning margin ${byMargin.operator === '=' ? 'was' : byMargin.operator} ${byMargin.value} (${scores.source.name})`, tokens: byMargin.tokens.slice(1), column: scores.margin });
    found.explained.push(...byMargin.tokens);
    found.notGrouping.push(...byMargin.tokens.slice(2));
    // "did the tide win by 7": the name before the outcome verb is the team's
    if (byAt === outcomeAt + 1) found.explained.push(...subjectBefore(parsed, outcomeAt, openName));
    if (verbs.length + concede.length + nouns.filter((i) => !byMargin.tokens.includes(i)).length > 0) found.problems.push('a score asked together with a margin condition is not supported');
    return found;
  }
  const margin = marginWords(parsed, open);

  if (margin) {
    found.mentions.push(mentionOf(scores.margin, [...margin.tokens, ...nouns]));
    found.filters.push(outcomeFilter(scores, margin.outcome, [margin.tokens[0]]));
    // "did the rams win by": the name before the verb is the team's; "the rams' largest margin of victory": the owner's
    // (never the words before "margin": "the narrowest margin" is no name)
    const team = margin.verb ? subjectBefore(parsed, margin.tokens[0], openName) : possessiveTeamBefore(parsed, margin.tokens[0], openName);
    found.explained.push(...margin.tokens, ...nouns, ...team);
    if (verbs.length + concede.length > 0) found.problems.push(`'${tokens[[...verbs, ...concede][0]].norm}' together with a margin is not supported`);
    if (parsed.superlative) found.explained.push(...perGamePhrase(parsed, (i) => open(i) && !found.explained.includes(i)));
    return found;
  }
  if (verbs.length + concede.length > 1) {
    found.problems.push('the question names more than one scoring verb; say whose score is asked');
    return found;
  }
  const verb = verbs[0] ?? concede[0];
  if (verb !== undefined || nouns.length > 0) {
    const header = verb !== undefined ? headerNamedTeam(parsed, verb, mentions, scores) : undefined;
    if (header) found.dropMentions.push(header);
    let scorer = header ? { kind: 'team' as const, tokens: [] as number[] } : verb !== undefined ? scorerBefore(parsed, verb, filters, scores, openName) : ownedByTeam(parsed, possessiveTeamBefore(parsed, nouns[0], openName));
    // "points scored by the tide", "scored in a game by an opponent": the "by" after the verb says who scored
    const openValue = (i: number): boolean => filters.some((f) => f.column === scores.opponentColumn && scores.opponentColumn !== undefined && f.values !== undefined && !f.negated && f.tokens[0] === i);
    const after = verb !== undefined && !header && SCORE_VERBS.has(tokens[verb].norm) && scorer.kind === 'team' && scorer.tokens.length === 0 ? scorerAfter(parsed, verb, openName, openValue) : undefined;
    if (after) {
      scorer = { kind: after.kind, tokens: after.tokens };
      found.notGrouping.push(...after.tokens.slice(1));
    }
    // "an opponent", "the opponents": words the Opponent column's name took name the other side here
    if (scorer.kind === 'opponent' && scorer.tokens.length > 0) found.dropMentions.push(...mentions.filter((m) => !m.info.numeric && m.tokens.length > 0 && m.tokens.every((t) => scorer.tokens.includes(t))));
    // "how many goals were scored against Chelsea": both sides' goals, or the team's? unclear
    const named = header !== undefined || scorer.kind === 'opponent' || scorer.tokens.length > 0 || ownedByTeam(parsed, []).kind === 'team';
    // "how many goals were scored in the game between Haiti and South Korea": the game's whole score
    if (scorer.kind === 'team' && !named && verb !== undefined && !concede.includes(verb) && scoredInTheGame(parsed, verb)) {
      found.mentions.push(mentionOf(scores.total, [verb, ...nouns]));
      found.explained.push(verb, ...nouns, verb + 1, verb + 2);
      return found;
    }
    if (scorer.kind === 'unknown' || !named) {
      found.problems.push(`could not tell whose ${verb !== undefined ? `score '${tokens[verb].norm}'` : `'${tokens[nouns[0]].norm}'`} asks for (the team's, its opponent's or both); say who scored`);
      return found;
    }
    const opponentScores = (scorer.kind === 'opponent') !== concede.includes(verb ?? -1);
    const column = opponentScores ? scores.opponent : scores.team;
    const words = [...(verb !== undefined ? [verb] : []), ...nouns];
    found.mentions.push(mentionOf(column, words));
    found.explained.push(...words, ...scorer.tokens);
    // "the most points scored in a game": each row is a game
    if (parsed.superlative) found.explained.push(...perGamePhrase(parsed, (i) => open(i) && !found.explained.includes(i)));
  }
  const taken = new Set(found.explained);
  for (const token of tokens) {
    const outcome = OUTCOME_WORDS[token.norm];
    if (outcome === undefined || !open(token.index) || taken.has(token.index)) continue;
    // "how many points did the team win": the verb of the amount, or the games won? unclear
    if (verb === undefined && nouns.length > 0 && VERB_FORMS.has(token.norm)) {
      found.problems.push(`could not tell whether '${token.norm}' keeps the games ${outcome} or says how the ${tokens[nouns[0]].norm} were got`);
      continue;
    }
    // "how many games did Chelsea win": an Opponent's win is the team's loss
    const byOpponent = opponentBefore(parsed, token.index, filters, scores.opponentColumn);
    const kept = byOpponent ? (outcome === 'won' ? 'lost' : outcome === 'lost' ? 'won' : 'drawn') : outcome;
    // "did the rams win": the name before the outcome verb is the team whose games these are
    const subject = verb === undefined && !byOpponent ? subjectBefore(parsed, token.index, openName) : [];
    found.filters.push(outcomeFilter(scores, kept, [token.index]));
    found.explained.push(token.index, ...subject);
  }
  return found;
}

/**
 * With no scoring verb, the amount is the team's only when the question names the team ("their
 * points", "the team's goals", or a name owning it: `possessive`, "the Tide's points").
 */
function ownedByTeam(parsed: ParsedQuestion, possessive: number[]): { kind: 'team' | 'unknown'; tokens: number[] } {
  if (possessive.length > 0) return { kind: 'team', tokens: possessive };
  return { kind: parsed.tokens.some((t) => TEAM_OWNERS.has(t.norm)) ? 'team' : 'unknown', tokens: [] };
}

/** Stems of every word in the table's text cells, or undefined when a text column's values are not all listed (a name might be among them). */
export function cellStems(profile: TableProfile): Set<string> | undefined {
  const stems = new Set<string>();
  for (const column of profile.table.columns) {
    if (column.type !== 'text') continue;
    if (column.profile.distinct === undefined) return undefined;
    for (const value of column.profile.distinct) for (const token of tokensOf(String(value))) stems.add(token.stem);
  }
  return stems;
}

function mentionOf(column: ColumnInfo['column'], words: number[]): ColumnMention {
  return { info: infoOf(column), tokens: words, hits: words.map(() => ({ stem: 'score', exact: false })), strength: 1, exact: 0 };
}

function outcomeFilter(scores: ScoreColumns, outcome: 'won' | 'lost' | 'drawn', tokens: number[]): Filter {
  return { sql: `${sqlIdentifier(scores.outcome.sqlName)} = ${sqlLiteral(outcome)}`, text: `the game was ${outcome} (${scores.source.name})`, tokens, column: scores.outcome };
}

/** "won by", "win by", "lost by", "margin of victory/defeat": the margin of the games won (or lost). */
function marginWords(parsed: ParsedQuestion, open: (i: number) => boolean): { tokens: number[]; outcome: 'won' | 'lost'; verb: boolean } | undefined {
  const { tokens } = parsed;
  for (const token of tokens) {
    const outcome = OUTCOME_WORDS[token.norm];
    const next = tokens[token.index + 1];
    if ((outcome === 'won' || outcome === 'lost') && next?.norm === 'by' && open(token.index)) return { tokens: [token.index, next.index], outcome, verb: true };
    if (token.norm === 'margin' && open(token.index) && tokens[token.index + 1]?.norm === 'of') {
      const kind = OUTCOME_WORDS[tokens[token.index + 2]?.norm ?? ''];
      if ((kind === 'won' || kind === 'lost') && open(token.index + 2)) return { tokens: [token.index, token.index + 1, token.index + 2], outcome: kind, verb: false };
    }
  }
  return undefined;
}

/**
 * Who scores in "did X score", "X scored": a value of the Opponent column right before the verb
 * (or after the auxiliary) is the opponent; a name nothing explains there is the team whose
 * games these are; nothing there ("how many points were scored", "this team scored") is the team.
 */
function scorerBefore(parsed: ParsedQuestion, verb: number, filters: Filter[], scores: ScoreColumns, open: (i: number) => boolean): { kind: 'team' | 'opponent' | 'unknown'; tokens: number[] } {
  const named = filters.find((f) => f.values !== undefined && !f.negated && f.tokens.length > 0 && Math.max(...f.tokens) + 1 === verb);
  if (named) return named.column === scores.opponentColumn && scores.opponentColumn !== undefined ? { kind: 'opponent', tokens: [] } : { kind: 'unknown', tokens: [] };
  const opponents = opponentWordsBefore(parsed, verb);
  if (opponents.length > 0) return { kind: 'opponent', tokens: opponents };
  return { kind: 'team', tokens: subjectBefore(parsed, verb, open) };
}

/** "did Chelsea win", "Chelsea scored": a value filter on the Opponent column right before the verb, or between an auxiliary and it. */
function opponentBefore(parsed: ParsedQuestion, verb: number, filters: Filter[], opponentColumn: ColumnMention['info']['column'] | undefined): boolean {
  if (!opponentColumn) return false;
  return filters.some((f) => f.column === opponentColumn && f.values !== undefined && !f.negated && f.tokens.length > 0 && Math.max(...f.tokens) + 1 === verb);
}

/**
 * "did China score" over a table whose header "China scorers" names the team: the words right
 * before the verb are all words of one text column's longer name (not the Opponent column), so
 * the header names whose games the table lists, and the name is that team, not the column.
 */
function headerNamedTeam(parsed: ParsedQuestion, verb: number, mentions: ColumnMention[], scores: ScoreColumns): ColumnMention | undefined {
  const before = mentions.filter((m) => !m.info.numeric && m.info.column !== scores.opponentColumn && m.tokens.length > 0 && Math.max(...m.tokens) + 1 === verb);
  if (before.length !== 1) return undefined;
  const mention = before[0];
  const first = Math.min(...mention.tokens);
  const contiguous = mention.tokens.length === Math.max(...mention.tokens) - first + 1;
  const afterAuxiliary = AUXILIARIES.has(parsed.tokens[first - 1]?.norm ?? '');
  return contiguous && afterAuxiliary && mention.strength < mention.info.stems.length ? mention : undefined;
}

/**
 * "did the rams score", "did the cowboys win": up to three words nothing explains between an
 * auxiliary (and "the") and the verb name the team whose list of games the table is (a one-team
 * results table names no team in its rows). Empty when there are none or they are not so placed.
 */
function subjectBefore(parsed: ParsedQuestion, verb: number, open: (i: number) => boolean): number[] {
  const { tokens } = parsed;
  const run: number[] = [];
  let i = verb - 1;
  while (i >= 0 && open(i) && !AUXILIARIES.has(tokens[i].norm) && tokens[i].norm !== 'the' && run.length < 4) run.unshift(i--);
  if (run.length === 0 || run.length > 3) return [];
  // "did no one score", "did anybody score": no name of a team, a condition on the scorers the planner does not read
  if (run.some((k) => NO_NAME_WORDS.has(tokens[k].norm))) return [];
  // "the team won by", "this club scored": a team noun with no name is the table's own team
  if (run.length === 1 && TEAM_NOUNS.has(tokens[run[0]].norm) && ['the', 'this'].includes(tokens[i]?.norm ?? '')) return run;
  if (tokens[i]?.norm === 'the') i--;
  return i >= 0 && AUXILIARIES.has(tokens[i].norm) ? run : [];
}
