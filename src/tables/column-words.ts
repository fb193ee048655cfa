/**
 * Keyword lists that tell what a column is from its name, in the languages business files
 * use (English, German, French, Spanish, Italian, Dutch, Nordic, Polish). Matched against
 * whole words of the folded name (`labelWords`), so "Paid" is not an id.
 * @module tables/column-words
 */
import { labelWords } from './aggregate-labels.js';

/** Words of a column name; camelCase and snake_case split, accents folded. */
export function nameWords(name: string): string[] {
  return labelWords(name.replace(/([a-z])([A-Z])/g, '$1 $2'));
}

function hasWord(words: string[], list: readonly string[]): boolean {
  return words.some((word) => list.includes(word));
}

function hasPhrase(words: string[], phrases: readonly string[]): boolean {
  const joined = ` ${words.join(' ')} `;
  return phrases.some((phrase) => joined.includes(` ${phrase} `));
}

const IDENTIFIER_WORDS = [
  'id', 'ids', 'code', 'codes', 'key', 'nr', 'no', 'num', 'zip', 'zipcode', 'postcode', 'postal', 'plz', 'sku', 'ean',
  'gtin', 'isbn', 'iban', 'bic', 'phone', 'telefon', 'tel', 'uuid', 'guid', 'ref', 'reference', 'referenz', 'kennung',
  'nummer', 'numero', 'numer', 'kod', 'codigo', 'codice', 'cp', 'rechnungsnummer',
];

/** Last words of names of organisational units and codes: "Cost Center", "Profit Centre", "Expense Code". */
const UNIT_HEADS = ['center', 'centre', 'centers', 'centres', 'code', 'id', 'key', 'nr', 'no'];

/**
 * True when the name is an organisational unit or a code qualified by a money word: "Cost
 * Center", "Profit Centre", "Cost Code", "Expense ID". The last word names the thing (a cost
 * center is a unit, its number a code), so its numbers are labels, never an amount.
 */
export function isUnitCodeName(name: string): boolean {
  const words = nameWords(name);
  return words.length >= 2 && UNIT_HEADS.includes(words[words.length - 1]) && !hasWord(words, ['count', 'total', 'sum', 'average', 'avg']);
}

/** True when the name says the column identifies things: `order_id`, `Audit ID`, `Code`, `ZIP`, `Kundennummer`. */
export function isIdentifierName(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  if (hasPhrase(words, ['number of', 'no of', 'nr of', 'num of', 'numer of', 'nb of', 'anzahl'])) return false; // "Numer of Jamaicans granted …": a misspelt count is no code
  if (hasWord(words, IDENTIFIER_WORDS)) return !hasWord(words, ['count', 'total', 'sum']) && !isMoneyName(name);
  const last = words[words.length - 1];
  if (last === 'number' && words.length >= 2) return true;
  return /(nummer|nr|id)$/.test(last) && last.length > 4 && !/(paid|valid|void|avoid|said|aid|acid|fluid|hybrid|rapid|grid|solid|humid)$/.test(last);
}

/**
 * Words of names whose numbers are years or periods used as labels: "Year", "Jahr", "FY", and
 * the year of an event named by its verb ("Born", "Founded", "Built": a year, never an amount).
 * Callers still check that the values are years.
 */
export function isYearName(name: string): boolean {
  const words = nameWords(name);
  return (words.length <= 3 && hasWord(words, ['year', 'season', 'yr', 'jahr', 'annee', 'ano', 'anno', 'jaar', 'ar', 'rok', 'fy', 'vuosi', 'aar', 'born', 'founded', 'established', 'built', 'opened', 'elected', 'election',
    'created', 'released', 'discovered', 'incorporated', 'inaugurated', 'commissioned', 'constructed', 'erected', 'settled', 'chartered',
    // … and the year it ended ("Defunct", "Closed", "Died"): a year as well, never an amount
    'defunct', 'closed', 'dissolved', 'disbanded', 'abolished', 'died', 'demolished', 'retired', 'launched', 'introduced', 'completed', 'formed', 'debut',
    // … and the year a thing left service or changed hands ("Withdrawn", "Scrapped", "Acquired")
    'withdrawn', 'scrapped', 'decommissioned', 'acquired', 'joined',
    // … and the ends of a term ("Term start", "Term end", "From", "To", "Took Office")
    'start', 'end', 'began', 'ended', 'from', 'to', 'until', 'took', 'assumed']))
    // … "Left Office", "Office started" (as phrases: "Units left", "Office visits" are amounts)
    || hasPhrase(words, ['left office', 'entered office', 'office started', 'office ended', 'office began', 'in office']);
}

