/**
 * Running column sums and the tolerance of "equals the sum", shared by aggregate row
 * detection (labels, arithmetic, hierarchies) and the validation gate.
 * @module tables/column-sums
 */

/** Relative and absolute tolerance for "equals the sum". */
export const SUM_TOLERANCE = { relative: 1e-6, absolute: 0.005 };

/** True when `stated` equals `computed` within `SUM_TOLERANCE`. */
export function sumsMatch(stated: number, computed: number): boolean {
  const scale = Math.max(Math.abs(stated), Math.abs(computed));
  return Math.abs(stated - computed) <= Math.max(SUM_TOLERANCE.absolute, SUM_TOLERANCE.relative * scale);
}

/** Running column sums over a set of rows. */
export class ColumnSums {
  readonly totals: number[];
  readonly seen: boolean[];
  rows = 0;

  constructor(width: number) {
    this.totals = new Array<number>(width).fill(0);
    this.seen = new Array<boolean>(width).fill(false);
  }

  add(numbers: (number | null)[]): void {
    for (let column = 0; column < numbers.length; column++) {
      const value = numbers[column];
      if (value === null || value === undefined) continue;
      this.totals[column] += value;
      this.seen[column] = true;
    }
    this.rows++;
  }

  clear(): void {
    this.totals.fill(0);
    this.seen.fill(false);
    this.rows = 0;
  }

  /** True when every additive column `numbers` has equals these sums (at least one column compared). */
  matches(numbers: (number | null)[], additive: boolean[]): boolean {
    let compared = 0;
    for (let column = 0; column < numbers.length; column++) {
      const stated = numbers[column];
      if (!additive[column] || stated === null) continue;
      if (!this.seen[column] || !sumsMatch(stated, this.totals[column])) return false;
      compared++;
    }
    return compared > 0;
  }
}
