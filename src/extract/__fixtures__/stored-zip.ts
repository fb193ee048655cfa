/**
 * Test builders: ZIP archives with stored (uncompressed) entries, and minimal hand-written
 * xlsx packages for XML shapes the exceljs writer never produces.
 * @module extract/__fixtures__/stored-zip
 */

/** A ZIP whose entries are stored uncompressed, in the given order. */
export function buildStoredZip(files: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Parts of a one-sheet xlsx: the `<sheetData>…` body and optional shared strings / styles XML. */
export interface HandWrittenXlsx {
  /** Inner XML of `<worksheet>`, e.g. `<sheetData>…</sheetData><mergeCells>…</mergeCells>`. */
  sheetBody: string;
  /** `<si>` elements of the shared string table. */
  sharedStrings?: string;
  /** Inner XML of `<styleSheet>`. */
  styles?: string;
  /** Attributes of `<workbookPr>`, e.g. `date1904="1"`. */
  workbookProperties?: string;
}

/** A minimal xlsx package (no `_rels/.rels`, like some generators write) around hand-written XML. */
export function buildHandWrittenXlsx(parts: HandWrittenXlsx): Uint8Array {
  const relationships = [
    `<Relationship Id="rId1" Type="${RELATIONSHIP}/worksheet" Target="worksheets/sheet1.xml"/>`,
    parts.sharedStrings !== undefined ? `<Relationship Id="rId2" Type="${RELATIONSHIP}/sharedStrings" Target="sharedStrings.xml"/>` : '',
    parts.styles !== undefined ? `<Relationship Id="rId3" Type="${RELATIONSHIP}/styles" Target="styles.xml"/>` : '',
  ].join('');
  const files: Record<string, string> = {
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIP}"><workbookPr ${parts.workbookProperties ?? ''}/><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIP}">${parts.sheetBody}</worksheet>`,
  };
  if (parts.sharedStrings !== undefined) files['xl/sharedStrings.xml'] = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">${parts.sharedStrings}</sst>`;
  if (parts.styles !== undefined) files['xl/styles.xml'] = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}">${parts.styles}</styleSheet>`;
  return buildStoredZip(files);
}