const TEXT_WORDS = [
  'comment', 'comments', 'note', 'notes', 'remark', 'remarks', 'description', 'desc', 'text', 'message', 'details',
  'kommentar', 'kommentare', 'bemerkung', 'bemerkungen', 'beschreibung', 'anmerkung', 'anmerkungen', 'notiz', 'notizen',
  'commentaire', 'commentaires', 'remarque', 'comentario', 'comentarios', 'observaciones', 'commento', 'opmerking',
  'omschrijving', 'feedback', 'verbatim', 'answer', 'antwort', 'reason', 'grund',
];

/** True when the name says the column holds free text: Comment, Notes, Beschreibung. */
export function isFreeTextName(name: string): boolean {
  return hasWord(nameWords(name), TEXT_WORDS);
}

const MONEY_WORDS = [
  'spend', 'spent', 'spending', 'revenue', 'revenues', 'amount', 'amounts', 'sales', 'cost', 'costs', 'price', 'prices',
  'profit', 'income', 'expense', 'expenses', 'budget', 'turnover', 'umsatz', 'umsatze', 'erlos', 'erlose', 'kosten',
  'preis', 'betrag', 'gewinn', 'ausgaben', 'einnahmen', 'montant', 'prix', 'cout', 'couts', 'importe', 'ventas',
  'ingresos', 'gastos', 'ricavi', 'costo', 'prezzo', 'omzet', 'kosten', 'bedrag', 'fee', 'fees', 'salary', 'gehalt',
  'wage', 'wages', 'payment', 'paid', 'invoice', 'value', 'gmv', 'arr', 'mrr', 'ebit', 'ebitda', 'kwota', 'przychod',
];

/** True when the name says money: Spend, Net Revenue, Amount, Umsatz, Kosten. */
export function isMoneyName(name: string): boolean {
  return hasWord(nameWords(name), MONEY_WORDS);
}

const PERCENT_WORDS = [
  'percent', 'percentage', 'pct', 'rate', 'margin', 'share', 'quote', 'anteil', 'marge', 'prozent', 'taux', 'tasa',
  'ratio', 'ctr', 'cvr', 'growth', 'yield', 'churn', 'wachstum', 'quota', 'porcentaje', 'percentuale', 'aandeel',
  'utilization', 'utilisation', 'auslastung', 'discount', 'rabatt', 'occupancy', 'belegung', 'conversion', 'auslastungsgrad',
];

/** True when the name says a rate or share: `%`, Margin, Rate, Anteil, Quote. */
export function isPercentName(name: string): boolean {
  return name.includes('%') || hasWord(nameWords(name), PERCENT_WORDS);
}

/** True for names of rates averaged over a base: Occupancy, Utilisation, Rate, Ratio, Share, %, Margin, Conversion. */
export function isRateName(name: string): boolean {
  const words = nameWords(name);
  if (name.includes('%')) return true;
  if (hasWord(words, ['occupancy', 'belegung', 'utilization', 'utilisation', 'auslastung', 'ratio', 'share', 'anteil', 'margin', 'marge', 'conversion', 'quote', 'taux', 'tasa'])) return true;
  const first = words[0];
  const last = words[words.length - 1];
  return first === 'rate' || last === 'rate';
}

