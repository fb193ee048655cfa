import { it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import Papa from 'papaparse';
import { catalogTable } from './__fixtures__/test-catalog.js';
import { scoreColumnsOf, outcomeRecordOf } from './score-columns.js';
it('scan', () => {
  const dir = '/work/shared/corpus/qa/wtq/tables';
  for (const f of readdirSync(dir)) {
    const rows = (Papa.parse(readFileSync(`${dir}/${f}`, 'utf8')).data as string[][]).filter((r) => r.length > 1);
    const [head, ...body] = rows;
    const spec = { sqlName: 't', file: f, columns: head.map((h) => ({ name: h, type: 'text' as const })), rows: body.map((r) => head.map((_, i) => (r[i] === '' || r[i] === undefined ? null : r[i]))) };
    const s = scoreColumnsOf(catalogTable(spec));
    const o = outcomeRecordOf(catalogTable(spec));
    const scoreish = head.filter((h) => /result|score/i.test(h));
    if (s || o || scoreish.length) console.log('SCAN', f, head.join('|'), '=>', s ? `${s.source.name}: ${s.convention}` : o ? `record ${o.outcome.name}` : 'none');
  }
});
