/**
 * Scores derived from the result cells of one team's list of games: per row the team's score,
 * the opponent's, the margin and the outcome (won, lost, drawn), as columns the planner's SQL
 * reads from a subquery over the table's view. Nothing is stored: the values are computed from
 * the cells as the sheet wrote them, with the convention named in every answer.
 *
 * Why here and not at ingest: whose number comes first is a reading of the table (the W/L a
 * cell writes, or the custom of a team's own results list), and the planner names that reading
 * in the answer it gives; the stored rows stay as the sheet wrote them. Every distinct cell of
 * the column must be read (the catalog lists them when there are fewer than 50), so no row is
 * left out unnoticed; otherwise nothing is derived and score questions decline.
 *
 * Whose score is whose, in order of evidence:
 * 1. `marked`: every score cell writes its outcome ("W 20–17", "L 34–31", "Won 4–2"). The
 *    winner's number is the larger whatever the order (sources list the winner first, others
 *    the team first: "L 34–31" and "L 23–24" are both losses), so the team's score is the larger
 *    number in a win, the smaller in a loss. A cell whose numbers contradict its outcome makes
 *    the column unreadable.
 * 2. `outcome column`: the cells write only numbers and another column of the same rows writes
 *    the outcome alone ("Won", "Lost", "Drawn"): the same rule, row by row.
 * 3. `team first`: no outcome anywhere, and the table lists one team's games against each
 *    Opponent: the team's own score is written first, as a team's results list writes it
 *    ("Sunderland's 0–2 at Chelsea"). Some lists with a Home/Away column write the home side's
 *    number first instead (both kinds are in the WikiTableQuestions tables), so with such a
 *    column the reading needs a scorers column; with a scorers column the answer is given only
 *    when every game lists scorers exactly when its first number is above 0.
 * Otherwise (a list of matches between two named teams, a Home team and an Away team, or no
 * Opponent column), nothing is derived.
 * @module agent/planner/score-columns
 */
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import { holdsNoScore, readOutcomeCell, readScoreCell, type ScoreCell } from './score-cells.js';
import { foldText } from './normalize-text.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';

/** What a derived column holds. */
export type ScoreRole = 'team' | 'opponent' | 'margin' | 'outcome' | 'total';

/** The derived columns of one result column, and how they were read. */
export interface ScoreColumns {
  /** The result column the scores are read from. */
  source: CatalogColumn;
  team: CatalogColumn;
  opponent: CatalogColumn;
  /** The winner's number minus the loser's (0 in a draw): "won by 3". */
  margin: CatalogColumn;
  /** `won`, `lost` or `drawn`; NULL where no outcome can be told (a tie-break with no outcome written). */
  outcome: CatalogColumn;
  /** Both sides' numbers added up ("the combined score", "goals scored in the game"). */
  total: CatalogColumn;
  /** The column naming each row's opponent, when there is one. */
  opponentColumn?: CatalogColumn;
  /** The reading, in words, for answers. */
  convention: string;
  /** `SELECT *, … AS "<derived>" FROM <view>`: the relation the planner's SQL reads. */
  relationSql: string;
  /**
   * For a team-first reading with a scorers column: an SQL condition, true when every game whose
   * team score is 0 lists no scorer and every other game lists one (the evidence that the team's
   * number is the first), with its reason when false. Answers are given only when it holds.
   */
  check?: { sql: string; reason: string; evidence: string };
}

/** Names of columns holding a game's score. */
const SCORE_NAME = /^(?:(?:results?|match|game) )?(results?|scores?|scorelines?|final scores?|res\.?|final|f[–-]a|score \(f[–-]a\)|result \(f[–-]a\))$/;
/** Names of columns holding each row's opponent in a team's own list of games. */
const OPPONENT_NAME = /^(opponents?|opposition|opponent team|opposing team|vs\.?|versus|against|team against)\b/;
/** Names of columns that make a table a list of matches between two named teams: no row belongs to one subject. */
const TWO_TEAMS_NAME = /^(home|home team|away|away team|visitor|visitors|visiting team|team ?1|team ?2|team a|team b|winner|winners|loser|losers|runner-up|runners-up)$/;
/** Names of columns listing the team's scorers of each game ("Scorers", "China scorers", "Goalscorers"). */
const SCORERS_NAME = /^(?:.+ )?(?:goal ?)?scorers?$/;
/** Values of a column that says where each game was played relative to the team ("H", "A", "Home", "Away", "N"). */
const HOME_AWAY_VALUE = /^\(?(?:h|a|n|home|away|neutral)\)?$/i;
/** Texts of an empty scorers cell. */
const NO_SCORER = ['', '—', '–', '-', 'none'];
/** Distinct cells that must read for a column to count as scores: fewer cannot show the form. */
const MIN_SCORES = 2;