/** True when the name says the column is already an average: starts or ends with avg, average, mean, per (Avg salary, Revenue per rep). */
export function isStatedAverageName(name: string): boolean {
  const words = nameWords(name).filter((word) => !/^(min|mins|minutes|h|hrs|hours|sec|s|eur|usd|gbp)$/.test(word));
  if (words.length === 0) return false;
  const ends = ['avg', 'average', 'mean', 'per', 'durchschnitt', 'durchschnittlich', 'moyenne', 'promedio', 'media', 'aov'];
  return ends.includes(words[0]) || ends.includes(words[words.length - 1]) || hasWord(words, ['per', 'aov']);
}

/** True for margin-like rates, weighted by money (revenue). */
export function isMarginName(name: string): boolean {
  return hasWord(nameWords(name), ['margin', 'marge', 'markup', 'aufschlag', 'margen', 'margine', 'db', 'deckungsbeitrag', 'profitability']);
}

const SCORE_WORDS = [
  'csat', 'nps', 'ces', 'rating', 'ratings', 'score', 'scores', 'satisfaction', 'bewertung', 'zufriedenheit', 'grade',
  'stars', 'sterne', 'note', 'evaluation', 'puntuacion', 'valutazione', 'beoordeling', 'ocena',
];

/** True when the name says a score: CSAT, NPS, Rating, Score, Bewertung. */
export function isScoreName(name: string): boolean {
  const words = nameWords(name);
  return hasWord(words, SCORE_WORDS) && !hasWord(words, ['count', 'anzahl', 'responses']);
}

const COUNT_WORDS = [
  'count', 'counts', 'orders', 'order', 'quantity', 'qty', 'units', 'pieces', 'pcs', 'conversions', 'responses',
  'antworten', 'visits', 'visitors', 'sessions', 'clicks', 'impressions', 'reach', 'views', 'users', 'customers',
  'employees', 'headcount', 'anzahl', 'menge', 'stuck', 'stueck', 'n', 'respondents', 'surveys', 'votes', 'befragte',
  'bestellungen', 'auftrage', 'kunden', 'besuche', 'leads', 'tickets', 'calls', 'transactions', 'downloads', 'installs',
  'signups', 'registrations', 'nombre', 'cantidad', 'quantita', 'aantal', 'antal', 'liczba', 'volume', 'stock',
];

