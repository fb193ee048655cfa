import { describe, expect, it } from 'vitest';
import type { AskResult } from '../app/index.js';
import { answerMessage, escapeMrkdwn, TABLE_ROW_CAP, webLink } from './answer-blocks.js';

function answer(rows: number, extra: Partial<AskResult> = {}): AskResult {
  return {
    question: 'amount by <city>?',
    answer: 'Cities by amount\nSource: a.csv › A1:B30 (verified)\nSQL: SELECT 1',
    mode: 'sql',
    value: null,
    columns: ['city', 'amount'],
    rows: Array.from({ length: rows }, (_, index) => ({ city: `C&${index}`, amount: index * 10 })),
    rowCount: rows,
    truncated: false,
    sql: 'SELECT city, sum(amount) FROM t GROUP BY 1',
    sources: [{ file: 'a.csv', path: 'sales/a.csv', sheet: null, range: 'A1:B30', table: 't', outcome: 'verified', version: 1, contentHash: 'x', modifiedAt: null }],
    outcome: 'verified',
    ...extra,
  };
}

describe('answerMessage', () => {
  it('caps the table at TABLE_ROW_CAP rows and counts the rest', () => {
    const message = answerMessage(answer(TABLE_ROW_CAP + 5));
    const table = (message.blocks[1] as { text: { text: string } }).text.text;
    expect(table).toContain('C&amp;9 ');
    expect(table).not.toContain('C&amp;10 ');
    expect(table).toMatch(/_and 5 more_$/);
    expect(JSON.stringify(message.blocks)).toContain('sales/a.csv › A1:B30 (verified)');
    expect(message.text).toBe('Cities by amount (source: sales/a.csv › A1:B30 (verified))');
  });

  it('counts rows the query left out too, and shows no table for one row', () => {
    const truncated = answerMessage(answer(12, { rowCount: 40, truncated: true }));
    expect((truncated.blocks[1] as { text: { text: string } }).text.text).toMatch(/_and 30 more_$/);
    expect(answerMessage(answer(1)).blocks.map((block) => block.type)).toEqual(['section', 'context', 'context']);
  });

  it('shows a decline as a decline, with no number, sources or SQL', () => {
    const declined = answerMessage(answer(0, { mode: 'none', answer: 'I cannot answer that from the data: could not map "x".', sql: null, sources: [] }));
    expect(declined.blocks).toHaveLength(1);
    expect(declined.text).toBe('I cannot answer that from the data: could not map "x".');
  });

  it('escapes the plain-text fallback like the blocks, so a cell value cannot ping a channel from a notification', () => {
    const pinging = answerMessage(answer(1, { answer: '<!channel> & <@U1> had the most\nSource: a.csv › A1:B30 (verified)', sources: [{ ...answer(1).sources[0], path: 'x<!here>.csv' }] }));
    expect(pinging.text).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt; had the most (source: x&lt;!here&gt;.csv › A1:B30 (verified))');
    const declined = answerMessage(answer(0, { mode: 'none', answer: 'I cannot answer that from the data: could not map "<!everyone>".', sql: null, sources: [] }));
    expect(declined.text).toBe('I cannot answer that from the data: could not map "&lt;!everyone&gt;".');
    for (const message of [pinging, declined]) expect(message.text).not.toMatch(/[<>]/);
  });

  it('links to the web page with the question escaped', () => {
    expect(webLink('https://g.example.com/', 'a b?')).toBe('https://g.example.com/?q=a%20b%3F');
    expect(webLink(undefined, 'a')).toBeUndefined();
    // Under a path prefix (a reverse proxy), and with the characters Slack's <url|label> syntax needs escaped.
    expect(webLink('https://g.example.com/gridrag', 'sales | <all> & more')).toBe('https://g.example.com/gridrag/?q=sales%20%7C%20%3Call%3E%20%26%20more');
    expect(new URL(webLink('https://g.example.com', 'Umsatz für März?') as string).searchParams.get('q')).toBe('Umsatz für März?');
    expect(escapeMrkdwn('<@U1> & <!here>')).toBe('&lt;@U1&gt; &amp; &lt;!here&gt;');
  });
});
