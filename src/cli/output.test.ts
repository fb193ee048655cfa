import { describe, expect, it } from 'vitest';
import { colourEnabled, formatCell, paintFor } from './output.js';

describe('colourEnabled', () => {
  it('colours a terminal, and nothing when NO_COLOR is set, TERM is dumb or the output is piped', () => {
    expect(colourEnabled({ isTTY: true }, {})).toBe(true);
    expect(colourEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colourEnabled({ isTTY: false }, {})).toBe(false);
    expect(colourEnabled({}, {})).toBe(false);
  });
});

describe('paintFor', () => {
  it('adds ANSI escapes only when colour is on', () => {
    expect(paintFor({ isTTY: true }, {}).red('failed')).toBe('\u001b[31mfailed\u001b[39m');
    expect(paintFor({ isTTY: false }, {}).red('failed')).toBe('failed');
    expect(paintFor({ isTTY: true }, { NO_COLOR: '' + 1 }).bold('x')).toBe('x');
  });
});

describe('formatCell', () => {
  it('rounds numbers for people, without thousands separators in tab-separated rows', () => {
    expect(formatCell(2.96666666667)).toBe('2.97');
    expect(formatCell(27.9153569553)).toBe('27.92');
    expect(formatCell(1234567.891)).toBe('1234567.89');
    expect(formatCell(0.000123456)).toBe('0.000123');
    expect(formatCell(42)).toBe('42');
    expect(formatCell(null)).toBe('');
    expect(formatCell({ a: 1 })).toBe('{"a":1}');
  });
});
