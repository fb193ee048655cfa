import { describe, expect, it } from 'vitest';
import { chunkDocument, splitSections } from './chunk-document.js';

describe('splitSections', () => {
  it('gives each section its heading path and skips headings inside code fences', () => {
    const markdown = 'Intro line.\n# Policies\n## Shipping\nShips in 3 days.\n```\n# not a heading\n```\n## Returns\n30 days.\n# Contact\nMail us.';
    expect(splitSections(markdown)).toEqual([
      { headingPath: [], text: 'Intro line.' },
      { headingPath: ['Policies', 'Shipping'], text: '## Shipping\nShips in 3 days.\n```\n# not a heading\n```' },
      { headingPath: ['Policies', 'Returns'], text: '## Returns\n30 days.' },
      { headingPath: ['Contact'], text: '# Contact\nMail us.' },
    ]);
  });
});

describe('chunkDocument', () => {
  it('keeps page, heading path, file type and front matter on every chunk', async () => {
    const chunks = await chunkDocument(
      [
        { sheet: null, text: '# Handbook\n## Leave\nTwenty days a year.', markdown: true },
        { sheet: null, text: 'Page two text.', page: 2 },
      ],
      { fileType: 'md', properties: { department: 'hr', page: 99 } },
    );
    expect(chunks).toEqual([
      { index: 0, content: '## Leave\nTwenty days a year.', metadata: { department: 'hr', file_type: 'md', page: 99, heading_path: ['Handbook', 'Leave'], heading: 'Handbook › Leave' } },
      { index: 1, content: 'Page two text.', metadata: { department: 'hr', file_type: 'md', page: 2 } },
    ]);
  });

  it('splits long sections within the chunk size, with overlap, never across sections', async () => {
    const sentences = Array.from({ length: 30 }, (_, i) => `Sentence ${i} about shipping times.`);
    const text = `# A\n${sentences.join(' ')}\n# B\nShort.`;
    const chunks = await chunkDocument([{ sheet: null, text, markdown: true }], { chunkSize: 200, chunkOverlap: 40 });
    const inA = chunks.filter((chunk) => chunk.metadata.heading === 'A');
    expect(inA.length).toBeGreaterThan(4);
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(200);
    for (const sentence of sentences) expect(inA.some((chunk) => chunk.content.includes(sentence))).toBe(true);
    // Overlap: consecutive chunks share text.
    const shared = inA.slice(1).filter((chunk, i) => chunk.content.split(' ').slice(0, 3).every((word) => inA[i].content.includes(word)));
    expect(shared.length).toBeGreaterThan(0);
    expect(chunks.at(-1)).toMatchObject({ content: '# B\nShort.', metadata: { heading: 'B' } });
  });

  it('gives no chunks for blank text', async () => {
    expect(await chunkDocument([{ sheet: null, text: ' \n\n ' }])).toEqual([]);
  });
});
