/**
 * Event-style XML reading over saxes (the XML parser exceljs streams with), with element
 * names reduced to their local part so `x:c` and `c` read alike.
 * @module extract/xml-reader
 */
import { SaxesParser } from 'saxes';

/** An opening tag: local name (prefix dropped) and attributes as written (prefixes kept). */
export interface XmlTag {
  name: string;
  attributes: Record<string, string>;
}

/** Callbacks for one parse; all optional. */
export interface XmlHandlers {
  open?(tag: XmlTag): void;
  /** Local name of the closing element. */
  close?(name: string): void;
  /** Text and CDATA, entities decoded; may arrive in several pieces. */
  text?(text: string): void;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/**
 * Parses XML text given whole or in chunks.
 * @throws Error from saxes when the XML is not well-formed
 */
export async function parseXml(source: string | AsyncIterable<string>, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser();
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open({ name: localName(tag.name), attributes: tag.attributes as Record<string, string> }));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  if (typeof source === 'string') {
    parser.write(source);
  } else {
    for await (const chunk of source) {
      parser.write(chunk);
      if (failure) break;
    }
  }
  if (!failure) parser.close();
  if (failure) throw failure;
}

/** An attribute by local name: `id` finds `r:id` or `ns2:id` as well as `id`. */
export function findAttribute(attributes: Record<string, string>, name: string): string | undefined {
  const direct = attributes[name];
  if (direct !== undefined) return direct;
  const suffix = `:${name}`;
  for (const key in attributes) if (key.endsWith(suffix)) return attributes[key];
  return undefined;
}

/** Decodes Excel's `_xHHHH_` escapes (`_x000D_` → carriage return) in stored strings. */
export function decodeExcelEscapes(text: string): string {
  return text.indexOf('_x') < 0
    ? text
    : text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