/** True when the name says a count: Orders, Quantity, Responses, Antworten, Anzahl, n. */
export function isCountName(name: string): boolean {
  const trimmed = name.trim();
  if (trimmed === '#' || /^(n|#\s*\w+)$/i.test(trimmed)) return true;
  return hasWord(nameWords(name), COUNT_WORDS);
}

/** True for counts that are response counts, the weight of a score: Responses, Antworten, n, Count. */
export function isResponseCountName(name: string): boolean {
  const trimmed = name.trim();
  if (/^(n|#)$/i.test(trimmed)) return true;
  return hasWord(nameWords(name), ['responses', 'antworten', 'respondents', 'surveys', 'votes', 'befragte', 'count', 'anzahl', 'n', 'reviews', 'ratings', 'answers', 'reponses', 'respuestas', 'risposte', 'antal', 'aantal', 'liczba']);
}

/** True for the base of a conversion-type rate: visits, sessions, clicks, impressions, users. */
export function isTrafficName(name: string): boolean {
  return hasWord(nameWords(name), ['visits', 'visitors', 'sessions', 'clicks', 'impressions', 'users', 'views', 'leads', 'besuche', 'sitzungen', 'klicks']);
}

/** True when the name says an order, not an amount: Rank, Position, Platz, Seed, a race's Finish (not a "Finish Time"). */
export function isOrdinalName(name: string): boolean {
  const words = nameWords(name);
  // "Finish", "Finishing position": a place; "Finished" (projects finished) is a count, "Finish Time" a measure
  if (words.length > 0 && words.every((word) => ['finish', 'finishing', 'pos', 'position', 'place'].includes(word)) && hasWord(words, ['finish', 'finishing'])) return true;
  return hasWord(words, ['rank', 'ranks', 'ranking', 'rankings', 'rang', 'position', 'positions', 'pos', 'place', 'places', 'platz', 'seed', 'standing', 'placing', 'placings', 'rangliste', 'classement', 'puesto', 'posizione']);
}

/** True when the name says a per-entry value whose plain mean is meaningful: price, age, temperature, average, a ratio ("Pop./km²"). */
export function isAverageName(name: string): boolean {
  if (/\/\s*(km²|km2|m²|m2|sq\.?\s?m|h|hr|hour|day|d|week|month|mo|yr|year|unit|kg|l|capita|person|head|pp|ha|sqm)(\s|$|\W)/i.test(name)) return true;
  // "Deaths (age <15)": an age in parentheses says whose deaths are counted, the column is no age
  if (hasWord(nameWords(name.replace(/\([^)]*\)/g, ' ')), ['age', 'alter'])) return true;
  return hasWord(nameWords(name), [
    'density', 'dichte', 'capita', 'kopf',
    'average', 'avg', 'mean', 'median', 'durchschnitt', 'price', 'prices', 'preis', 'prix', 'precio', 'prezzo',
    'temperature', 'temp', 'temperatur', 'index', 'duration', 'dauer', 'speed', 'weight', 'height', 'aov',
    'ratio', 'per', 'pro',
  ]);
}

/** Qualifiers a name can carry, with the words that say them. */
const QUALIFIERS: [string, string[]][] = [
  ['potential', ['potential', 'potenzial', 'potentiel', 'potencial']],
  ['planned', ['planned', 'plan', 'plans', 'geplant', 'soll', 'prevu', 'planificado', 'pianificato', 'gepland']],
  ['achieved', ['achieved', 'erreicht', 'realised', 'realized', 'realisiert', 'delivered', 'atteint', 'logrado']],
  ['actual', ['actual', 'actuals', 'ist', 'effective', 'reel', 'real', 'tatsachlich', 'werkelijk']],
  ['budget', ['budget', 'budgeted', 'budgetiert', 'presupuesto']],
  ['forecast', ['forecast', 'fcst', 'fc', 'prognose', 'prevision', 'previsione', 'hochrechnung', 'outlook']],
  ['target', ['target', 'targets', 'ziel', 'goal', 'objective', 'objectif', 'objetivo', 'obiettivo', 'doel', 'quota']],
  ['estimate', ['estimate', 'estimated', 'est', 'schatzung', 'geschatzt', 'estimation']],
  ['prior', ['prior', 'previous', 'py', 'vorjahr', 'ly']],
  ['variance', ['variance', 'var', 'delta', 'abweichung', 'diff', 'difference', 'ecart', 'desviacion']],
];

/** The qualifier a name carries (`Spend Budget` → budget, `Reach Achieved` → achieved), if any. */
export function qualifierOf(name: string): string | undefined {
  const words = nameWords(name);
  if (hasPhrase(words, ['last year', 'prior year', 'previous year'])) return 'prior';
  for (const [qualifier, list] of QUALIFIERS) if (hasWord(words, list)) return qualifier;
  return undefined;
}

const CURRENCY_CODES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'JPY', 'CNY', 'CAD', 'AUD', 'NZD', 'INR', 'BRL', 'MXN', 'ZAR', 'TRY', 'RUB', 'HKD', 'SGD'];
const CURRENCY_SYMBOLS: [string, string][] = [['€', 'EUR'], ['$', 'USD'], ['£', 'GBP'], ['¥', 'JPY'], ['₹', 'INR'], ['zł', 'PLN'], ['₺', 'TRY'], ['₽', 'RUB'], ['CHF', 'CHF']];

/** The ISO currency a text names: `[EUR]`, `in EUR`, `€`, `$` → `EUR`/`USD`; undefined when none. */
export function currencyIn(text: string): string | undefined {
  const upper = text.toUpperCase();
  for (const code of CURRENCY_CODES) if (new RegExp(`(^|[^A-Z])${code}([^A-Z]|$)`).test(upper)) return code;
  for (const [symbol, code] of CURRENCY_SYMBOLS) if (text.includes(symbol)) return code;
  return undefined;
}
