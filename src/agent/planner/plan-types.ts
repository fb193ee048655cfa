/**
 * Shapes the planner returns and passes between its steps.
 * @module agent/planner/plan-types
 */
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { GlossaryTerm } from '../glossary.js';
import type { MeasureRowMatch } from './measure-rows.js';
import type { ColumnInfo, PeriodColumn, TableProfile } from './table-profile.js';

/** What `planQuestion` returns: SQL to run, or an honest refusal naming what could not be mapped. */
export type PlanResult =
  | {
      kind: 'sql';
      /** One SELECT over catalog `sqlName`s (views without aggregate/hidden rows). */
      sql: string;
      /** Ids of the catalog tables the SQL reads. */
      tableIds: string[];
      /**
       * `scalar`/`count`: one row, one column. `top1`: rows best-first, column 1 the label, 2 the
       * measure (the best 5 and every row tied with them, so no tie for the best is cut off;
       * ties in label order). `group`: (key, value) rows. `rows`: a lookup.
       */
      answerKind: 'scalar' | 'count' | 'top1' | 'group' | 'rows';
      /** `percent_points` (12.5 means 12.5 %), `currency`, `count`, or undefined. */
      unit?: 'percent_points' | 'currency' | 'count' | string;
      /** One sentence: table, column, filters and the rule used (weighted by …). */
      explanation: string;
      /**
       * Set when a NULL single value means the question had no one reading (a count of values
       * that repeat: rows and distinct values differ): the caller declines with this reason.
       */
      declineIfNull?: string;
      /** Set when a result of no rows means the question has no answer here (a ranking over a cell of no number). */
      declineIfEmpty?: string;
    }
  | {
      kind: 'declined';
      /** What could not be mapped, in words a user understands. */
      reason: string;
      /** sqlNames of the tables considered. */
      candidates?: string[];
    };

export interface PlanOptions {
  glossary?: GlossaryTerm[];
  /** Reference date for relative phrases ("last month"). @default now */
  today?: Date;
}

/** A row condition in SQL with its description and the question tokens it explains. */
export interface Filter {
  sql: string;
  text: string;
  tokens: number[];
  column?: CatalogColumn;
  /** For a filter on values named in the question: each value with the tokens that named it, in question order. */
  values?: { value: string; tokens: number[] }[];
  /** The condition is the negation of what its tokens name ("not Delivery", "not flagged"). */
  negated?: boolean;
  /** "in the top 5": the condition keeps positions 1 to this number of a rank column (no ranking is asked). */
  topPlaces?: number;
  /** The condition picks a row by its place in the sheet's order (a medal row with a blank Rank): it may keep no row, so no count uses it. */
  rowPosition?: boolean;
  /**
   * The condition keeps rows whose span of years overlaps the period asked ("produced after 2000"
   * over "1996–2001"): an amount of such a row is not the period's amount, so only counts and
   * listings of rows use it.
   */
  spanOverlap?: boolean;
  /**
   * The same condition read another way ("after November 15th" by an event's end instead of its
   * start): the answer is given only when both readings give the same value, else no value.
   */
  agreeing?: string;
  /** What to say when the two readings (`agreeing`) keep different rows. */
  disagreeing?: string;
  /** What to say when this condition leaves no rows ("which year had more sales, 2001 or 1992" with a year of none): the caller declines. */
  emptyMeans?: string;
  /** The condition keeps rows whose cell lists the value beside others: only a count of rows reads them (what to say otherwise). */
  listedOnlyInCount?: string;
  /** The condition keeps the values of this column that have some number of rows ("countries with more than 1 athlete"). */
  groupsOf?: CatalogColumn;
}

/** A column named by the question. */
export interface ColumnMention {
  info: ColumnInfo;
  /** Every question token that matched a word of the column name, in order. */
  tokens: number[];
  /** For each of `tokens`: the column-name stem it matched and whether it matched exactly (not as a synonym). */
  hits: { stem: string; exact: boolean }[];
  /** Distinct name words matched. */
  strength: number;
  /** Of those, matched by the same stem (not a synonym). */
  exact: number;
  /** Reached through a money word ("revenue" → the one amount column), not by name. */
  viaMoney?: boolean;
  /** Reached through a glossary `column` term. */
  viaGlossary?: boolean;
  /** Reached through the column right before it that owns it ("Nixon's votes": Votes 2 after Nixon); that column. */
  owner?: ColumnInfo;
  /** "how many parking spaces" over cells written "951 Spaces": the noun whose number the cell writes. */
  cellNoun?: string;
  /** Already used as a filter (yes/no column, literal id). */
  usedAsFilter?: boolean;
}

/** How a question maps onto one table. */
export interface TableMatch {
  profile: TableProfile;
  mentions: ColumnMention[];
  filters: Filter[];
  /** The date condition, when the phrase applies to a date column. */
  dateFilter?: Filter;
  /** For period tables: the period columns in the asked range (all when no range). */
  periods?: PeriodColumn[];
  /** Description of the range, for explanations. */
  periodText?: string;
  /** P&L concepts named: "gross profit", "gross margin". */
  concepts: { grossProfit?: number[]; grossMargin?: number[] };
  /** Tokens explained by something. */
  covered: Set<number>;
  /** Content words nothing explained. */
  unexplained: string[];
  /** Reasons this table cannot answer. */
  problems: string[];
  /** How much of the question is specific to this table (values, columns, title words). */
  evidence: number;
  /** Value filters the caller applies itself (the two sides of a difference): their words are values, not groupings. */
  setAside?: Filter[];
  /** The count noun that names the rows themselves ("how many teams" over a table of teams): rows are counted. */
  rowNoun?: number;
  /** A table whose rows are measures and columns months or years: the row (and column) the question names. */
  measureRow?: MeasureRowMatch;
  /** A name read as who or what a table is about though nothing names the table to check it ("weirather" over 204-921.csv). */
  assumedSubject?: string;
  /** Tokens of "by" phrases read as who did something ("points scored by the Tide", "won by 7"): never a grouping. */
  notGrouping?: number[];
  /** The question names one game ("the game against Millwall on October 7th"): the answer is the value of exactly one row. */
  oneGame?: boolean;
  /** "what was the attendance against Millwall": a total asked is the value of one game (`game-rows.ts`). */
  oneValueAsked?: boolean;
}
