import { describe, expect, it } from 'vitest';
import { conceptOf, foldText, stemWord, tokensOf } from './normalize-text.js';

const sameConcept = (a: string, b: string) => conceptOf(a) === conceptOf(b);

describe('stemWord', () => {
  it('folds plurals and verb forms to one stem', () => {
    expect(stemWord('complaints')).toBe(stemWord('complaint'));
    expect(stemWord('categories')).toBe(stemWord('category'));
    expect(stemWord('achieved')).toBe(stemWord('achievement'));
    expect(stemWord('actually')).toBe(stemWord('actual'));
    expect(stemWord('spent')).toBe(stemWord('spend'));
    expect(stemWord('came')).toBe(stemWord('come'));
  });

  it('keeps "planned" apart from "plan" and "rating" apart from "rate"', () => {
    expect(stemWord('planned')).not.toBe(stemWord('plan'));
    expect(stemWord('rating')).not.toBe(stemWord('rate'));
  });
});

describe('tokensOf', () => {
  it('folds accents and keeps codes with digits whole', () => {
    expect(foldText('Zürich São Paulo Straße')).toBe('zurich sao paulo strasse');
    // break-it finding: 'units in Lodz' did not match Łódź (ł has no Unicode decomposition)
    expect(foldText('Łódź Ørsted Đakovo Æsir Œuvre')).toBe('lodz orsted dakovo aesir oeuvre');
    expect(tokensOf('Order 000827 on 2025-03-01, code A-1043').map((t) => t.norm)).toEqual(['order', '000827', 'on', '2025-03-01', 'code', 'a-1043']);
    expect(tokensOf('Out-of-Home').map((t) => t.norm)).toEqual(['out', 'of', 'home']);
  });

  it('reads an initialism written with dots as one word, spanning its dots', () => {
    const tokens = tokensOf('charted in the U.K. and U.S.A.');
    expect(tokens.map((t) => t.norm)).toEqual(['charted', 'in', 'the', 'uk', 'and', 'usa']);
    expect(tokens[3]).toMatchObject({ start: 15, end: 19 });
    // initials with spaces, and one abbreviated word, stay as written
    expect(tokensOf('C. V. Sridhar, St. Louis').map((t) => t.norm)).toEqual(['c', 'v', 'sridhar', 'st', 'louis']);
  });
});

describe('stemWord over words that are names of every object', () => {
  // Before, "constructor" read Object.prototype.constructor: the Constructor column of a Formula One table matched nothing
  it('stems "constructor", "toString" and "valueOf" as words', () => {
    expect(stemWord('constructor')).toBe('constructor');
    expect(stemWord('constructors')).toBe('constructor');
    expect(tokensOf('toString valueOf').map((t) => t.stem)).toEqual(['tostr', 'valueof']);
  });
});

describe('conceptOf', () => {
  it('treats multilingual column words as synonyms', () => {
    expect(sameConcept(stemWord('standort'), stemWord('locations'))).toBe(true);
    expect(sameConcept(stemWord('antworten'), stemWord('responses'))).toBe(true);
    expect(sameConcept(stemWord('umsatz'), stemWord('revenue'))).toBe(true);
    expect(sameConcept(stemWord('monat'), stemWord('month'))).toBe(true);
    expect(sameConcept(stemWord('revenue'), stemWord('cost'))).toBe(false);
  });
});
