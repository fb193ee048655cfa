import { describe, expect, it } from 'vitest';
import { FileFormatError } from '../errors.js';
import { buildDocx, buildPdf } from '../../test/helpers/build-documents.js';
import { readDocument, splitFrontMatter } from './read-document.js';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('readDocument', () => {
  it('reads a PDF page by page, with its title', async () => {
    const pdf = buildPdf([['Shipping policy', 'Orders ship within 3 working days.'], ['Returns (free) are accepted for 30 days.']], { title: 'Policies' });
    const document = await readDocument('policies.pdf', pdf);
    expect(document.format).toBe('pdf');
    expect(document.parts).toEqual([
      { page: 1, text: 'Shipping policy\nOrders ship within 3 working days.', markdown: false },
      { page: 2, text: 'Returns (free) are accepted for 30 days.', markdown: false },
    ]);
    expect(document.properties).toEqual({ title: 'Policies' });
  });

  it('drops empty pages and refuses a PDF without a text layer with a clear message', async () => {
    expect((await readDocument('a.pdf', buildPdf([[], ['Only page two has text.']]))).parts.map((part) => part.page)).toEqual([2]);
    const error = await readDocument('scan.pdf', buildPdf([[], []])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileFormatError);
    expect((error as Error).message).toMatch(/^scan\.pdf: no text layer: none of its 2 page\(s\) holds text/);
  });

  it('reads a DOCX as Markdown with its headings and core properties', async () => {
    const docx = await buildDocx(
      [{ heading: 'Travel policy' }, { heading: 'Flights', level: 2 }, { text: 'Economy class for flights under 6 hours.' }],
      { title: 'Travel', creator: 'HR team' },
    );
    const document = await readDocument('travel.docx', docx);
    expect(document.format).toBe('docx');
    expect(document.parts).toHaveLength(1);
    expect(document.parts[0].markdown).toBe(true);
    expect(document.parts[0].text).toBe('# Travel policy\n\n## Flights\n\nEconomy class for flights under 6 hours.');
    expect(document.properties).toMatchObject({ title: 'Travel', author: 'HR team' });
  });

  it('reads the readable text of HTML as Markdown, without scripts, styles or navigation', async () => {
    const html = `<html><head><title>Help &amp; FAQ</title><style>p{color:red}</style></head><body>
      <nav><a href="/">Home</a> | <a href="/shop">Shop</a></nav>
      <h1>Returns</h1><p>Items can be returned within <b>30 days</b>.</p><script>var tracking = 1;</script>
      <footer>© 2025 Shop Ltd</footer></body></html>`;
    const document = await readDocument('faq.html', utf8(html));
    expect(document.parts[0].text).toBe('# Returns\n\nItems can be returned within **30 days**.');
    expect(document.properties).toEqual({ title: 'Help & FAQ' });
  });

  it('reads Markdown front matter as properties and plain text as it is', async () => {
    const markdown = await readDocument('handbook.md', utf8('---\ndepartment: hr\nreviewed: 2025-03-01\ntags: [leave, pay]\n---\n# Leave\n\nTwenty days a year.\n'));
    expect(markdown.properties).toEqual({ department: 'hr', reviewed: '2025-03-01', tags: 'leave, pay' });
    expect(markdown.parts[0]).toEqual({ page: null, text: '# Leave\n\nTwenty days a year.\n', markdown: true });
    const text = await readDocument('notes.txt', utf8('\uFEFFLine one\r\nLine two'));
    expect(text.parts).toEqual([{ page: null, text: 'Line one\nLine two', markdown: false }]);
  });

  it('refuses empty documents and broken files, naming the file', async () => {
    await expect(readDocument('empty.md', utf8(' \n'))).rejects.toThrow(/^empty\.md: the file is empty/);
    const broken = (await readDocument('broken.docx', utf8('not a zip')).catch((error: unknown) => error)) as Error;
    expect(broken.message).toMatch(/^broken\.docx: the file is not a readable Word document \(\.docx\)/);
    expect(broken.message).not.toMatch(/zip file \?|https?:|jszip/); // the zip library's words and link are not the user's
    await expect(readDocument('broken.pdf', utf8('%PDF-1.4 garbage'))).rejects.toBeInstanceOf(FileFormatError);
  });
});

describe('splitFrontMatter', () => {
  it('leaves text without front matter, or with invalid YAML, untouched', () => {
    expect(splitFrontMatter('# Title\n---\nx: 1\n---')).toEqual({ body: '# Title\n---\nx: 1\n---', properties: {} });
    expect(splitFrontMatter('---\n: : :\n---\nbody')).toEqual({ body: '---\n: : :\n---\nbody', properties: {} });
  });
});
