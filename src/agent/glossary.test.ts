import { describe, expect, it } from 'vitest';
import { FileFormatError } from '../errors.js';
import type { CatalogColumn } from '../store/catalog-types.js';
import { parseGlossary, resolveTermFilter } from './glossary.js';

const column = (name: string, sqlName: string): CatalogColumn => ({
  name, sqlName, sourceColumn: 0, type: 'text', concept: 'dimension', aggregation: 'none', profile: { distinctCount: 0, nullCount: 0 },
});
const table = { columns: [column('Rating', 'rating'), column('Net Revenue [EUR]', 'net_revenue_eur'), column('Status', 'status'), column('Closed At', 'closed_at')] };

describe('parseGlossary', () => {
  it('reads terms with where, column and description', () => {
    const terms = parseGlossary(
      'terms:\n  complaint:\n    description: a feedback entry with a rating of 2 or less\n    where: "Rating <= 2"\n  revenue:\n    column: "Net Revenue [EUR]"\n',
      'glossary.yml',
    );
    expect(terms).toEqual([
      { term: 'complaint', description: 'a feedback entry with a rating of 2 or less', where: 'Rating <= 2' },
      { term: 'revenue', column: 'Net Revenue [EUR]' },
    ]);
  });

  it('names the file when the YAML is malformed', () => {
    expect(() => parseGlossary('terms: [unclosed', 'team/glossary.yml')).toThrow(FileFormatError);
    expect(() => parseGlossary('terms: [unclosed', 'team/glossary.yml')).toThrow(/team\/glossary\.yml/);
  });

  it('says what is wrong with malformed YAML on one line, with the line number', () => {
    const message = (() => {
      try {
        parseGlossary('terms:\n  - a: [\n', 'glossary.yml');
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/^glossary\.yml: glossary is not valid YAML: .*line \d+, column \d+$/);
    expect(message).not.toContain('\n');
  });

  it('names the term with an unknown key', () => {
    expect(() => parseGlossary('terms:\n  churn:\n    wher: "Status = 1"\n', 'g.yml')).toThrow(/g\.yml.*churn/);
  });

  it('names the term whose where cannot be parsed', () => {
    expect(() => parseGlossary('terms:\n  late:\n    where: "Status = = 2"\n', 'g.yml')).toThrow(/g\.yml: glossary term 'late': cannot read where/);
  });

  it('rejects a document without terms', () => {
    expect(() => parseGlossary('words: {}\n', 'g.yml')).toThrow(/g\.yml/);
  });
});

describe('resolveTermFilter', () => {
  it('maps display names to quoted sqlNames', () => {
    expect(resolveTermFilter({ term: 'complaint', where: 'Rating <= 2' }, table)).toBe('"rating" <= 2');
    expect(resolveTermFilter({ term: 'big', where: '"Net Revenue [EUR]" > 1000.5' }, table)).toBe('"net_revenue_eur" > 1000.5');
  });

  it('keeps AND, OR, IN, NOT, BETWEEN and IS NULL', () => {
    expect(resolveTermFilter({ term: 'open', where: "Status IN ('New', 'Open') AND Closed At IS NULL" }, table)).toBe(
      `"status" IN ('New', 'Open') AND "closed_at" IS NULL`,
    );
    expect(resolveTermFilter({ term: 'x', where: "rating between 1 and 2 or not status = 'O''Neil'" }, table)).toBe(
      `("rating" BETWEEN 1 AND 2) OR (NOT ("status" = 'O''Neil'))`,
    );
  });

  it('is undefined when the table lacks a column or the text is not a simple condition', () => {
    expect(resolveTermFilter({ term: 'x', where: 'Score <= 2' }, table)).toBeUndefined();
    expect(resolveTermFilter({ term: 'x', where: 'Rating <= 2; drop table x' }, table)).toBeUndefined();
    expect(resolveTermFilter({ term: 'x', where: 'pg_sleep(10) = 1' }, table)).toBeUndefined();
    expect(resolveTermFilter({ term: 'x', column: 'Rating' }, table)).toBeUndefined();
  });
});
