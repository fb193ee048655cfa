import { describe, expect, it } from 'vitest';
import { readCsv } from '../extract/index.js';
import { readTables } from './read-tables.js';

function warningsOf(text: string): string[] {
  return readTables(readCsv(Buffer.from(text), 'test.csv')).warnings;
}

describe('tableWarnings', () => {
  it('tells the reader when text dates were read day-first with nothing to show the order', () => {
    const warnings = warningsOf('Date,Amount\n01/02/2024,10\n03/04/2024,20\n05/06/2024,30\n');
    const dates = warnings.filter((warning) => warning.includes('day-first'));
    expect(dates).toHaveLength(1);
    expect(dates[0]).toContain('column "Date"');
    expect(dates[0]).toContain('01/02/2024 is 1 February 2024');
  });

  it('says nothing of the order when a value shows it', () => {
    expect(warningsOf('Date,Amount\n01/02/2024,10\n13/04/2024,20\n').some((warning) => warning.includes('day-first'))).toBe(false);
    expect(warningsOf('Date,Amount\n01/02/2024,10\n04/13/2024,20\n').some((warning) => warning.includes('day-first'))).toBe(false);
    expect(warningsOf('Date,Amount\n2024-02-01,10\n2024-04-03,20\n').some((warning) => warning.includes('day-first'))).toBe(false);
  });
});
