import { describe, expect, it } from 'vitest';
import { detectDecimalSeparator, detectDelimiter } from './detect-delimiter.js';

describe('detectDelimiter', () => {
  it('chooses the delimiter with consistent field counts', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n4,5,6\n')).toBe(',');
    expect(detectDelimiter('a;b\n1,5;2\n3,5;4\n')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
  });

  it('ignores delimiters inside quotes and blank or delimiter-only lines', () => {
    expect(detectDelimiter('"x;y",b\n"1;2",3\n,\n\n"4;5",6\n')).toBe(',');
  });

  it('returns null when nothing splits the text', () => {
    expect(detectDelimiter('hello\nworld\n')).toBeNull();
  });

  it('lets the preferred delimiter win a tie', () => {
    expect(detectDelimiter('a,b\tc\n', '\t')).toBe('\t');
    expect(detectDelimiter('a,b\tc\n')).toBe(',');
  });
});

describe('detectDecimalSeparator', () => {
  it('is always a dot for comma-delimited files', () => {
    expect(detectDecimalSeparator([['1,5']], ',')).toBe('.');
  });

  it('finds decimal commas with dot or space thousands', () => {
    expect(detectDecimalSeparator([['P1', '1.234,50'], ['P2', '10,25'], ['P3', '1 234,5']], ';')).toBe(',');
    expect(detectDecimalSeparator([['x', '3,83']], '\t')).toBe(',');
  });

  it('does not take comma thousands for decimal commas in tab-delimited files', () => {
    expect(detectDecimalSeparator([['a', '1,234'], ['b', '12,345'], ['c', '7']], '\t')).toBe('.');
    expect(detectDecimalSeparator([['a', '1,234,567']], '\t')).toBe('.');
    expect(detectDecimalSeparator([['a', '1.234.567']], '\t')).toBe(',');
  });

  it('reads a semicolon file without telling numbers as European', () => {
    expect(detectDecimalSeparator([['a', '1.234'], ['b', 'x']], ';')).toBe(',');
  });

  it('keeps the dot when fields use dot decimals', () => {
    expect(detectDecimalSeparator([['a', '3.83'], ['b', '1,234.50'], ['c', '12']], ';')).toBe('.');
    expect(detectDecimalSeparator([['03.04.2025', 'text, with comma']], '\t')).toBe('.');
  });
});
