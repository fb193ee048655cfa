/**
 * Formulas a workbook stores without a cached result (files written by scripts such as
 * openpyxl, never opened in Excel): the simple ones are computed from the sheet's own values,
 * the way Excel would show them on opening, so a `=SUM(F5:F12)` total row is read with its
 * number instead of being dropped. Only arithmetic (`+ - * /`, parentheses, unary minus) over
 * numbers, cells and ranges of the same sheet, and SUM, SUBTOTAL(9/109/1/101/4/104/5/105/2/102),
 * AVERAGE, MIN, MAX, COUNT are read; anything else (other functions, other sheets, text,
 * comparisons) leaves the cell out, as before. Empty cells count as 0, as in Excel.
 * @module extract/xlsx-formulas
 */
import type { Cell } from './grid.js';

/** A formula cell read without a cached result, waiting for its value. */
export interface UncachedFormula {
  /** 0-based position. */
  row: number;
  column: number;
  /** The cell as built from its style, `value` null until computed. */
  cell: Cell;
  formulaText: string;
}

/** Most passes over the pending formulas (a total of subtotals needs the subtotals first). */
const MAX_PASSES = 8;
/** Most cells one range may cover: a whole-column `SUM(A:A)` is not expanded. */
const MAX_RANGE_CELLS = 1_000_000;
/** Most cells read for all of a sheet's formulas together: a hostile file cannot make reading slow. */
const MAX_CELLS_READ = 20_000_000;

type Token = { kind: 'number'; value: number } | { kind: 'ref'; row: number; column: number } | { kind: 'range'; top: number; left: number; bottom: number; right: number } | { kind: 'name'; value: string } | { kind: 'op'; value: string };

/** Thrown inside evaluation when a formula is outside what is read; never escapes this module. */
class Unsupported {
  constructor(readonly pending = false) {}
}

/**
 * Computes the formulas it can and places their cells in `rows`; returns how many were computed.
 * A cell whose formula refers to a formula still pending waits for a later pass.
 * @param rows the sheet's cells, `rows[r][c]`, possibly holey; changed in place
 * @param toValue turns a computed number into the cell's value (a date for date formats)
 */
export function computeUncachedFormulas(rows: (Cell | null)[][], pending: UncachedFormula[], toValue: (number: number, cell: Cell) => Cell['value']): number {
  const waiting = new Map<string, UncachedFormula>();
  for (const formula of pending) waiting.set(`${formula.row}:${formula.column}`, formula);
  let computed = 0;
  // Cells right of a row's last stored cell are blank unless a pending formula stands there.
  const budget = {
    cells: MAX_CELLS_READ,
    pendingWidth: pending.reduce((width, formula) => Math.max(width, formula.column + 1), 0),
    pendingHeight: pending.reduce((height, formula) => Math.max(height, formula.row + 1), 0),
  };
  for (let pass = 0; pass < MAX_PASSES && waiting.size > 0; pass++) {
    let progress = false;
    for (const [key, formula] of waiting) {
      const value = evaluate(formula.formulaText, rows, waiting, budget);
      if (value === 'pending') continue;
      waiting.delete(key);
      if (value === null) continue;
      formula.cell.value = toValue(value, formula.cell);
      formula.cell.computed = true;
      const row = rows[formula.row] ?? (rows[formula.row] = []);
      row[formula.column] = formula.cell;
      computed++;
      progress = true;
    }
    if (!progress) break;
  }
  return computed;
}

/** The formula's number, null when it is outside what is read, 'pending' when it needs a pending cell. */
function evaluate(formulaText: string, rows: (Cell | null)[][], waiting: Map<string, UncachedFormula>, budget: { cells: number; pendingWidth: number; pendingHeight: number }): number | null | 'pending' {
  const tokens = tokenize(formulaText.replace(/^=/, ''));
  if (tokens === null) return null;
  try {
    const parser = new Parser(tokens, rows, waiting, budget);
    const value = parser.expression();
    if (!parser.done()) return null;
    return Number.isFinite(value) ? value : null;
  } catch (error) {
    if (error instanceof Unsupported) return error.pending ? 'pending' : null;
    throw error;
  }
}

