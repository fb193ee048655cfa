/**
 * What a cell's formula says about its row: a sum of its own column above (`SUM(B4:B10)`), a
 * count of it (`COUNTA(A3:A19)`), a sum across the row (`SUM(B6:M6)`), a rollup of sums above,
 * or a product of rows (`C5*C6*(C7+C8)`: volume × days × rate, a computed amount, no sum).
 * Aggregate detection (`aggregate-rows.ts`) reads these as evidence.
 * @module tables/aggregate-formulas
 */
/**
 * True when a formula is `SUM`/`SUBTOTAL`/`AGGREGATE` over ranges of a single column,
 * e.g. `SUM(I4:I6,I8:I11)`: a column total, not a row total. So is a `SUM`/`SUBTOTAL` of
 * single cells of one column (`SUM(C84)`, `SUM(G94:G94)`): the total line of a group of one
 * item, as Excel's AutoSum writes it.
 */
export function isColumnSumFormula(formulaText: string | undefined): boolean {
  if (formulaText === undefined) return false;
  const match = /^=?\s*(SUM|SUBTOTAL|AGGREGATE)\s*\((.*)\)\s*$/i.exec(formulaText.trim());
  if (match === null) return false;
  const ranges = [...match[2].matchAll(/\$?([A-Z]{1,3})\$?(\d+)\s*:\s*\$?([A-Z]{1,3})\$?(\d+)/gi)];
  if (ranges.length > 0 && ranges.every((range) => range[1].toUpperCase() === range[3].toUpperCase() && range[2] !== range[4])) return true;
  return sumsCellsOfOneColumn(match[1], match[2]);
}

/** True when the arguments of `SUM`/`SUBTOTAL(9, …)` are cells (or one-cell ranges) of one column, nothing else. */
function sumsCellsOfOneColumn(name: string, argumentText: string): boolean {
  const parts = argumentText.split(',').map((part) => part.trim());
  if (name.toUpperCase() === 'AGGREGATE') return false;
  if (name.toUpperCase() === 'SUBTOTAL' && !/^(9|109)$/.test(parts.shift() ?? '')) return false;
  const columns = new Set<string>();
  for (const part of parts) {
    const cell = /^\$?([A-Z]{1,3})\$?(\d+)(?:\s*:\s*\$?([A-Z]{1,3})\$?(\d+))?$/i.exec(part);
    if (cell === null) return false;
    if (cell[3] !== undefined && (cell[3].toUpperCase() !== cell[1].toUpperCase() || cell[4] !== cell[2])) return false;
    columns.add(cell[1].toUpperCase());
  }
  return parts.length > 0 && columns.size === 1;
}

/** Functions that count a column's entries: a row of them under a list is its count line. */
const COUNT_FUNCTIONS = ['COUNT', 'COUNTA'];

/** True when a formula is `COUNT`/`COUNTA` over one range of a single column, e.g. `COUNTA(A3:A19)`. */
export function isColumnCountFormula(formulaText: string | undefined): boolean {
  if (formulaText === undefined) return false;
  const match = /^=?\s*([A-Z]+)\s*\(\s*\$?([A-Z]{1,3})\$?(\d+)\s*:\s*\$?([A-Z]{1,3})\$?(\d+)\s*\)\s*$/i.exec(formulaText.trim());
  return match !== null && COUNT_FUNCTIONS.includes(match[1].toUpperCase()) && match[2].toUpperCase() === match[4].toUpperCase() && match[3] !== match[5];
}

/**
 * True when a formula refers to other rows of its own column: `B9+B14` or `SUM(B4:B8)` in
 * column B (0-based `column` 1), not `A2*2`.
 */
