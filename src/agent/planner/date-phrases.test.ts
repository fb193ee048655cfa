import { describe, expect, it } from 'vitest';
import { findDatePhrases, resolvePartial } from './date-phrases.js';
import { foldText } from './normalize-text.js';

const today = new Date('2025-05-20T12:00:00Z');
const find = (text: string) => findDatePhrases(foldText(text), today).map(({ kind, from, to, partial }) => ({ kind, from, to, partial }));

describe('findDatePhrases', () => {
  it('reads a month and year in several spellings', () => {
    for (const text of ['in February 2025', 'in Feb 2025', 'for 2025-02', 'im Februar 2025', 'during feb. 2025']) {
      expect(find(text), text).toEqual([{ kind: 'month', from: '2025-02-01', to: '2025-03-01', partial: undefined }]);
    }
  });

  it('reads quarters, including "last quarter of 2024"', () => {
    expect(find('in Q3 2024')[0]).toMatchObject({ from: '2024-07-01', to: '2024-10-01' });
    expect(find('2025 Q1')[0]).toMatchObject({ from: '2025-01-01', to: '2025-04-01' });
    expect(find('in the last quarter of 2024')[0]).toMatchObject({ from: '2024-10-01', to: '2025-01-01' });
    expect(find('third quarter of 2023')[0]).toMatchObject({ from: '2023-07-01', to: '2023-10-01' });
  });

  it('reads a day written with an ordinal and a year as one date ("december 1st, 1965", "the 4th of october, 1965")', () => {
    expect(find('aired before december 1st, 1965')).toEqual([{ kind: 'range', from: undefined, to: '1965-12-01', partial: undefined }]);
    expect(find('aired on the 4th of october, 1965')[0]).toMatchObject({ from: '1965-10-04', to: '1965-10-05' });
    expect(find('after november 15th')[0]).toMatchObject({ kind: 'range', partial: { fromDay: [11, 16] } });
  });

  it('reads years before 1900 after a word that makes them years, never a bare number', () => {
    expect(find('established before 1898')).toEqual([{ kind: 'range', from: undefined, to: '1898-01-01', partial: undefined }]);
    expect(find('born after the year 1600')[0]).toMatchObject({ kind: 'range', from: '1601-01-01' });
    expect(find('between 1880 and 1910')[0]).toMatchObject({ from: '1880-01-01', to: '1911-01-01' });
    expect(find('founded in 1882')[0]).toMatchObject({ kind: 'year', from: '1882-01-01', to: '1883-01-01' });
    expect(find('scored 1500 points')).toEqual([]);
    expect(find('won in 1500 m')).toEqual([]);
    expect(find('scored 1500 to 1800 points')).toEqual([]);
  });

  it('reads halves and years', () => {
    expect(find('H1 2024')[0]).toMatchObject({ from: '2024-01-01', to: '2024-07-01' });
    expect(find('the first half of 2025')[0]).toMatchObject({ from: '2025-01-01', to: '2025-07-01' });
    expect(find('for the full year 2024')[0]).toMatchObject({ kind: 'year', from: '2024-01-01', to: '2025-01-01' });
    expect(find('FY24')[0]).toMatchObject({ kind: 'year', from: '2024-01-01' });
  });

  it('reads a decade as its ten years, and leaves "the 1900s" unread (the decade or the century)', () => {
    expect(find('floods in the 1990s')).toEqual([{ kind: 'range', from: '1990-01-01', to: '2000-01-01', partial: undefined }]);
    expect(find("founded in the 1960's")[0]).toMatchObject({ from: '1960-01-01', to: '1970-01-01' });
    const century = findDatePhrases(foldText("the number of floods in the 1900's"), today);
    expect(century).toHaveLength(1);
    expect(century[0].unreadable).toMatch(/century/);
  });

  it('reads explicit ranges with an exclusive end', () => {
    expect(find('between 2025-01-01 and 2025-03-31')).toEqual([{ kind: 'range', from: '2025-01-01', to: '2025-04-01', partial: undefined }]);
    expect(find('from January to March 2025')[0]).toMatchObject({ from: '2025-01-01', to: '2025-04-01' });
    expect(find('since 1 Mar 2025')[0]).toMatchObject({ from: '2025-03-01', to: undefined });
  });

  it('keeps the year itself in "in or after 1985", "1985 or later", "from 1979 on" and "up to 1985"', () => {
    expect(find('released in or after 1985')[0]).toMatchObject({ from: '1985-01-01', to: undefined });
    expect(find('released on or before 1985')[0]).toMatchObject({ from: undefined, to: '1986-01-01' });
    expect(find('albums from 1985 or later')[0]).toMatchObject({ from: '1985-01-01', to: undefined });
    expect(find('1990 or earlier')[0]).toMatchObject({ from: undefined, to: '1991-01-01' });
    expect(find('singles from 1979 on')[0]).toMatchObject({ from: '1979-01-01', to: undefined });
    expect(find('singles from 1979 onwards')[0]).toMatchObject({ from: '1979-01-01', to: undefined });
    expect(find('albums released up to 1985')[0]).toMatchObject({ from: undefined, to: '1986-01-01' });
    // … but "in 1977 on Epic" is a year and a label, and "by 2010" (up to it, or as of it) is not read
    expect(find('the album released in 1977 on epic')[0]).toMatchObject({ kind: 'year', from: '1977-01-01', to: '1978-01-01' });
    const [by] = findDatePhrases(foldText('the population by 2010'), today);
    expect(by.unreadable).toMatch(/up to 2010 or the state as of 2010/);
    expect(find('revenue by 2012 dollars')[0]).toMatchObject({ kind: 'year', from: '2012-01-01' });
    // "the year after 1995" is one year next to 1995, never every year after it
    const [next] = findDatePhrases(foldText('the prize money in the year after 1995'), today);
    expect(next.unreadable).toMatch(/one year next to 1995/);
    expect(findDatePhrases(foldText('the season before 2001'), today)[0].unreadable).toMatch(/one year next to 2001/);
    expect(find('every year after 1995')[0]).toMatchObject({ from: '1996-01-01', to: undefined });
  });

  it('resolves relative phrases against today', () => {
    expect(find('last month')[0]).toMatchObject({ from: '2025-04-01', to: '2025-05-01' });
    expect(find('last quarter')[0]).toMatchObject({ from: '2025-01-01', to: '2025-04-01' });
    expect(find('this year')[0]).toMatchObject({ from: '2025-01-01', to: '2026-01-01' });
  });

  it('keeps a phrase without a year partial', () => {
    const [phrase] = findDatePhrases(foldText('which channel won in Q2?'), today);
    expect(phrase.partial).toEqual({ quarter: 2 });
    expect(resolvePartial(phrase, 2025)).toEqual({ from: '2025-04-01', to: '2025-07-01' });
  });

  it('does not read modal "may", codes or ambiguous slash dates as dates', () => {
    expect(find('what may the revenue be')).toEqual([]);
    expect(find('orders to ZIP 04027')).toEqual([]);
    expect(findDatePhrases(foldText('on 03/04/2025'), today)).toMatchObject([{ kind: 'day', unreadable: expect.stringMatching(/day-first or month-first/) }]);
    expect(find('on 13/04/2025')[0]).toMatchObject({ kind: 'day', from: '2025-04-13', to: '2025-04-14' });
  });
});

