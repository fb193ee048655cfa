/**
 * Column names that are periods: months (Jan, Januar, janv.), quarters (Q1, Q1 2025),
 * halves (H1), year-months (2025-01, Jan 2025) and years (2023, FY 2024, FY24).
 * @module tables/periods
 */

const MONTHS = [
  'jan', 'january', 'januar', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'styczen', 'sty', 'tammikuu', 'jänner', 'jaenner',
  'feb', 'february', 'februar', 'fevrier', 'fevr', 'fev', 'febrero', 'febbraio', 'februari', 'luty', 'lut',
  'mar', 'march', 'marz', 'maerz', 'mrz', 'mars', 'marzo', 'maart', 'marzec', 'mär',
  'apr', 'april', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwiecien', 'kwi',
  'may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maj',
  'jun', 'june', 'juni', 'juin', 'junio', 'giugno', 'giu', 'czerwiec', 'cze',
  'jul', 'july', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'lipiec', 'lip',
  'aug', 'august', 'aout', 'agosto', 'ago', 'augustus', 'sierpien', 'sie',
  'sep', 'sept', 'september', 'septembre', 'septiembre', 'settembre', 'set', 'wrzesien', 'wrz',
  'oct', 'october', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'pazdziernik', 'paz',
  'nov', 'november', 'novembre', 'noviembre', 'listopad', 'lis',
  'dec', 'december', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre', 'grudzien', 'gru',
];

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .trim();
}

/**
 * The period a column name stands for, or undefined. Returns the name as written (trimmed),
 * since that is what people ask for: `Jan`, `Q1`, `2025-01`, `FY 2024`.
 */
export function periodOf(name: string): string | undefined {
  const text = name.trim();
  const folded = fold(text).replace(/\.$/, '');
  if (folded === '') return undefined;
  const year = "(?:'?\\d{2}|\\d{4})";
  const monthMatch = new RegExp(`^([a-z]+)\\.?(?:[\\s\\-/]*${year})?$`).exec(folded);
  if (monthMatch !== null && MONTHS.includes(monthMatch[1])) return text;
  if (new RegExp(`^(q[1-4]|[1-4]q|h[1-2]|[1-4]\\.?\\s?(quartal|quarter|qtr))(?:[\\s\\-/]*(fy\\s?)?${year})?$`).test(folded)) return text;
  if (new RegExp(`^(fy\\s?)?\\d{4}[\\s\\-/]*(q[1-4]|h[1-2])$`).test(folded)) return text;
  if (/^(19|20)\d{2}[-/.](0?[1-9]|1[0-2])$/.test(folded) || /^(0?[1-9]|1[0-2])[-/.](19|20)\d{2}$/.test(folded)) return text;
  if (/^(19|20)\d{2}-\d{2}-\d{2}$/.test(folded)) return text;
  if (/^(fy|gj|cy|ytd)?\s?'?((19|20)\d{2}|\d{2})(\/\d{2,4})?$/.test(folded) && /^(fy|gj|cy)|^(19|20)\d{2}/.test(folded)) return text;
  return undefined;
}

/**
 * True when a cell's text is a month name (`Jan`, `June`, `Sept`, `janv.`), footnote marks
 * after it allowed (`Jan†`, `Apr¹`, `May*`: a revised or provisional figure).
 */
export function isMonthName(text: string): boolean {
  const folded = fold(text).replace(/[\s*†‡§¹²³⁰-⁹\d]+$/u, '').replace(/\.$/, '');
  return MONTHS.includes(folded);
}
