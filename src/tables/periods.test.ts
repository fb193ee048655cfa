import { describe, expect, it } from 'vitest';
import { periodOf } from './periods.js';

describe('periodOf', () => {
  it.each(['Jan', 'Feb', 'Dec', 'January', 'Januar', 'Mär', 'Mrz', 'janv.', 'Q1', 'Q4 2025', '2025 Q3', 'H1', '2025-01', '01/2025', 'Jan 2025', "Jan-25", 'FY 2024', 'FY24', '2023', '2024/25'])(
    'reads %s as a period',
    (name) => {
      expect(periodOf(name)).toBe(name.trim());
    },
  );

  it.each(['Channel', 'Revenue', 'Q5', '12', 'Orders 2024 total', 'Product A', 'Year'])('does not read %s as a period', (name) => {
    expect(periodOf(name)).toBeUndefined();
  });
});
