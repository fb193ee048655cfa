import { describe, expect, it } from 'vitest';
import { routeQuestion, rowSimilaritySubject, splitAsks } from './route-question.js';

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