export function refersUpOwnColumn(formulaText: string | undefined, column: number, row: number): boolean {
  if (formulaText === undefined) return false;
  const letters = columnName(column);
  for (const match of formulaText.toUpperCase().matchAll(/(?:^|[^A-Z0-9_!])\$?([A-Z]{1,3})\$?(\d+)(?:\s*:\s*\$?([A-Z]{1,3})\$?(\d+))?/g)) {
    const [, first, firstRow, last, lastRow] = match;
    if (first !== letters || (last !== undefined && last !== letters)) continue;
    if (Number(firstRow) !== row + 1 || (lastRow !== undefined && Number(lastRow) !== row + 1)) return true;
  }
  return false;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** True when a formula is `SUM` over ranges of a single row, e.g. `SUM(B6:M6)`: a row total. */
export function isRowSumFormula(formulaText: string | undefined): boolean {
  if (formulaText === undefined) return false;
  const match = /^=?\s*(SUM|SUBTOTAL)\s*\((.*)\)\s*$/i.exec(formulaText.trim());
  if (match === null) return false;
  const ranges = [...match[2].matchAll(/\$?([A-Z]{1,3})\$?(\d+)\s*:\s*\$?([A-Z]{1,3})\$?(\d+)/gi)];
  if (ranges.length === 0) return false;
  return ranges.every((range) => range[2] === range[4] && range[1].toUpperCase() !== range[3].toUpperCase());
}

/** A formula's single-column range when it is `SUM` of exactly one range (`SUM(B3:B14)`), rows 1-based. */
export function columnSumRange(formulaText: string | undefined): { column: string; top: number; bottom: number } | null {
  if (formulaText === undefined) return null;
  const match = /^=?\s*SUM\s*\(\s*\$?([A-Z]{1,3})\$?(\d+)\s*:\s*\$?([A-Z]{1,3})\$?(\d+)\s*\)\s*$/i.exec(formulaText.trim());
  if (match === null || match[1].toUpperCase() !== match[3].toUpperCase()) return null;
  const top = Number(match[2]);
  const bottom = Number(match[4]);
  return { column: match[1].toUpperCase(), top: Math.min(top, bottom), bottom: Math.max(top, bottom) };
}

/** Fewest ranges above that a rollup must hold whole. */
const MIN_ROLLED_UP = 2;

/** True when `range` holds at least two of the `earlier` ranges whole, in the same column: it sums what they sum, and more. */
export function isRollupOf(range: { column: string; top: number; bottom: number }, earlier: { column: string; top: number; bottom: number }[]): boolean {
  let held = 0;
  for (const other of earlier) if (other.column === range.column && other.top >= range.top && other.bottom <= range.bottom && ++held >= MIN_ROLLED_UP) return true;
  return false;
}

/**
 * Per row, the cells that roll up the sums of rows above them in the same table column
 * (monthly `SUM(B3:B14)` under weekly `SUM(B3:B6)`, `SUM(B7:B11)` of a daily column): totals
 * of those rows even though the column they sum is another one.
 * @param formulas per row, per table column, the cell's formula text (undefined when none)
 */
export function rollupCounts(formulas: (string | undefined)[][]): number[] {
  const earlier = new Map<number, { column: string; top: number; bottom: number }[]>();
  return formulas.map((cells) => {
    let count = 0;
    cells.forEach((text, column) => {
      const range = columnSumRange(text);
      if (range === null) return;
      const above = earlier.get(column) ?? [];
      if (isRollupOf(range, above)) count++;
      else above.push(range);
      earlier.set(column, above);
    });
    return count;
  });
}

type FormulaToken = { kind: 'ref'; own: boolean } | { kind: 'value' } | { kind: 'name' } | { kind: 'op'; value: string };

/** Thrown inside the product finder when a formula is outside what it reads; never escapes this module. */
class NotRead {}

/**
 * True when a formula multiplies or divides other rows of its own column by each other:
 * `C5*C6*(C7+C8)` in C10 (volume × days × rate), `D10/D4`. Such a row is an amount computed
 * from the rows above, not their sum, even when its label says "Total" ("Total Calendar Demand
 * Charge"). A factor that is a number or another column (`SUM(B4:B8)*1.1`, `B9*$A$1`) does not
 * count. Formulas outside `+ - * / ^`, parentheses and function calls read as false.
 * @param column the cell's column, 0-based
 * @param row the cell's row, 0-based
 */
export function multipliesRowsOfColumn(formulaText: string | undefined, column: number, row: number): boolean {
  if (formulaText === undefined) return false;
  const tokens = formulaTokens(formulaText.replace(/^\s*=/, ''), columnName(column), row + 1);
  if (tokens === null) return false;
  const parser = new ProductFinder(tokens);
  try {
    parser.expression();
  } catch {
    return false;
  }
  return parser.done() && parser.foundProduct;
}

function formulaTokens(text: string, letters: string, sheetRow: number): FormulaToken[] | null {
  const tokens: FormulaToken[] = [];
  const pattern = /\s*(?:((?:'[^']+'|[A-Za-z_][\w.]*)!)?\$?([A-Za-z]{1,3})\$?(\d+)(?:\s*:\s*\$?([A-Za-z]{1,3})\$?(\d+))?(?![\w(!])|(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?%?|\.\d+%?)|([A-Za-z_][\w.]*)\s*(?=\()|([-+*/^(),]))/y;
  let index = 0;
  while (index < text.length) {
    if (/^\s+$/.test(text.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match === null) return null;
    index = pattern.lastIndex;
    const [, sheet, first, firstRow, last, lastRow, number, name, op] = match;
    if (first !== undefined) {
      const sameColumn = first.toUpperCase() === letters && (last === undefined || last.toUpperCase() === letters);
      const otherRow = Number(firstRow) !== sheetRow || (lastRow !== undefined && Number(lastRow) !== sheetRow);
      tokens.push({ kind: 'ref', own: sheet === undefined && sameColumn && otherRow });
    } else if (number !== undefined) tokens.push({ kind: 'value' });
    else if (name !== undefined) tokens.push({ kind: 'name' });
    else tokens.push({ kind: 'op', value: op });
  }
  return tokens;
}

/** Precedence parser that records whether a `*` or `/` joins two parts that each refer up the column. */
class ProductFinder {
  private position = 0;
  foundProduct = false;

  constructor(private readonly tokens: FormulaToken[]) {}

  done(): boolean {
    return this.position === this.tokens.length;
  }

  /** Returns whether the parsed part refers to another row of the column. */
  expression(): boolean {
    let own = this.term();
    while (this.peek('+') || this.peek('-')) {
      this.position++;
      own = this.term() || own;
    }
    return own;
  }

  private term(): boolean {
    let own = this.power();
    while (this.peek('*') || this.peek('/')) {
      this.position++;
      const right = this.power();
      if (own && right) this.foundProduct = true;
      own = own || right;
    }
    return own;
  }

  private power(): boolean {
    let own = this.unary();
    while (this.peek('^')) {
      this.position++;
      own = this.unary() || own;
    }
    return own;
  }

  private unary(): boolean {
    if (this.peek('-') || this.peek('+')) {
      this.position++;
      return this.unary();
    }
    return this.primary();
  }

  private primary(): boolean {
    const token = this.tokens[this.position++];
    if (token === undefined) throw new NotRead();
    if (token.kind === 'ref') return token.own;
    if (token.kind === 'value') return false;
    if (token.kind === 'op' && token.value === '(') {
      const own = this.expression();
      this.expect(')');
      return own;
    }
    if (token.kind === 'name') {
      this.expect('(');
      let own = false;
      if (this.peek(')')) {
        this.position++;
        return false;
      }
      for (;;) {
        own = this.expression() || own;
        if (this.peek(',')) {
          this.position++;
          continue;
        }
        this.expect(')');
        return own;
      }
    }
    throw new NotRead();
  }

  private peek(op: string): boolean {
    const token = this.tokens[this.position];
    return token?.kind === 'op' && token.value === op;
  }

  private expect(op: string): void {
    if (!this.peek(op)) throw new NotRead();
    this.position++;
  }
}
