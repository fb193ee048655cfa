import { describe, expect, it } from 'vitest';
import { namedTableData, routeQuestion, rowSimilaritySubject, splitAsks } from './route-question.js';
import type { CatalogColumn, CatalogTable } from '../store/catalog-types.js';

const BOTH = { hasTables: true, hasDocuments: true };

describe('routeQuestion', () => {
  it.each([
    ['total orders by country', 'sql'],
    ['How many complaints were there in March?', 'sql'],
    ['Which location had the most complaints?', 'sql'],
    ['top 5 customers by revenue', 'sql'],
    ['How long does shipping take?', 'documents'],
    ['What is our refund policy for damaged goods?', 'documents'],
    ['Can I book business class for a 7 hour flight?', 'documents'],
    ['Summarise the Q3 board meeting notes', 'documents'],
    ['customers with a profile similar to ACME', 'documents'],
    ['Summarise Q3 and say which cost lines grew fastest', 'both'],
    ['What is the total revenue, and what does the pricing policy say about discounts?', 'both'],
  ])('routes "%s" to %s', (question, route) => {
    expect(routeQuestion(question, BOTH).route).toBe(route);
  });

  it('decides a question without cues by whether the planner mapped it', () => {
    expect(routeQuestion('Gdańsk Q3 2024 net revenue', { ...BOTH, plannerMapped: true })).toMatchObject({ route: 'sql', reason: 'no cue; the planner mapped it to a table' });
    expect(routeQuestion('the onboarding checklist for interns', BOTH).route).toBe('documents');
  });

  it('gives way to the side that has something stored', () => {
    expect(routeQuestion('How long does shipping take?', { hasTables: true, hasDocuments: false })).toMatchObject({ route: 'sql', reason: expect.stringMatching(/no documents are stored$/) });
    expect(routeQuestion('total orders by country', { hasTables: false, hasDocuments: true })).toMatchObject({ route: 'documents', reason: expect.stringMatching(/no tables are stored$/) });
  });

  it('splits a mixed question into its two asks', () => {
    expect(routeQuestion('What is the total amount, and what does the shipping policy say?', BOTH).parts).toEqual({
      sql: 'What is the total amount',
      documents: 'what does the shipping policy say?',
    });
  });
});

describe('rowSimilaritySubject', () => {
  it.each([
    ['Which customers have a profile like Müller GmbH?', 'Müller GmbH'],
    ['branches similar to Gdańsk', 'Gdańsk'],
    ['Find products most like "Widget Pro".', 'Widget Pro'],
    ['customers like the one in Kraków', 'Kraków'],
    ['Which orders resemble order 1004?', 'order 1004'],
  ])('reads the subject of "%s"', (question, subject) => {
    expect(rowSimilaritySubject(question)).toBe(subject);
  });

  it('is null for questions that only use the word like', () => {
    expect(rowSimilaritySubject('What would you like to know about shipping?')).toBeNull();
    expect(rowSimilaritySubject('total orders by country')).toBeNull();
  });
});

describe('routeQuestion over rows', () => {
  it('sends similarity over rows to the row search when rows are stored, even with a number word', () => {
    expect(routeQuestion('Which products are most like Widget Pro?', { ...BOTH, hasRows: true })).toMatchObject({ route: 'documents', rows: { subject: 'Widget Pro' } });
    expect(routeQuestion('customers with a profile like ACME', { hasTables: true, hasDocuments: false, hasRows: true })).toMatchObject({ route: 'documents', rows: { subject: 'ACME' } });
  });

  it('routes as before without row chunks', () => {
    expect(routeQuestion('customers with a profile similar to ACME', BOTH).rows).toBeUndefined();
    expect(routeQuestion('Which products are most like Widget Pro?', { hasTables: true, hasDocuments: false }).route).toBe('sql');
  });
});

describe('splitAsks', () => {
  it('keeps the whole question on both sides when a side has no cue of its own', () => {
    expect(splitAsks('total and also the rest')).toEqual({ sql: 'total and also the rest', documents: 'total and also the rest' });
    expect(splitAsks('explain the policy; list the 3 highest costs')).toEqual({ sql: 'list the 3 highest costs', documents: 'explain the policy' });
  });
});

