/**
 * Numbered document columns the ingest read as measures: a bare "Order", "Invoice", "Ticket" or
 * "Account" column of distinct whole numbers, one per row (1001, 1002, …) numbers the rows; it is never
 * summed or maxed. "Which customer has the most orders" then counts rows (the analyst's reading),
 * and "the largest order" finds no amount in the column.
 * @module agent/planner/identifier-columns
 */
import type { CatalogColumn, CatalogTable } from '../../store/catalog-types.js';
import { foldText } from './normalize-text.js';

/** Singular nouns of numbered documents and records, and the words of a numbering ("No.", "ID", "Ref"). */
const DOCUMENT_WORDS = new Set([
  'order', 'invoice', 'ticket', 'receipt', 'booking', 'transaction', 'claim', 'shipment', 'voucher',
  'po', 'id', 'no', 'nr', 'number', 'ref', 'reference', 'serial', 'account', 'acct',
]);
/**
 * Singular nouns of the numbered units of a series ("Season" 1 … 13, "Week", "Round", "Episode"):
 * a column so named numbers its rows only when its values count up from 0 or 1 with no gap of
 * more than two (the plural, "Seasons", "Games", counts something per row).
 */
const SERIES_WORDS = new Set(['season', 'episode', 'week', 'round', 'game', 'match', 'stage', 'leg', 'race', 'heat', 'day', 'event', 'edition']);
/** Fewer rows cannot show that every value is its own. */
const MIN_ROWS = 3;

/**
 * Whether a numeric measure column is in fact a row numbering: every word of its name is a
 * document noun or a numbering word ("Order", "Invoice No"), or the unit of a series ("Season",
 * "Week No." counting up from 1) or no name at all (counting up from 1), its values are whole
 * numbers, none blank, and every row has its own value. Money and percent columns never are.
 */
export function numbersRows(table: CatalogTable, column: CatalogColumn): boolean {
  if (column.concept !== 'measure' || column.type !== 'integer' || column.unit === 'currency' || column.unit === 'percent' || column.currency !== undefined) return false;
  // "Column 1" is the name ingest gives a column whose header cell was blank: no name
  const words = /^\s*column\s+\d+\s*$/i.test(column.name) ? [] : foldText(column.name).split(/[^a-z0-9]+/).filter((w) => w.length > 0);
  // a column with no name that counts 1, 2, 3 … down the rows numbers them as a series does
  const series = words.length === 0 || (words.every((w) => SERIES_WORDS.has(w) || DOCUMENT_WORDS.has(w)) && words.some((w) => SERIES_WORDS.has(w)));
  if (!series && !words.every((w) => DOCUMENT_WORDS.has(w))) return false;
  const { profile } = column;
  if (table.rowCount < MIN_ROWS || profile.nullCount > 0 || profile.distinctCount !== table.rowCount) return false;
  const [min, max] = [Number(profile.min), Number(profile.max)];
  if (series && !((min === 0 || min === 1) && max - min + 1 <= table.rowCount + 2)) return false;
  return profile.distinct === undefined || profile.distinct.every((v) => typeof v === 'number' && Number.isInteger(v));
}

/**
 * The catalog with row-numbering columns read as identifiers (a dimension, never a measure).
 * Tables without one are returned as they are; the others are shallow copies.
 */
export function withIdentifierColumns(catalog: CatalogTable[]): CatalogTable[] {
  return catalog.map((table) => {
    if (!table.columns.some((c) => numbersRows(table, c))) return table;
    const columns = table.columns.map((c): CatalogColumn => {
      if (!numbersRows(table, c)) return c;
      const { unit: _unit, ...rest } = c; // a numbering has no unit ("count" would print it as an amount)
      return { ...rest, concept: 'identifier', aggregation: 'none' };
    });
    return { ...table, columns };
  });
}
