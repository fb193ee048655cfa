/**
 * A compact store of a tall sheet's cells: typed arrays of cell kinds, numbers and string ids,
 * texts interned while they repeat, formats and flags as ids into a small table. A cell costs
 * about 14 bytes here instead of a JavaScript object (40–80 bytes) in an array per row, so a
 * 1,048,576-row sheet fits a 512 MB heap. Rows are given back as ordinary cells on demand
 * (`row(r)`), a chunk at a time, by the streamed table path (`tables/streamed-table.ts`).
 * @module extract/row-store
 */
import type { Cell } from './grid.js';

const KIND_TEXT = 1;
const KIND_NUMBER = 2;
const KIND_TRUE = 3;
const KIND_FALSE = 4;
const KIND_DATE = 5;
const KIND_NULL = 6;

/** Distinct texts interned per column (and formats in all) before interning stops. */
const MAX_INTERNED = 100_000;
/** New texts of a column seen before its repetition is judged. */
const INTERN_SAMPLE = 1000;

/** Cells and rows of a sheet, appended in row order. */
export class RowStore {
  /** Rows held: row r of the sheet is `row(r)`, for r < `length`. */
  length = 0;
  /** Widest row, in columns. */
  width = 0;
  private rowStart = new Uint32Array(1024);
  private hiddenRows = new Uint8Array(1024);
  private columns = new Uint16Array(4096);
  private kinds = new Uint8Array(4096);
  private numbers = new Float64Array(4096);
  private extras = new Uint32Array(4096);
  private cellCount = 0;
  private readonly texts: string[] = [];
  /** Per column: texts interned so far, or null once the column shows mostly distinct texts (ids). */
  private readonly textIds: (Map<string, number> | null)[] = [];
  private readonly textLookups: number[] = [];
  /** Format, indent, bold, borders, formula and error of cells, as JSON keys; id 0 is none. */
  private readonly extraIds = new Map<string, number>([['', 0]]);
  private readonly extraCells: Omit<Cell, 'value'>[] = [{}];
  /** Longest text held, in characters. */
  longestText = 0;
  /** Row and column of the longest text. */
  longestAt: { row: number; column: number } = { row: 0, column: 0 };

  /**
   * Appends one row (cells at their 0-based columns; null or missing for empty).
   * Merge ranges are not kept: a tall sheet's merges are applied to its first rows only.
   */
  pushRow(cells: ArrayLike<Cell | null | undefined>, hidden = false): void {
    if (this.length + 2 > this.rowStart.length) {
      this.rowStart = grow(this.rowStart, this.rowStart.length * 2);
      this.hiddenRows = grow(this.hiddenRows, this.rowStart.length);
    }
    this.rowStart[this.length] = this.cellCount;
    this.hiddenRows[this.length] = hidden ? 1 : 0;
    for (let column = 0; column < cells.length; column++) {
      const cell = cells[column];
      if (cell == null) continue;
      this.pushCell(column, cell);
    }
    if (cells.length > this.width) this.width = cells.length;
    this.length++;
    this.rowStart[this.length] = this.cellCount;
  }

  /** Marks row r hidden (xlsx rows declare it before their cells arrive). */
  setHidden(row: number): void {
    if (row < this.length) this.hiddenRows[row] = 1;
  }

  /** Drops rows from the end, down to `length` rows. */
  truncate(length: number): void {
    if (length >= this.length) return;
    this.length = length;
    this.cellCount = this.rowStart[length];
  }

  /** True when sheet row r (0-based) is hidden. */
  isHidden(row: number): boolean {
    return row < this.length && this.hiddenRows[row] === 1;
  }

  /** True when row r holds no cell. */
  isEmpty(row: number): boolean {
    return this.rowStart[row] === this.rowStart[row + 1];
  }

  /** Row r as fresh cells (a dense array, trailing empty cells trimmed). */
  row(row: number): (Cell | null)[] {
    const start = this.rowStart[row];
    const end = this.rowStart[row + 1];
    if (end === start) return [];
    const cells = new Array<Cell | null>(this.columns[end - 1] + 1).fill(null);
    for (let i = start; i < end; i++) cells[this.columns[i]] = this.cellAt(i);
    return cells;
  }

