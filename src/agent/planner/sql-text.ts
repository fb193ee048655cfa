/**
 * Quoting for the SQL the planner writes. Identifiers come from catalog sqlNames, literals
 * from catalog values or question text; both are always quoted.
 * @module agent/planner/sql-text
 */
import { InternalError } from '../../errors.js';

/** `net_revenue_eur` → `"net_revenue_eur"` (inner quotes doubled). */
export function sqlIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A string, number or boolean as an SQL literal: `'O''Brien'`, `12.5`, `TRUE`. */
export function sqlLiteral(value: string | number | boolean): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InternalError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return `'${value.replace(/'/g, "''")}'`;
}

/** A `YYYY-MM-DD` date literal. @throws RangeError when `iso` is not a date. */
export function sqlDate(iso: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new InternalError(`not a date: ${iso}`);
  return `DATE '${iso}'`;
}