const cache = new WeakMap<CatalogTable, ScoreColumns | null>();

/**
 * The derived score columns of a table, or undefined when it has no result column that reads
 * in one of the ways above (or more than one: which one a question means is then unclear).
 */
export function scoreColumnsOf(table: CatalogTable): ScoreColumns | undefined {
  if (!cache.has(table)) cache.set(table, deriveScoreColumns(table) ?? null);
  return cache.get(table) ?? undefined;
}

function nameOf(column: CatalogColumn): string {
  return foldText(column.name).replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
}

function deriveScoreColumns(table: CatalogTable): ScoreColumns | undefined {
  if (table.kind === 'long') return undefined;
  if (table.columns.some((c) => TWO_TEAMS_NAME.test(nameOf(c)))) return undefined;
  const readable = table.columns.map((column) => ({ column, cells: readColumn(column) })).filter((c): c is { column: CatalogColumn; cells: Map<string, ScoreCell> } => c.cells !== undefined);
  if (readable.length !== 1) return undefined;
  const { column: source, cells } = readable[0];
  const opponentColumns = table.columns.filter((c) => c !== source && c.type === 'text' && OPPONENT_NAME.test(nameOf(c)));
  const opponentColumn = opponentColumns.length === 1 ? opponentColumns[0] : undefined;
  const marked = [...cells.values()].filter((cell) => cell.marker !== undefined).length;
  if (marked === cells.size) {
    if (![...cells.values()].every(agrees)) return undefined;
    return build(table, source, cells, { kind: 'marked' }, opponentColumn);
  }
  if (marked > 0) return undefined; // some cells write the outcome, others not: the order of the others is unknown
  const outcomeColumns = table.columns.filter((c) => c !== source && isOutcomeColumn(c));
  if (outcomeColumns.length === 1) return build(table, source, cells, { kind: 'outcomeColumn', column: outcomeColumns[0] }, opponentColumn);
  if (outcomeColumns.length === 0 && opponentColumn) {
    // with a Home/Away column the first number may be the home side's (sources write both ways):
    // only a scorers column that agrees game by game can show it is the team's
    const scorers = table.columns.filter((c) => c !== source && c.type === 'text' && SCORERS_NAME.test(nameOf(c)));
    const homeAway = table.columns.some((c) => c.type === 'text' && (c.profile.distinct ?? []).length > 0 && (c.profile.distinct ?? []).every((v) => typeof v === 'string' && HOME_AWAY_VALUE.test(v.trim())));
    if (scorers.length !== 1 && homeAway) return undefined;
    return build(table, source, cells, { kind: 'teamFirst', ...(scorers.length === 1 ? { scorers: scorers[0] } : {}) }, opponentColumn);
  }
  return undefined;
}

/** Every distinct cell of a score-named text column read, or undefined when one holds digits but no score. */
function readColumn(column: CatalogColumn): Map<string, ScoreCell> | undefined {
  if (column.type !== 'text' || !SCORE_NAME.test(nameOf(column))) return undefined;
  const distinct = column.profile.distinct;
  if (distinct === undefined) return undefined;
  const cells = new Map<string, ScoreCell>();
  for (const value of distinct) {
    if (typeof value !== 'string') return undefined;
    const cell = readScoreCell(value);
    if (cell) cells.set(value, cell);
    else if (!holdsNoScore(value)) return undefined;
  }
  return cells.size >= MIN_SCORES ? cells : undefined;
}

/** A written outcome the numbers allow: a win or loss by a margin (or on a tie-break), a draw level. */
function agrees(cell: ScoreCell): boolean {
  if (cell.marker === 'drawn') return cell.first === cell.second;
  return cell.first !== cell.second || cell.tieBreak;
}

/** A text column whose every value writes an outcome alone ("Won", "Lost", "Drawn", "W"). */
function isOutcomeColumn(column: CatalogColumn): boolean {
  const distinct = column.profile.distinct;
  if (column.type !== 'text' || distinct === undefined || distinct.length === 0) return false;
  return distinct.every((v) => typeof v === 'string' && readOutcomeCell(v) !== undefined);
}

type Reading = { kind: 'marked' } | { kind: 'outcomeColumn'; column: CatalogColumn } | { kind: 'teamFirst'; scorers?: CatalogColumn };

function caseOf(source: string, cells: Map<string, ScoreCell>, value: (cell: ScoreCell) => string | number | undefined): string {
  const arms = [...cells].map(([text, cell]) => [text, value(cell)] as const).filter(([, v]) => v !== undefined);
  if (arms.length === 0) return 'NULL';
  return `CASE ${source} ${arms.map(([text, v]) => `WHEN ${sqlLiteral(text)} THEN ${sqlLiteral(v as string | number)}`).join(' ')} END`;
}

