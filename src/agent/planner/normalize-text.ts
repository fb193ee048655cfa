/**
 * Text normalisation shared by the planner: accent folding, tokens, a light stemmer and
 * synonym groups, so "Zürich" = "zurich", "complaints" = "complaint", "Standort" = "location".
 * @module agent/planner/normalize-text
 */
import { SYNONYM_GROUPS } from './vocabulary.js';
import { wordTable } from './word-table.js';

/** One word of a text, as the planner compares it. */
export interface Token {
  /** Lower case, accents folded: `zurich`, `2025-03`, `000827`. */
  norm: string;
  /** `stemWord(norm)`: `complaint`, `achiev`, `plann`. */
  stem: string;
  /** 0-based position in the token list. */
  index: number;
  /** Character offsets in the folded text, end exclusive. */
  start: number;
  end: number;
}

/** Latin letters with no Unicode decomposition, as they are written without their stroke or ligature. */
const LETTERS_WITHOUT_MARKS: Record<string, string> = {
  Ł: 'L', ł: 'l', Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', Æ: 'Ae', æ: 'ae', Œ: 'Oe', œ: 'oe', Þ: 'Th', þ: 'th', ı: 'i', Ħ: 'H', ħ: 'h',
};

/** Lower case, accents removed, `ß` → `ss`, `ł` → `l`, `ø` → `o`, typographic quotes/dashes made plain. Keeps string length stable for ASCII input. */
export function foldText(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    // letters that Unicode does not decompose into a base letter and a mark (Łódź, Ørsted, Đakovo, Æsir)
    .replace(/[ŁłØøĐđÆæŒœÞþıĦħ]/g, (letter) => LETTERS_WITHOUT_MARKS[letter])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .toLowerCase();
}

const IRREGULAR: Record<string, string> = wordTable({
  spent: 'spend', sold: 'sell', brought: 'bring', made: 'make', got: 'get', gotten: 'get',
  went: 'go', came: 'come', drove: 'drive', driven: 'drive', did: 'do', done: 'do', does: 'do',
  had: 'have', has: 'have', was: 'be', were: 'be', is: 'be', are: 'be', been: 'be',
  led: 'lead', ran: 'run', rode: 'ride', ridden: 'ride',
  bought: 'buy', paid: 'pay', took: 'take', gave: 'give', saw: 'see', won: 'win', drew: 'draw', drawn: 'draw',
  // irregular past forms a question or a header may use for the same verb ("did X write" over Written by)
  wrote: 'write', written: 'write', sang: 'sing', sung: 'sing', built: 'build', held: 'hold', taught: 'teach',
  threw: 'throw', thrown: 'throw', fought: 'fight', knew: 'know', known: 'know', beaten: 'beat',
  flew: 'fly', flown: 'fly', grew: 'grow', grown: 'grow', struck: 'strike', spoke: 'speak', spoken: 'speak',
  became: 'become', swam: 'swim', swum: 'swim', broke: 'break', broken: 'break', fallen: 'fall', told: 'tell',
  caught: 'catch', stole: 'steal', stolen: 'steal', taken: 'take', given: 'give', seen: 'see', shown: 'show',
  wore: 'wear', worn: 'wear', chosen: 'choose', eaten: 'eat', hidden: 'hide', sent: 'send',
  // a game's outcome as results columns write it (Win, Loss, Drawn; Won, Lost) and as questions say it (lose, lost)
  lost: 'loss', lose: 'loss', loses: 'loss',
  died: 'death', dies: 'death', die: 'death', dead: 'death', killed: 'death',
  people: 'person', children: 'child', men: 'man', women: 'woman', data: 'data', criteria: 'criterion',
  // a party's members and its adjective: "how many democrats" over a Party of "Democratic" (Republican, Socialist meet by stem already)
  democratic: 'democrat',
});

/**
 * A light stemmer for matching, not linguistics: plural `-s/-es/-ies`, `-ment`, `-ing`, `-ed`, `-ly`,
 * final `-e`, final `-y` as `-i` (so `-ies` plurals meet their `-ie` and `-y` singulars). `achieved`/`achievement` → `achiev`, `planned` → `plann` (kept apart from `plan`).
 */
export function stemWord(word: string): string {
  const base = IRREGULAR[word] ?? word;
  if (/\d/.test(base) || base.length <= 3) return base;
  let w = base;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ment') && w.length - 4 >= 5) w = w.slice(0, -4);
  if (w.endsWith('ing') && w.length - 3 >= 4) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length - 2 >= 3) w = w.slice(0, -2);
  if (w.endsWith('ly') && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  // "movies" → movy and "movie" → movi meet at movi; "cities" and "city" at citi
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  return w;
}

const CODE_TOKEN = /[a-z0-9]+(?:[-./:][a-z0-9]+)+/y;
const WORD_TOKEN = /[a-z0-9]+/y;
/** Single letters each closed by a dot: "u.k.", "u.s.a." (not "st.", not "c. v." with spaces). */
const INITIALISM = /(?<![a-z0-9])(?:[a-z]\.){2,}(?![a-z0-9])/y;

/**
 * Splits folded text into tokens: words of letters/digits; codes that contain a digit keep
 * their inner `-./:` (`2025-03`, `a-1043`, `03/04/2025`); an initialism written with dots is one
 * word (`u.k.` → uk, as "UK" is); other hyphenated words split (`out-of-home` → out, of, home).
 */
export function tokenize(folded: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < folded.length) {
    CODE_TOKEN.lastIndex = position;
    const code = CODE_TOKEN.exec(folded);
    if (code && /\d/.test(code[0])) {
      push(code[0], position);
      position += code[0].length;
      continue;
    }
    INITIALISM.lastIndex = position;
    const initials = INITIALISM.exec(folded);
    if (initials) {
      push(initials[0].replace(/\./g, ''), position, initials[0].length);
      position += initials[0].length;
      continue;
    }
    WORD_TOKEN.lastIndex = position;
    const word = WORD_TOKEN.exec(folded);
    if (word) {
      push(word[0], position);
      position += word[0].length;
      continue;
    }
    position += 1;
  }
  return tokens;

  function push(norm: string, start: number, length = norm.length): void {
    tokens.push({ norm, stem: stemWord(norm), index: tokens.length, start, end: start + length });
  }
}

/** Tokens of any text (folds first). */
export function tokensOf(text: string): Token[] {
  return tokenize(foldText(text));
}

const GROUP_OF = new Map<string, number>();
SYNONYM_GROUPS.forEach((group, index) => {
  for (const word of group) GROUP_OF.set(stemWord(word), index);
});

/** Canonical key for synonym comparison: the group's first word, else the stem itself. */
export function conceptOf(stem: string): string {
  const group = GROUP_OF.get(stem);
  return group === undefined ? stem : `~${SYNONYM_GROUPS[group][0]}`;
}

