/**
 * The parts of an xlsx package that say where everything is: the workbook part, its sheets
 * (name, visibility, part path), the shared strings and styles parts, and the date system.
 * @module extract/xlsx-package
 */
import type { DeclaredTable } from './grid.js';
import { parseRangeReference } from './xlsx-sheet.js';
import { findAttribute, parseXml } from './xml-reader.js';
import type { ZipArchive } from './zip-archive.js';

/** One sheet entry of `workbook.xml`, in workbook order. */
export interface SheetPart {
  name: string;
  hidden: boolean;
  /** Zip path of the sheet part; null when the relationship is missing. */
  path: string | null;
  /** `worksheet`, `chartsheet`, `dialogsheet` … from the relationship type. */
  kind: string;
}

export interface XlsxPackage {
  sheets: SheetPart[];
  sharedStringsPath: string | null;
  stylesPath: string | null;
  date1904: boolean;
}

interface Relationship {
  target: string;
  type: string;
  external: boolean;
}

/** Reads `_rels/.rels`, the workbook part and its relationships. */
export async function readXlsxPackage(zip: ZipArchive): Promise<XlsxPackage> {
  const workbookPath = await findWorkbookPath(zip);
  const relationships = await readRelationships(zip, relationshipsPathOf(workbookPath));
  const sheets: SheetPart[] = [];
  let date1904 = false;
  await parseXml(await zip.readText(workbookPath), {
    open(tag) {
      if (tag.name === 'sheet') {
        const state = tag.attributes.state ?? 'visible';
        const relation = relationships.get(findAttribute(tag.attributes, 'id') ?? '');
        sheets.push({
          name: tag.attributes.name ?? `Sheet${sheets.length + 1}`,
          hidden: state === 'hidden' || state === 'veryHidden',
          path: relation && !relation.external ? resolvePartPath(workbookPath, relation.target) : null,
          kind: relation ? lastSegment(relation.type) : 'worksheet',
        });
      } else if (tag.name === 'workbookPr') {
        const value = tag.attributes.date1904;
        date1904 = value === '1' || value === 'true';
      }
    },
  });
  let sharedStringsPath: string | null = null;
  let stylesPath: string | null = null;
  for (const relation of relationships.values()) {
    const type = lastSegment(relation.type);
    if (type === 'sharedStrings') sharedStringsPath = resolvePartPath(workbookPath, relation.target);
    if (type === 'styles') stylesPath = resolvePartPath(workbookPath, relation.target);
  }
  const folder = workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1);
  sharedStringsPath ??= zip.has(`${folder}sharedStrings.xml`) ? `${folder}sharedStrings.xml` : null;
  stylesPath ??= zip.has(`${folder}styles.xml`) ? `${folder}styles.xml` : null;
  return { sheets, sharedStringsPath, stylesPath, date1904 };
}

/**
 * The tables a worksheet part declares through its relationships: PivotTable parts
 * (`location@ref`) and Excel table parts (`table@ref`, `headerRowCount`, `totalsRowCount`).
 * Parts that are missing or name no range are skipped: declarations are evidence, never required.
 * @throws Error from the XML parser when a part is not well-formed
 */
export async function readDeclaredTables(zip: ZipArchive, sheetPath: string): Promise<DeclaredTable[]> {
  const relationships = await readRelationships(zip, relationshipsPathOf(sheetPath));
  const declared: DeclaredTable[] = [];
  for (const relation of relationships.values()) {
    const type = lastSegment(relation.type);
    if (relation.external || (type !== 'pivotTable' && type !== 'table')) continue;
    const partPath = resolvePartPath(sheetPath, relation.target);
    if (!zip.has(partPath)) continue;
    let found: DeclaredTable | null = null;
    await parseXml(await zip.readText(partPath), {
      open(tag) {
        if (found !== null) return;
        const range = tag.attributes.ref ? parseRangeReference(tag.attributes.ref) : null;
        if (range === null) return;
        if (type === 'pivotTable' && tag.name === 'location') found = { kind: 'pivot', range };
        if (type === 'table' && tag.name === 'table') {
          const count = (value: string | undefined, fallback: number) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback);
          found = { kind: 'table', range, headerRows: count(tag.attributes.headerRowCount, 1), totalsRows: count(tag.attributes.totalsRowCount, 0) };
        }
      },
    });
    if (found !== null) declared.push(found);
  }
  return declared.sort((a, b) => a.range.top - b.range.top || a.range.left - b.range.left);
}

async function findWorkbookPath(zip: ZipArchive): Promise<string> {
  if (zip.has('_rels/.rels')) {
    const relationships = await readRelationships(zip, '_rels/.rels');
    for (const relation of relationships.values()) {
      if (lastSegment(relation.type) === 'officeDocument') {
        const path = resolvePartPath('', relation.target);
        if (zip.has(path)) return path;
      }
    }
  }
  return 'xl/workbook.xml';
}

async function readRelationships(zip: ZipArchive, path: string): Promise<Map<string, Relationship>> {
  const relationships = new Map<string, Relationship>();
  if (!zip.has(path)) return relationships;
  await parseXml(await zip.readText(path), {
    open(tag) {
      if (tag.name !== 'Relationship') return;
      relationships.set(tag.attributes.Id ?? '', {
        target: tag.attributes.Target ?? '',
        type: tag.attributes.Type ?? '',
        external: tag.attributes.TargetMode === 'External',
      });
    },
  });
  return relationships;
}

function relationshipsPathOf(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

/** Resolves a relationship target against the folder of the part that holds the relationship. */
function resolvePartPath(sourcePart: string, target: string): string {
  const segments = target.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  for (const segment of target.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

function lastSegment(type: string): string {
  return type.slice(type.lastIndexOf('/') + 1);
}
