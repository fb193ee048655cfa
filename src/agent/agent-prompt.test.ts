import { describe, expect, it } from 'vitest';
import { buildAgentSystemPrompt } from './agent-prompt.js';

describe('buildAgentSystemPrompt', () => {
  it('teaches discovery order, read-only SQL, the aggregation rules and honesty', () => {
    const prompt = buildAgentSystemPrompt();
    expect(prompt).toMatch(/list_tables[\s\S]*describe_table[\s\S]*run_sql/);
    expect(prompt).toMatch(/ONE read-only PostgreSQL SELECT/);
    expect(prompt).toMatch(/already excluded/);
    expect(prompt).toMatch(/weighted_avg: never average it plainly.*weightBy/);
    expect(prompt).toMatch(/Never add potential, planned and achieved/);
    expect(prompt).toMatch(/percent points/);
    expect(prompt).toMatch(/Never guess/);
    expect(prompt).not.toMatch(/Glossary/);
  });

  it('lists glossary terms with their meaning, filter and column', () => {
    const prompt = buildAgentSystemPrompt([
      { term: 'complaint', description: 'a low rating', where: 'Rating <= 2' },
      { term: 'revenue', column: 'Net Revenue [EUR]' },
      { term: 'churn' },
    ]);
    expect(prompt).toContain('- "complaint": a low rating; rows where Rating <= 2');
    expect(prompt).toContain('- "revenue": the column "Net Revenue [EUR]"');
    expect(prompt).toContain('- "churn": no definition given');
  });
});
