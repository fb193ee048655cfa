/**
 * Lookup tables keyed by the words of a question: built without a prototype, so a word such as
 * "constructor" (a Formula One column) or "toString" finds nothing instead of an inherited
 * function of every object.
 * @module agent/planner/word-table
 */

/** A copy of `entries` with no prototype: `table[word]` is undefined for every word not listed. */
export function wordTable<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}
