import { describe, expect, it } from 'vitest';
import { printable } from '../src/printable-text.js';

describe('printable', () => {
  it('escapes line breaks, terminal escapes and bidi overrides in a file name', () => {
    expect(printable('evil\nfailed: all good.csv')).toBe('evil\\nfailed: all good.csv');
    expect(printable('a\r\tb\u001b[2Jc.xlsx')).toBe('a\\r\\tb\\x1b[2Jc.xlsx');
    expect(printable('invoice\u202Excsl.exe')).toBe('invoice\\u202excsl.exe');
  });

  it('leaves ordinary names, accents and Windows paths alone', () => {
    expect(printable('C:\\data\\Umsätze 2024 (März).xlsx')).toBe('C:\\data\\Umsätze 2024 (März).xlsx');
  });
});
