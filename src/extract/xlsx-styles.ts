/**
 * Cell styles from `styles.xml`, reduced to what reading needs: number format, date-ness,
 * bold font, indent level and the rules (top and bottom borders) an accountant draws over a
 * total, indexed by the cell's `s` attribute.
 * @module extract/xlsx-styles
 */
import { builtInNumberFormat, isDateFormat } from './excel-dates.js';
import { parseXml } from './xml-reader.js';

/** What a cell style (`cellXfs` entry) means for reading. */
export interface CellStyle {
  /** Format code; undefined for `General`. */
  numFmt?: string;
  /** The format shows numbers as dates or times. */
  isDate: boolean;
  bold: boolean;
  /** Alignment indent level, 0 when absent. */
  indent: number;
  /** A border drawn on the cell's top edge (any line style). */
  borderTop?: boolean;
  /** A border drawn on the cell's bottom edge (any line style). */
  borderBottom?: boolean;
}

/** The style every cell without `s` (or with an unknown `s`) has. */
export const DEFAULT_STYLE: CellStyle = { isDate: false, bold: false, indent: 0 };

/** Parses `styles.xml` into styles indexed like `cellXfs`. */
export async function readCellStyles(xml: string): Promise<CellStyle[]> {
  const customFormats = new Map<number, string>();
  const fontsBold: boolean[] = [];
  const borders: { top: boolean; bottom: boolean }[] = [];
  const styles: { numFmtId: number; fontId: number; borderId: number; indent: number }[] = [];
  let section = '';
  let currentFont = -1;
  let currentBorder: { top: boolean; bottom: boolean } | null = null;
  let currentStyle: { numFmtId: number; fontId: number; borderId: number; indent: number } | null = null;

  await parseXml(xml, {
    open(tag) {
      const { name, attributes } = tag;
      switch (name) {
        case 'numFmts':
        case 'fonts':
        case 'borders':
        case 'cellXfs':
        case 'cellStyleXfs':
        case 'dxfs':
          section = name;
          break;
        case 'numFmt':
          if (section === 'numFmts') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
          break;
        case 'font':
          if (section === 'fonts') {
            fontsBold.push(false);
            currentFont = fontsBold.length - 1;
          }
          break;
        case 'b':
          if (section === 'fonts' && currentFont >= 0) {
            fontsBold[currentFont] = attributes.val !== '0' && attributes.val !== 'false';
          }
          break;
        case 'border':
          if (section === 'borders') {
            currentBorder = { top: false, bottom: false };
            borders.push(currentBorder);
          }
          break;
        case 'top':
        case 'bottom':
          if (section === 'borders' && currentBorder && attributes.style !== undefined && attributes.style !== 'none') currentBorder[name] = true;
          break;
        case 'xf':
          if (section === 'cellXfs') {
            currentStyle = { numFmtId: Number(attributes.numFmtId ?? 0), fontId: Number(attributes.fontId ?? 0), borderId: Number(attributes.borderId ?? 0), indent: 0 };
            styles.push(currentStyle);
          }
          break;
        case 'alignment':
          if (section === 'cellXfs' && currentStyle) currentStyle.indent = Number(attributes.indent ?? 0) || 0;
          break;
      }
    },
    close(name) {
      if (name === 'numFmts' || name === 'fonts' || name === 'borders' || name === 'cellXfs' || name === 'cellStyleXfs' || name === 'dxfs') {
        section = '';
      } else if (name === 'font') {
        currentFont = -1;
      } else if (name === 'border') {
        currentBorder = null;
      } else if (name === 'xf') {
        currentStyle = null;
      }
    },
  });

  return styles.map(({ numFmtId, fontId, borderId, indent }) => {
    const code = customFormats.get(numFmtId) ?? builtInNumberFormat(numFmtId);
    const style: CellStyle = { isDate: isDateFormat(code), bold: fontsBold[fontId] ?? false, indent };
    if (borders[borderId]?.top) style.borderTop = true;
    if (borders[borderId]?.bottom) style.borderBottom = true;
    if (code && !/^general$/i.test(code)) style.numFmt = code;
    return style;
  });
}
