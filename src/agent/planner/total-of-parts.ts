/**
 * "How many students are enrolled at Brown University?" over Undergraduate enrollment, Graduate
 * enrollment and Total enrollment: the question names what every part column and their total
 * column share, and no word that picks one part, so it asks for the whole, which the total
 * column holds.
 * @module agent/planner/total-of-parts
 */
import type { ColumnMention, TableMatch } from './plan-types.js';
import type { ColumnInfo } from './table-profile.js';
import { tokensOf } from './normalize-text.js';

/** Words a total column is named by besides what it totals ("Total enrollment", "All medals", "Overall votes"). */
const TOTAL_NAME = /^(total|all|overall|combined)$/;

/** Stems of a column's name as written. */
function nameStems(info: ColumnInfo): string[] {
  return tokensOf(info.column.name.replace(/_/g, ' ')).map((t) => t.stem);
}

/** For a numeric column named by a total word ("Total enrollment"), the stems of the rest of its name (`enrol`); else undefined. */
function totalledStems(info: ColumnInfo): string[] | undefined {
  const words = tokensOf(info.column.name.replace(/_/g, ' '));
  const rest = words.filter((w) => !TOTAL_NAME.test(w.norm)).map((w) => w.stem);
  return info.numeric && rest.length > 0 && rest.length < words.length ? rest : undefined;
}

/**
 * The total column of measure mentions tied in a question, read as the mention of the measure.
 * Only where one numeric column is an aggregate column (the ingest found it to be the sum of
 * columns left of it in its rows), named by a total word and otherwise only by words every tied
 * column's name has too; the tied columns are exactly the numeric non-aggregate columns left of
 * it whose names hold those words (so the parts it adds up are the columns in doubt and no
 * other); none of the tied columns is a share or an average.
 * @param tied mentions of two or more measure columns the question named equally
 * @returns a mention of the total column over the tied mentions' words, or undefined
 */
export function totalOfParts(match: TableMatch, tied: ColumnMention[]): ColumnMention | undefined {
  const named = namedTotal(tied);
  if (named) return named;
  const columns = [...new Set(tied.map((m) => m.info))];
  if (columns.length < 2 || columns.some((info) => !info.numeric || info.column.isAggregateColumn || info.column.aggregation !== 'sum')) return undefined;
  const totals = match.profile.columns.filter((info) => {
    const rest = info.column.isAggregateColumn ? totalledStems(info) : undefined;
    return rest !== undefined && columns.every((part) => rest.every((stem) => nameStems(part).includes(stem)));
  });
  if (totals.length !== 1) return undefined;
  const total = totals[0];
  const shared = totalledStems(total) as string[];
  const position = (info: ColumnInfo): number => match.profile.table.columns.indexOf(info.column);
  const parts = match.profile.columns.filter((info) => info.numeric && !info.column.isAggregateColumn && position(info) < position(total)
    && shared.every((stem) => nameStems(info).includes(stem)));
  if (parts.length !== columns.length || parts.some((info) => !columns.includes(info))) return undefined;
  const tokens = [...new Set(tied.flatMap((m) => m.tokens))].sort((a, b) => a - b);
  const hits = tokens.map((t) => {
    const owner = tied.find((m) => m.tokens.includes(t)) as ColumnMention;
    return owner.hits[owner.tokens.indexOf(t)];
  });
  return { info: total, tokens, hits, strength: Math.max(...tied.map((m) => m.strength)), exact: Math.max(...tied.map((m) => m.exact)) };
}

/**
 * "How many pupils are enrolled in South" over Elementary enrollment, Secondary enrollment and
 * Total enrollment, all three named equally: the one tied column named "Total" and otherwise only
 * by words every other tied column's name has too is the whole the question asks for, whether or
 * not its numbers add up the others in every row.
 */
function namedTotal(tied: ColumnMention[]): ColumnMention | undefined {
  const totals = tied.filter((m) => {
    const rest = totalledStems(m.info);
    return rest !== undefined && tied.every((other) => other.info === m.info || rest.every((stem) => nameStems(other.info).includes(stem)));
  });
  return new Set(totals.map((m) => m.info)).size === 1 && new Set(tied.map((m) => m.info)).size > 1 ? totals[0] : undefined;
}
