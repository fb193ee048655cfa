/**
 * Footnotes: the text below a table that is about the table, not a row of it
 * ("Figures in EUR; margin is revenue-weighted", "* preliminary", "Quelle: ERP").
 * @module tables/notes
 */

/** Openings that mark a note: markers, "Note", "Source", "Figures in", German and French forms. */
export const NOTE_START = /^(\*|†|‡|¹|²|³|\(\d+\)|\d+\)\s|note\b|notes\b|nb\b|n\.b\.|source|sources|quelle|quellen|hinweis|anmerkung|fu(ß|ss)note|footnote|remark|figures|all figures|all amounts|amounts|values in|werte|alle |angaben|remarque|fuente|nota\b|data as of|as of|stand:|updated|last updated|prepared by)/i;

/** True when a text reads as a footnote: a note marker, or a sentence. */
export function isNoteText(text: string): boolean {
  return NOTE_START.test(text.trim()) || /[;:.]\s/.test(text) || /\.$/.test(text.trim()) || text.length > 80;
}