function columnIndex(letters: string): number {
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\$?[A-Za-z]{1,3}\$?\d+)\s*:\s*(\$?[A-Za-z]{1,3}\$?\d+)|(\$?[A-Za-z]{1,3}\$?\d+)(?![\w(!.])|(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+)|([A-Za-z][A-Za-z0-9.]*)\s*(?=\()|([-+*/(),]))/y;
  let index = 0;
  while (index < text.length) {
    if (/^\s+$/.test(text.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match === null) return null;
    index = pattern.lastIndex;
    const [, from, to, ref, number, name, op] = match;
    if (from !== undefined && to !== undefined) {
      const a = parseRef(from);
      const b = parseRef(to);
      tokens.push({ kind: 'range', top: Math.min(a.row, b.row), bottom: Math.max(a.row, b.row), left: Math.min(a.column, b.column), right: Math.max(a.column, b.column) });
    } else if (ref !== undefined) tokens.push({ kind: 'ref', ...parseRef(ref) });
    else if (number !== undefined) tokens.push({ kind: 'number', value: Number(number) });
    else if (name !== undefined) tokens.push({ kind: 'name', value: name.toUpperCase() });
    else if (op !== undefined) tokens.push({ kind: 'op', value: op });
  }
  return tokens;
}

function parseRef(text: string): { row: number; column: number } {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(text) as RegExpExecArray;
  return { row: Number(match[2]) - 1, column: columnIndex(match[1]) };
}

/** SUBTOTAL function numbers read (with and without hidden rows, treated alike: hidden rows are read as values). */
const SUBTOTAL_FUNCTIONS: Record<number, string> = { 1: 'AVERAGE', 2: 'COUNT', 4: 'MAX', 5: 'MIN', 9: 'SUM', 101: 'AVERAGE', 102: 'COUNT', 104: 'MAX', 105: 'MIN', 109: 'SUM' };

class Parser {
  private position = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly rows: (Cell | null)[][],
    private readonly waiting: Map<string, UncachedFormula>,
    private readonly budget: { cells: number; pendingWidth: number; pendingHeight: number },
  ) {}

  done(): boolean {
    return this.position === this.tokens.length;
  }

  expression(): number {
    let value = this.term();
    for (let token = this.peekOp(); token === '+' || token === '-'; token = this.peekOp()) {
      this.position++;
      const right = this.term();
      value = token === '+' ? value + right : value - right;
    }
    return value;
  }

  private term(): number {
    let value = this.unary();
    for (let token = this.peekOp(); token === '*' || token === '/'; token = this.peekOp()) {
      this.position++;
      const right = this.unary();
      if (token === '/' && right === 0) throw new Unsupported();
      value = token === '*' ? value * right : value / right;
    }
    return value;
  }

  private unary(): number {
    const op = this.peekOp();
    if (op === '-' || op === '+') {
      this.position++;
      const value = this.unary();
      return op === '-' ? -value : value;
    }
    return this.primary();
  }

  private primary(): number {
    const token = this.tokens[this.position++];
    if (token === undefined) throw new Unsupported();
    if (token.kind === 'number') return token.value;
    if (token.kind === 'ref') {
      // In arithmetic a blank cell is 0; text is an error (#VALUE!), not read.
      const value = this.cellNumber(token.row, token.column);
      if (value === null && typeof this.rows[token.row]?.[token.column]?.value === 'string' && String(this.rows[token.row]?.[token.column]?.value).trim() !== '') throw new Unsupported();
      return value ?? 0;
    }
    if (token.kind === 'op' && token.value === '(') {
      const value = this.expression();
      this.expect(')');
      return value;
    }
    if (token.kind === 'name') return this.call(token.value);
    throw new Unsupported();
  }

  private call(name: string): number {
    this.expect('(');
    let fn = name;
    if (name === 'SUBTOTAL') {
      const code = this.tokens[this.position++];
      if (code?.kind !== 'number' || SUBTOTAL_FUNCTIONS[code.value] === undefined) throw new Unsupported();
      fn = SUBTOTAL_FUNCTIONS[code.value];
      this.expect(',');
    }
    if (!['SUM', 'AVERAGE', 'MIN', 'MAX', 'COUNT'].includes(fn)) throw new Unsupported();
    const values: number[] = [];
    for (;;) {
      const token = this.tokens[this.position];
      const next = this.tokens[this.position + 1];
      const alone = next === undefined || (next.kind === 'op' && (next.value === ',' || next.value === ')'));
      if (token?.kind === 'range' && alone) {
        this.position++;
        this.rangeNumbers(token, values);
      } else if (token?.kind === 'ref' && alone) {
        // A single cell argument: only its numbers count (text and blanks are skipped, as in Excel).
        this.position++;
        const value = this.cellNumber(token.row, token.column);
        if (value !== null) values.push(value);
      } else values.push(this.expression());
      if (this.peekOp() === ',') {
        this.position++;
        continue;
      }
      this.expect(')');
      break;
    }
    switch (fn) {
      case 'SUM':
        return values.reduce((sum, value) => sum + value, 0);
      case 'COUNT':
        return values.length;
      case 'AVERAGE':
        if (values.length === 0) throw new Unsupported();
        return values.reduce((sum, value) => sum + value, 0) / values.length;
      case 'MIN':
        return values.length === 0 ? 0 : Math.min(...values);
      default:
        return values.length === 0 ? 0 : Math.max(...values);
    }
  }

  private rangeNumbers(range: { top: number; left: number; bottom: number; right: number }, into: number[]): void {
    if ((range.bottom - range.top + 1) * (range.right - range.left + 1) > MAX_RANGE_CELLS) throw new Unsupported();
    const last = Math.min(range.bottom, Math.max(this.rows.length, this.budget.pendingHeight) - 1);
    for (let row = range.top; row <= last; row++) {
      const right = Math.min(range.right, Math.max(this.rows[row]?.length ?? 0, this.budget.pendingWidth) - 1);
      this.budget.cells -= Math.max(0, right - range.left + 1);
      if (this.budget.cells < 0) throw new Unsupported();
      for (let column = range.left; column <= right; column++) {
        const value = this.cellNumber(row, column);
        if (value !== null) into.push(value);
      }
    }
  }

  /** The number a cell holds; null for blank or text cells; waits for a pending formula; an error cell is not read. */
  private cellNumber(row: number, column: number): number | null {
    if (this.waiting.has(`${row}:${column}`)) throw new Unsupported(true);
    const cell = this.rows[row]?.[column] ?? null;
    if (cell === null) return null;
    if (cell.error !== undefined) throw new Unsupported();
    if (typeof cell.value === 'number') return cell.value;
    if (typeof cell.value === 'boolean' || cell.value instanceof Date) throw new Unsupported();
    return null;
  }

  private peekOp(): string | null {
    const token = this.tokens[this.position];
    return token?.kind === 'op' ? token.value : null;
  }

  private expect(op: string): void {
    const token = this.tokens[this.position++];
    if (token?.kind !== 'op' || token.value !== op) throw new Unsupported();
  }
}