describe('findDatePhrases: days and months with no year', () => {
  // Before, "after november 15th" was no date phrase: its words were unmapped and the question declined.
  it('reads "after november 15th", "before march 3", "since the 4th of july" and "on may 5" as days of an unnamed year', () => {
    expect(find('how many took place after november 15th?')).toEqual([{ kind: 'range', from: undefined, to: undefined, partial: { fromDay: [11, 16] } }]);
    expect(find('before march 3')[0].partial).toEqual({ toDay: [3, 3] });
    expect(find('since the 4th of july')[0].partial).toEqual({ fromDay: [7, 4] });
    expect(find('until 31 december')[0].partial).toEqual({ toDay: [13, 1] });
    expect(find('on may 5')[0]).toMatchObject({ kind: 'day', partial: { fromDay: [5, 5], toDay: [5, 6] } });
  });

  it('reads "between june and august" as whole months of an unnamed year, and resolves it with a year', () => {
    const [phrase] = findDatePhrases(foldText('between june and august'), today);
    expect(phrase.partial).toEqual({ fromDay: [6, 1], toDay: [9, 1] });
    expect(resolvePartial(phrase, 2007)).toEqual({ from: '2007-06-01', to: '2007-09-01' });
    const [after] = findDatePhrases(foldText('after november 15th'), today);
    expect(resolvePartial(after, 2007)).toEqual({ from: '2007-11-16', to: '2008-01-01' });
  });

  it('leaves a day with a year to the full date readers', () => {
    expect(find('on september 20, 2008')[0]).toMatchObject({ kind: 'day', from: '2008-09-20', partial: undefined });
    expect(find('on 10 september 2005')[0]).toMatchObject({ kind: 'day', from: '2005-09-10', partial: undefined });
    expect(find('since 1 Mar 2025')[0]).toMatchObject({ from: '2025-03-01', partial: undefined });
    expect(find('from January to March 2025')[0]).toMatchObject({ from: '2025-01-01', to: '2025-04-01', partial: undefined });
  });
});