type Named = Parameters<typeof namedTableData>[1][number];
const column = (name: string, concept: CatalogColumn['concept']) => ({ name, concept }) as CatalogColumn;
const CATALOG: Named[] = [
  { sqlName: 'regional_sales_sales_dach', file: 'regional_sales.xlsx', sheet: 'Sales', hidden: false, kind: 'table', columns: [column('Branch', 'dimension'), column('Month', 'date'), column('Net Revenue [EUR]', 'measure')] },
  { sqlName: 'orders', file: 'orders.csv', sheet: null, hidden: false, kind: 'table', columns: [column('Order', 'measure'), column('Country', 'dimension'), column('Amount', 'measure')] },
  { sqlName: 'secret', file: 'secret.csv', sheet: null, hidden: true, kind: 'table', columns: [column('Payroll', 'measure')] } as Named & Partial<CatalogTable>,
];

describe('namedTableData', () => {
  it('finds measure columns by their words, units in brackets dropped, accents and plurals ignored', () => {
    expect(namedTableData('What was the net revenue of Wien in April 2025?', CATALOG)).toEqual([{ words: 'net revenue', table: 'regional_sales_sales_dach', kind: 'measure' }]);
    expect(namedTableData('What is the median order amount?', CATALOG)).toEqual([
      { words: 'order', table: 'orders', kind: 'table' },
      { words: 'amount', table: 'orders', kind: 'measure' },
    ]);
  });

  it('takes a column named like its table for the table, and skips hidden tables and partial names', () => {
    expect(namedTableData('Who pays customs duties for orders outside the EU?', CATALOG)).toEqual([{ words: 'order', table: 'orders', kind: 'table' }]);
    expect(namedTableData('What is the payroll?', CATALOG)).toEqual([]);
    expect(namedTableData('Is revenue recognised net of returns?', CATALOG)).toEqual([]); // "net revenue" is not there as a phrase
  });
});

describe('routeQuestion with table data named', () => {
  const route = (question: string, plannerMapped = false) => routeQuestion(question, { ...BOTH, plannerMapped, tableData: namedTableData(question, CATALOG) });

  it('sends a question naming a measure to SQL even when the planner declined it', () => {
    expect(route('What was the net revenue of Wien in April 2025?')).toMatchObject({ route: 'sql', reason: expect.stringMatching(/names a measure \(net revenue \(regional_sales_sales_dach\)\)/), tableData: [{ words: 'net revenue' }] });
    expect(route('Net revenue of Paris in January 2025')).toMatchObject({ route: 'sql' });
  });

  it('carries the table data on a number question so the decline answers it', () => {
    expect(route('What was the biggest order in Germany?')).toMatchObject({ route: 'sql', tableData: [{ words: 'order', kind: 'table' }] });
    expect(route('What is the median order amount?')).toMatchObject({ route: 'sql', tableData: expect.arrayContaining([{ words: 'amount', table: 'orders', kind: 'measure' }]) });
  });

  it('keeps policy questions on the documents: a table name alone does not route, passage cues still win', () => {
    expect(route('Who pays customs duties for orders outside the EU?')).toMatchObject({ route: 'documents', reason: 'no cue and no table mapped' });
    expect(route('What does the policy say about the order amount?').route).toBe('documents');
    expect(route('How many vacation days do employees get per year?').tableData).toBeUndefined();
  });
});

describe('routeQuestion: a one-word measure name is not a number cue (reviewer finding)', () => {
  const route = (question: string) => routeQuestion(question, { ...BOTH, plannerMapped: false, tableData: namedTableData(question, CATALOG) });

  it('keeps a cue-less question naming only a one-word measure ("amount") on the documents', () => {
    expect(namedTableData('What amount is refunded for damaged goods?', CATALOG)).toContainEqual({ words: 'amount', table: 'orders', kind: 'measure' });
    expect(route('What amount is refunded for damaged goods?')).toMatchObject({ route: 'documents', reason: 'no cue and no table mapped' });
  });

  it('still routes a cue-less question naming a measure of two words to SQL', () => {
    expect(route('Net revenue of Paris in January 2025')).toMatchObject({ route: 'sql' });
  });
});
