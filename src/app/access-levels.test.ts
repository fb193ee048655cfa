import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { accessLevelOf, keyLevels, parseAccessMap } from './access-levels.js';

describe('parseAccessMap', () => {
  it('reads rules separated by ; or new lines', () => {
    expect(parseAccessMap('finance/**=controlling; sales/*.xlsx = sales\nhr/=hr')).toEqual([
      { pattern: 'finance/**', level: 'controlling' },
      { pattern: 'sales/*.xlsx', level: 'sales' },
      { pattern: 'hr/', level: 'hr' },
    ]);
    expect(parseAccessMap(undefined)).toEqual([]);
  });

  it('refuses a rule without = or with a malformed level', () => {
    expect(() => parseAccessMap('finance/**')).toThrow(ConfigError);
    expect(() => parseAccessMap('finance/**=Controlling Team')).toThrow(/not an access level/);
  });
});

describe('accessLevelOf', () => {
  const rules = parseAccessMap('finance/**=controlling; sales/*.xlsx=sales; hr/=hr');

  it('gives the first matching rule, at the start or after a folder boundary', () => {
    expect(accessLevelOf(rules, 'finance/q1.xlsx')).toBe('controlling');
    expect(accessLevelOf(rules, 'finance/2024/q1.xlsx')).toBe('controlling');
    expect(accessLevelOf(rules, 'reports\\finance\\q1.xlsx')).toBe('controlling');
    expect(accessLevelOf(rules, 'sales/leads.xlsx')).toBe('sales');
    expect(accessLevelOf(rules, 'hr/people.csv')).toBe('hr');
  });

  it('gives all when nothing matches', () => {
    expect(accessLevelOf(rules, 'sales/sub/leads.xlsx')).toBe('all');
    expect(accessLevelOf(rules, 'financeteam/q1.xlsx')).toBe('all');
    expect(accessLevelOf(rules, 'orders.csv')).toBe('all');
    expect(accessLevelOf([], 'finance/q1.xlsx')).toBe('all');
  });
});

describe('keyLevels', () => {
  it('always holds all, and * means every level', () => {
    expect(keyLevels(undefined)).toEqual(['all']);
    expect(keyLevels('sales, Controlling')).toEqual(['all', 'sales', 'controlling']);
    expect(keyLevels('*')).toBeUndefined();
    expect(() => keyLevels('sales;drop')).toThrow(ConfigError);
  });
});
