import { describe, expect, it } from 'vitest';
import { hasSupportedExtension, isConfigurationName, isNoiseName } from './file-filters.js';

describe('isNoiseName', () => {
  it('flags lock, hidden, temporary and partial files and dependency folders', () => {
    for (const name of ['~$Budget.xlsx', '.DS_Store', '.git', 'x.tmp', 'x.TEMP', 'orders.csv~', 'big.csv.crdownload', 'a.xlsx.part', 'b.csv.partial', 'c.csv.download', '.a.csv.swp', 'node_modules']) {
      expect(isNoiseName(name), name).toBe(true);
    }
  });
  it('keeps ordinary data files, even with a tilde or dot inside the name', () => {
    for (const name of ['orders.csv', 'Q1~Q2 plan.xlsx', 'v1.2 report.xlsx', 'glossary.csv']) expect(isNoiseName(name), name).toBe(false);
  });
});

describe('isConfigurationName', () => {
  it('recognises the glossary under either extension and any case, and nothing else', () => {
    for (const name of ['glossary.yml', 'Glossary.YAML']) expect(isConfigurationName(name), name).toBe(true);
    for (const name of ['glossary.csv', 'my-glossary.yml', 'glossary.yml.bak']) expect(isConfigurationName(name), name).toBe(false);
  });
});

describe('hasSupportedExtension', () => {
  it('compares the extension case-insensitively', () => {
    expect(hasSupportedExtension('REPORT.XLSX', ['.xlsx'])).toBe(true);
    expect(hasSupportedExtension('notes.json', ['.xlsx', '.csv'])).toBe(false);
    expect(hasSupportedExtension('Budget', ['.xlsx'])).toBe(false);
  });
});
