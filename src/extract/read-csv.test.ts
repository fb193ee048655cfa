import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FileFormatError } from '../errors.js';
import type { Workbook } from './grid.js';
import { readCsv } from './read-csv.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

function values(workbook: Workbook): (string | null)[][] {
  return workbook.sheets[0].rows.map((row) => row.map((cell) => (cell ? String(cell.value) : null)));
}

describe('readCsv', () => {
  it('reads old Mac CR line endings, CRLF and mixed endings alike', () => {
    for (const newline of ['\r', '\r\n', '\n']) {
      const workbook = readCsv(encode(['a,b', '1,2', '3,4'].join(newline) + newline), 'endings.csv');
      expect(values(workbook)).toEqual([
        ['a', 'b'],
        ['1', '2'],
        ['3', '4'],
      ]);
    }
    expect(values(readCsv(encode('a,b\r\n1,2\n3,4\r5,6'), 'mixed.csv'))).toHaveLength(4);
  });

  it('keeps quoted newlines, quoted delimiters and doubled quotes inside their field', () => {
    const workbook = readCsv(encode('name,note\n"Smith, J.","line one\r\nline ""two"""\n'), 'quoted.csv');
    expect(values(workbook)).toEqual([
      ['name', 'note'],
      ['Smith, J.', 'line one\nline "two"'],
    ]);
  });

  it('removes NUL bytes', () => {
    const bytes = Uint8Array.from([...encode('a,b\n'), 0, ...encode('x,2\n')]);
    expect(values(readCsv(bytes, 'nul.csv'))).toEqual([
      ['a', 'b'],
      ['x', '2'],
    ]);
  });

  it('detects tab, pipe and semicolon delimiters, quotes respected', () => {
    expect(readCsv(encode('a\tb\tc\n1\t2\t3\n'), 'x.tsv').delimiter).toBe('\t');
    expect(readCsv(encode('a|b\n1|2\n'), 'x.csv').delimiter).toBe('|');
    const semicolons = readCsv(encode('"a,1";"b,2"\n"x,3";"y,4"\n"z,5";"w,6"\n'), 'x.csv');
    expect(semicolons.delimiter).toBe(';');
    expect(values(semicolons)[0]).toEqual(['a,1', 'b,2']);
  });

  it('prefers the delimiter whose counts hold over many rows to one that only splits decimals', () => {
    const workbook = readCsv(encode('Name;Score\nAnna;3,5\nBen;4,25\nCara;2,75\n'), 'scores.csv');
    expect(workbook.delimiter).toBe(';');
    expect(workbook.decimalSeparator).toBe(',');
  });

  it('reads a single-column file as one column', () => {
    const workbook = readCsv(encode('city\nParis\nRome\n'), 'cities.csv');
    expect(values(workbook)).toEqual([['city'], ['Paris'], ['Rome']]);
  });

  it('keeps ragged rows ragged and empty fields as null', () => {
    const workbook = readCsv(encode('a,b,c\n1,,3\n4\n5,6,7,8\n'), 'ragged.csv');
    expect(values(workbook)).toEqual([['a', 'b', 'c'], ['1', null, '3'], ['4'], ['5', '6', '7', '8']]);
    expect(workbook.sheets[0].columnHidden).toHaveLength(4);
  });

  it('decodes UTF-16BE with a BOM, BOM-less UTF-16LE and Windows-1252 without U+FFFD', () => {
    const text = 'Name,City\nJosé,Zürich\n';
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(iconv.encode(text, 'utf-16be'))]);
    expect(readCsv(utf16be, 'be.csv')).toMatchObject({ encoding: 'utf-16be' });
    expect(values(readCsv(utf16be, 'be.csv'))[1]).toEqual(['José', 'Zürich']);
    const bomless = iconv.encode(text, 'utf-16le');
    expect(values(readCsv(bomless, 'le.csv'))[1]).toEqual(['José', 'Zürich']);
    const legacy = readCsv(iconv.encode('Name;Price\nCafé crème;€ 3,50\n', 'windows-1252'), 'legacy.csv');
    expect(legacy.encoding).toBe('windows-1252');
    expect(values(legacy)[1]).toEqual(['Café crème', '€ 3,50']);
    expect(JSON.stringify(values(legacy))).not.toContain('\uFFFD');
  });

  it('reports plain UTF-8 (and ASCII) as utf-8', () => {
    expect(readCsv(encode('a,b\n1,ü\n'), 'u.csv').encoding).toBe('utf-8');
  });

  it('throws FileFormatError for whitespace-only files and, with requireDelimiter, for prose', () => {
    expect(() => readCsv(encode('  \n\n'), 'blank.csv')).toThrow(FileFormatError);
    expect(() => readCsv(encode('just some words\nmore words\n'), 'prose.txt', true)).toThrow(/not a delimited text file/);
  });
});

describe('readCsv hints and mixed encodings', () => {
  it("obeys Excel's sep= first line, kept as an empty row so that rows stay the file's lines", () => {
    const workbook = readCsv(encode('sep=;\nName;Amount\nA;1,5\n'), 'hint.csv');
    expect(workbook.delimiter).toBe(';');
    expect(workbook.sheets[0].dialectHint).toBe('sep=;');
    expect(values(workbook)).toEqual([
      [],
      ['Name', 'Amount'],
      ['A', '1,5'],
    ]);
  });

  it('drops a trailing DOS end-of-file byte (Ctrl-Z) rather than reading it as a record', () => {
    const workbook = readCsv(encode('Name,Amount\r\nA,10\r\nB,20\r\n\x1a'), 'ctrlz.csv');
    expect(values(workbook)).toEqual([
      ['Name', 'Amount'],
      ['A', '10'],
      ['B', '20'],
    ]);
  });

  it("reads fields quoted with ' when that makes the records alike (CleverCSV's consistency), keeps apostrophes otherwise", () => {
    const quoted = readCsv(encode("name,quote\nann,'hello, world'\nbob,'bye'\n"), 'single.csv');
    expect(quoted.quoteChar).toBe("'");
    expect(values(quoted)).toEqual([
      ['name', 'quote'],
      ['ann', 'hello, world'],
      ['bob', 'bye'],
    ]);
    const apostrophes = readCsv(encode("name,song\nO'Brien,'90s hits\nann,\"Say, what\"\n"), 'apostrophes.csv');
    expect(apostrophes.quoteChar).toBeUndefined();
    expect(values(apostrophes)).toEqual([
      ['name', 'song'],
      ["O'Brien", "'90s hits"],
      ['ann', 'Say, what'],
    ]);
  });

  it('reads mostly-UTF-8 text with a stray Windows-1252 byte without mojibake', () => {
    const utf8 = Buffer.from('Name,City\nJosé,Zürich\nRenée,Genève\n');
    const stray = Buffer.concat([utf8, Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x2c, 0x42, 0x65, 0x72, 0x6e, 0x0a])]);
    const workbook = readCsv(stray, 'mixed.csv');
    expect(values(workbook).slice(1)).toEqual([
      ['José', 'Zürich'],
      ['Renée', 'Genève'],
      ['Müller', 'Bern'],
    ]);
  });
});
