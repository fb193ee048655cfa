/**
 * Small documents built in the test itself (no binary fixtures): a PDF with one text line per
 * entry on each page (or pages with no text at all, like a scan), and a DOCX with headings.
 */
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';

/**
 * A minimal valid PDF 1.4: Helvetica text, one `Tj` per line, an exact cross-reference table.
 * A page given as `[]` has an empty content stream (no text layer).
 */
export function buildPdf(pages: string[][], info: { title?: string } = {}): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pagesObject = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  const escape = (text: string) => text.replace(/[\\()]/g, (ch) => `\\${ch}`);
  for (const lines of pages) {
    const stream = lines.length > 0 ? `BT /F1 11 Tf 72 720 Td 14 TL ${lines.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET` : '';
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObject} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObject} 0 R >>`;
  objects[pagesObject - 1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const infoObject = info.title ? add(`<< /Title (${escape(info.title)}) >>`) : 0;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${infoObject ? ` /Info ${infoObject} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** One block of a DOCX: a heading (level 1–3) or a paragraph. */
export type DocxBlock = { heading: string; level?: 1 | 2 | 3 } | { text: string };

/** A DOCX built with the `docx` package: real Word styles, so headings are `Heading 1` … */
export async function buildDocx(blocks: DocxBlock[], properties: { title?: string; creator?: string } = {}): Promise<Uint8Array> {
  const levels = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
  const document = new Document({
    title: properties.title,
    creator: properties.creator ?? 'gridrag tests',
    sections: [
      {
        children: blocks.map((block) =>
          'heading' in block ? new Paragraph({ text: block.heading, heading: levels[block.level ?? 1] }) : new Paragraph({ text: block.text }),
        ),
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