function build(table: CatalogTable, source: CatalogColumn, cells: Map<string, ScoreCell>, reading: Reading, opponentColumn: CatalogColumn | undefined): ScoreColumns {
  const id = sqlIdentifier(source.sqlName);
  const high = caseOf(id, cells, (c) => Math.max(c.first, c.second));
  const low = caseOf(id, cells, (c) => Math.min(c.first, c.second));
  const first = caseOf(id, cells, (c) => c.first);
  const second = caseOf(id, cells, (c) => c.second);
  let team: string;
  let opponent: string;
  let outcome: string;
  let convention: string;
  if (reading.kind === 'marked') {
    const marker = caseOf(id, cells, (c) => c.marker);
    outcome = marker;
    team = `CASE ${marker} WHEN 'won' THEN ${high} WHEN 'lost' THEN ${low} WHEN 'drawn' THEN ${first} END`;
    opponent = `CASE ${marker} WHEN 'won' THEN ${low} WHEN 'lost' THEN ${high} WHEN 'drawn' THEN ${second} END`;
    convention = `the W/L written in ${source.name} says who won, and the winner's number is the larger`;
  } else if (reading.kind === 'outcomeColumn') {
    const outcomeId = sqlIdentifier(reading.column.sqlName);
    const texts = (reading.column.profile.distinct ?? []).map(String);
    const marker = `CASE ${outcomeId} ${texts.map((t) => `WHEN ${sqlLiteral(t)} THEN ${sqlLiteral(readOutcomeCell(t) as string)}`).join(' ')} END`;
    const tieBreak = caseOf(id, cells, (c) => (c.tieBreak ? 1 : 0));
    // a row whose numbers contradict its outcome (a win at 1–1 with no tie-break) reads no score
    const fits = `(CASE ${marker} WHEN 'drawn' THEN ${first} = ${second} ELSE (${first} <> ${second} OR ${tieBreak} = 1) END)`;
    outcome = `CASE WHEN ${fits} THEN ${marker} END`;
    team = `CASE WHEN ${fits} THEN CASE ${marker} WHEN 'won' THEN ${high} WHEN 'lost' THEN ${low} WHEN 'drawn' THEN ${first} END END`;
    opponent = `CASE WHEN ${fits} THEN CASE ${marker} WHEN 'won' THEN ${low} WHEN 'lost' THEN ${high} WHEN 'drawn' THEN ${second} END END`;
    convention = `${reading.column.name} says who won, and the winner's number in ${source.name} is the larger`;
  } else {
    team = first;
    opponent = second;
    outcome = caseOf(id, cells, (c) => (c.tieBreak ? undefined : c.first > c.second ? 'won' : c.first < c.second ? 'lost' : 'drawn'));
    convention = `${source.name} is read with the team's own score first, as a team's list of games against each ${opponentColumn?.name ?? 'opponent'} writes it`;
  }
  const margin = `abs((${team}) - (${opponent}))`;
  const both = `(${first}) + (${second})`;
  const taken = new Set(table.columns.map((c) => c.sqlName));
  const derived = (role: ScoreRole, name: string, type: CatalogColumn['type']): CatalogColumn => {
    let sqlName = `${source.sqlName}_${role}_score`.replace('_outcome_score', '_outcome').replace('_margin_score', '_margin');
    while (taken.has(sqlName)) sqlName = `${sqlName}_`;
    taken.add(sqlName);
    const numeric = type !== 'text';
    return {
      name, sqlName, sourceColumn: -1, type,
      concept: numeric ? 'measure' : 'text',
      aggregation: numeric ? 'sum' : 'none',
      profile: { distinctCount: 0, nullCount: 0 },
    };
  };
  const columns = {
    team: derived('team', `team's score (from ${source.name})`, 'integer'),
    opponent: derived('opponent', `opponent's score (from ${source.name})`, 'integer'),
    margin: derived('margin', `winning margin (from ${source.name})`, 'integer'),
    outcome: derived('outcome', `outcome (from ${source.name})`, 'text'),
    total: derived('total', `both sides' score added up (from ${source.name})`, 'integer'),
  };
  const select = [
    `${team} AS ${sqlIdentifier(columns.team.sqlName)}`,
    `${opponent} AS ${sqlIdentifier(columns.opponent.sqlName)}`,
    `${margin} AS ${sqlIdentifier(columns.margin.sqlName)}`,
    `${outcome} AS ${sqlIdentifier(columns.outcome.sqlName)}`,
    `${both} AS ${sqlIdentifier(columns.total.sqlName)}`,
  ];
  const relationSql = `(SELECT *, ${select.join(', ')} FROM ${sqlIdentifier(table.sqlName)}) AS ${sqlIdentifier(table.sqlName)}`;
  let check: ScoreColumns['check'];
  if (reading.kind === 'teamFirst' && reading.scorers) {
    const teamId = sqlIdentifier(columns.team.sqlName);
    const scorersId = sqlIdentifier(reading.scorers.sqlName);
    const none = `(${scorersId} IS NULL OR lower(trim(${scorersId})) IN (${NO_SCORER.map((t) => sqlLiteral(t)).join(', ')}))`;
    check = {
      sql: `(SELECT coalesce(bool_and((${teamId} = 0) = ${none}), FALSE) FROM ${relationSql} WHERE ${teamId} IS NOT NULL)`,
      evidence: `the ${reading.scorers.name} of each game`,
      reason: `${reading.scorers.name} does not agree with the first number of ${source.name} in every game (a game with scorers listed would have scored none), so that number may be the home side's, not the team's`,
    };
  }
  return { source, ...columns, ...(opponentColumn ? { opponentColumn } : {}), convention, relationSql, ...(check ? { check } : {}) };
}

