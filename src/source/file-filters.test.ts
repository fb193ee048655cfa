import { describe, expect, it } from 'vitest';
import { hasSupportedExtension, isNoiseName } from './file-filters.js';

describe('isNoiseName', () => {
  it('flags lock, hidden, temporary and configuration files', () => {
    for (const name of ['~$Budget.xlsx', '.DS_Store', '.git', 'x.tmp', 'orders.csv~', 'big.csv.crdownload', 'a.xlsx.part', 'Glossary.yml']) {
      expect(isNoiseName(name), name).toBe(true);
    }
  });
  it('keeps ordinary data files, even with a tilde or dot inside the name', () => {
    for (const name of ['orders.csv', 'Q1~Q2 plan.xlsx', 'v1.2 report.xlsx', 'glossary.csv']) expect(isNoiseName(name), name).toBe(false);
  });
});

describe('hasSupportedExtension', () => {
  it('compares the extension case-insensitively', () => {
    expect(hasSupportedExtension('REPORT.XLSX', ['.xlsx'])).toBe(true);
    expect(hasSupportedExtension('notes.json', ['.xlsx', '.csv'])).toBe(false);
    expect(hasSupportedExtension('Budget', ['.xlsx'])).toBe(false);
  });
});
