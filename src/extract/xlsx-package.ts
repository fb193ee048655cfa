/**
 * The parts of an xlsx package that say where everything is: the workbook part, its sheets
 * (name, visibility, part path), the shared strings and styles parts, and the date system.
 * @module extract/xlsx-package
 */
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