/**
 * A team's list of games with no score cells to read but an outcome column ("Win", "Loss") and
 * one Opponent column: the columns, or undefined. Such a table too is one team's record.
 */
export function outcomeRecordOf(table: CatalogTable): { outcome: CatalogColumn; opponent: CatalogColumn } | undefined {
  if (table.kind === 'long' || table.columns.some((c) => TWO_TEAMS_NAME.test(nameOf(c)))) return undefined;
  const outcomes = table.columns.filter(isOutcomeColumn);
  const opponents = table.columns.filter((c) => c.type === 'text' && OPPONENT_NAME.test(nameOf(c)));
  return outcomes.length === 1 && opponents.length === 1 ? { outcome: outcomes[0], opponent: opponents[0] } : undefined;
}

/** True when `sql` reads one of the derived columns of `scores`. */
export function readsScores(sql: string, scores: ScoreColumns | GameTotals): boolean {
  const columns = 'team' in scores ? [scores.team, scores.opponent, scores.margin, scores.outcome, scores.total] : [scores.total];
  return columns.some((c) => sql.includes(sqlIdentifier(c.sqlName)));
}

/** Both sides' score added up per game, for a table whose one score column reads but whose sides are not told apart. */
export interface GameTotals {
  source: CatalogColumn;
  total: CatalogColumn;
  convention: string;
  relationSql: string;
}

const totalsCache = new WeakMap<CatalogTable, GameTotals | null>();

/**
 * "the lowest combined score" over Team Europe | Score | Team USA: whose number comes first
 * does not matter to their sum, so a table with exactly one score column whose every cell reads
 * (`readScoreCell`) has its games' totals even when no team's own score can be told. Undefined
 * when the table has derived scores (`scoreColumnsOf` gives the total then) or no such column.
 */
export function gameTotalsOf(table: CatalogTable): GameTotals | undefined {
  if (!totalsCache.has(table)) totalsCache.set(table, deriveGameTotals(table) ?? null);
  return totalsCache.get(table) ?? undefined;
}

function deriveGameTotals(table: CatalogTable): GameTotals | undefined {
  if (table.kind === 'long' || scoreColumnsOf(table)) return undefined;
  const readable = table.columns.map((column) => ({ column, cells: readColumn(column) })).filter((c): c is { column: CatalogColumn; cells: Map<string, ScoreCell> } => c.cells !== undefined);
  if (readable.length !== 1) return undefined;
  const { column: source, cells } = readable[0];
  const id = sqlIdentifier(source.sqlName);
  let sqlName = `${source.sqlName}_total_score`;
  while (table.columns.some((c) => c.sqlName === sqlName)) sqlName = `${sqlName}_`;
  const total: CatalogColumn = {
    name: `both sides' score added up (from ${source.name})`, sqlName, sourceColumn: -1, type: 'integer',
    concept: 'measure', aggregation: 'sum', profile: { distinctCount: 0, nullCount: 0 },
  };
  const sum = caseOf(id, cells, (c) => c.first + c.second);
  return {
    source, total,
    convention: `the two numbers of ${source.name} added up, whichever side each is`,
    relationSql: `(SELECT *, ${sum} AS ${sqlIdentifier(sqlName)} FROM ${sqlIdentifier(table.sqlName)}) AS ${sqlIdentifier(table.sqlName)}`,
  };
}