  private cellAt(i: number): Cell {
    const kind = this.kinds[i];
    const value =
      kind === KIND_TEXT ? this.texts[this.numbers[i]]
      : kind === KIND_NUMBER ? this.numbers[i]
      : kind === KIND_TRUE ? true
      : kind === KIND_FALSE ? false
      : kind === KIND_DATE ? new Date(this.numbers[i])
      : null;
    const extra = this.extras[i];
    return extra === 0 ? { value } : { value, ...this.extraCells[extra] };
  }

  private pushCell(column: number, cell: Cell): void {
    if (this.cellCount === this.kinds.length) {
      const size = this.kinds.length * 2;
      this.columns = grow(this.columns, size);
      this.kinds = grow(this.kinds, size);
      this.numbers = grow(this.numbers, size);
      this.extras = grow(this.extras, size);
    }
    const i = this.cellCount++;
    this.columns[i] = column;
    const value = cell.value;
    if (typeof value === 'string') {
      this.kinds[i] = KIND_TEXT;
      this.numbers[i] = this.textId(value, column);
      if (value.length > this.longestText) {
        this.longestText = value.length;
        this.longestAt = { row: this.length, column };
      }
    } else if (typeof value === 'number') {
      this.kinds[i] = KIND_NUMBER;
      this.numbers[i] = value;
    } else if (typeof value === 'boolean') {
      this.kinds[i] = value ? KIND_TRUE : KIND_FALSE;
    } else if (value instanceof Date) {
      this.kinds[i] = KIND_DATE;
      this.numbers[i] = value.getTime();
    } else {
      this.kinds[i] = KIND_NULL;
    }
    this.extras[i] = this.extraId(cell);
  }

  private textId(text: string, column: number): number {
    let ids = this.textIds[column];
    if (ids === undefined) ids = this.textIds[column] = new Map();
    let lookups = 0;
    if (ids !== null) {
      lookups = this.textLookups[column] = (this.textLookups[column] ?? 0) + 1;
      const known = ids.get(text);
      if (known !== undefined) return known;
    }
    const id = this.texts.length;
    this.texts.push(text);
    if (ids !== null) {
      ids.set(text, id);
      // A column of mostly distinct texts (ids, names) is not worth a map: its texts are appended as they come.
      if ((lookups >= INTERN_SAMPLE && ids.size * 2 > lookups) || ids.size > MAX_INTERNED) this.textIds[column] = null;
    }
    return id;
  }

  private extraId(cell: Cell): number {
    if (cell.numFmt === undefined && !cell.indent && !cell.bold && !cell.formula && cell.error === undefined && !cell.borderTop && !cell.borderBottom) return 0;
    const extra: Omit<Cell, 'value'> = {};
    if (cell.numFmt !== undefined) extra.numFmt = cell.numFmt;
    if (cell.indent) extra.indent = cell.indent;
    if (cell.bold) extra.bold = true;
    if (cell.borderTop) extra.borderTop = true;
    if (cell.borderBottom) extra.borderBottom = true;
    if (cell.formula) extra.formula = true;
    if (cell.formulaText !== undefined) extra.formulaText = cell.formulaText;
    if (cell.error !== undefined) extra.error = cell.error;
    const key = JSON.stringify(extra);
    let id = this.extraIds.get(key);
    if (id === undefined) {
      // Formula texts differ row by row (`=B7*C7`): past a bound they are kept as a flag only.
      if (this.extraCells.length >= MAX_INTERNED && extra.formulaText !== undefined) return this.extraId({ ...cell, formulaText: undefined });
      id = this.extraCells.length;
      this.extraCells.push(extra);
      if (this.extraCells.length < MAX_INTERNED) this.extraIds.set(key, id);
    }
    return id;
  }
}

function grow<T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(array: T, size: number): T {
  const next = new (array.constructor as new (length: number) => T)(size);
  next.set(array);
  return next;
}
