/**
 * Countries named by their people: "how many Russian athletes", "the Brazilian swimmer", "how
 * many Canadians won". A value that is a country's name ("Russia") or its IOC code ("RUS", the
 * code results tables write after a name: "Sylvie Bernier (CAN)") is also named by the country's
 * demonym. Names and codes from the IOC's list of National Olympic Committees; demonyms as the
 * CIA World Factbook gives them (nationality, adjective form).
 * @module agent/planner/demonyms
 */
import { foldText, tokensOf } from './normalize-text.js';
import type { ParsedQuestion } from './parse-question.js';
import type { Filter } from './plan-types.js';

/** `country|IOC code|demonym[ demonym…]`, one line each; multi-word demonyms are written with `_`. */
const COUNTRIES = `
afghanistan|AFG|afghan
albania|ALB|albanian
algeria|ALG|algerian
argentina|ARG|argentine argentinian
armenia|ARM|armenian
australia|AUS|australian
austria|AUT|austrian
azerbaijan|AZE|azerbaijani
belarus|BLR|belarusian
belgium|BEL|belgian
bolivia|BOL|bolivian
bosnia and herzegovina|BIH|bosnian
brazil|BRA|brazilian
bulgaria|BUL|bulgarian
cameroon|CMR|cameroonian
canada|CAN|canadian
chile|CHI|chilean
china|CHN|chinese
colombia|COL|colombian
costa rica|CRC|costa_rican
croatia|CRO|croatian
cuba|CUB|cuban
cyprus|CYP|cypriot
czech republic|CZE|czech
czechoslovakia|TCH|czechoslovak czechoslovakian
denmark|DEN|danish
dominican republic|DOM|dominican
ecuador|ECU|ecuadorian
egypt|EGY|egyptian
england||english
estonia|EST|estonian
ethiopia|ETH|ethiopian
finland|FIN|finnish
france|FRA|french
georgia|GEO|georgian
germany|GER|german
east germany|GDR|east_german
west germany|FRG|west_german
ghana|GHA|ghanaian
great britain|GBR|british
greece|GRE|greek
guatemala|GUA|guatemalan
honduras|HON|honduran
hong kong|HKG|
hungary|HUN|hungarian
iceland|ISL|icelandic
india|IND|indian
indonesia|INA|indonesian
iran|IRI|iranian
iraq|IRQ|iraqi
ireland|IRL|irish
israel|ISR|israeli
italy|ITA|italian
jamaica|JAM|jamaican
japan|JPN|japanese
kazakhstan|KAZ|kazakh kazakhstani
kenya|KEN|kenyan
latvia|LAT|latvian
lebanon|LBN|lebanese
lithuania|LTU|lithuanian
luxembourg|LUX|luxembourgish
malaysia|MAS|malaysian
mexico|MEX|mexican
moldova|MDA|moldovan
mongolia|MGL|mongolian
montenegro|MNE|montenegrin
morocco|MAR|moroccan
netherlands|NED|dutch
new zealand|NZL|new_zealander
nigeria|NGR|nigerian
north korea|PRK|north_korean
northern ireland||northern_irish
norway|NOR|norwegian
pakistan|PAK|pakistani
panama|PAN|panamanian
paraguay|PAR|paraguayan
peru|PER|peruvian
philippines|PHI|filipino philippine
poland|POL|polish
portugal|POR|portuguese
puerto rico|PUR|puerto_rican
qatar|QAT|qatari
romania|ROU|romanian
russia|RUS|russian
saudi arabia|KSA|saudi
scotland||scottish
senegal|SEN|senegalese
serbia|SRB|serbian
singapore|SGP|singaporean
slovakia|SVK|slovak slovakian
slovenia|SLO|slovenian slovene
south africa|RSA|south_african
south korea|KOR|south_korean
soviet union|URS|soviet
spain|ESP|spanish
sweden|SWE|swedish
switzerland|SUI|swiss
taiwan|TPE|taiwanese
thailand|THA|thai
trinidad and tobago|TTO|trinidadian
tunisia|TUN|tunisian
turkey|TUR|turkish
uganda|UGA|ugandan
ukraine|UKR|ukrainian
united states|USA|american
uruguay|URU|uruguayan
uzbekistan|UZB|uzbek
venezuela|VEN|venezuelan
vietnam|VIE|vietnamese
wales||welsh
yugoslavia|YUG|yugoslav yugoslavian
zimbabwe|ZIM|zimbabwean
`;

const BY_NAME = new Map<string, string[]>();
for (const line of COUNTRIES.split('\n')) {
  if (line.trim() === '') continue;
  const [name, code, words] = line.split('|');
  const demonyms = words.split(/\s+/).filter((w) => w !== '').map((w) => w.replace(/_/g, ' '));
  if (demonyms.length === 0) continue;
  BY_NAME.set(name, demonyms);
  if (code !== '') BY_NAME.set(code.toLowerCase(), demonyms);
}
BY_NAME.set('united states of america', BY_NAME.get('united states') ?? []);
BY_NAME.set('united kingdom', BY_NAME.get('great britain') ?? []);

const DEMONYM_STEMS = new Set([...BY_NAME.values()].flat().flatMap((demonym) => tokensOf(demonym).map((t) => t.stem)));

/** True for a stem of a demonym ("russian", "canadian", the "korean" of "south korean"). */
export function isDemonymStem(stem: string): boolean {
  return DEMONYM_STEMS.has(stem);
}

/** True when every value of `filter` was named by a demonym ("French swimmers"): it describes rows, it names none. */
export function namedByDemonym(parsed: ParsedQuestion, filter: Filter): boolean {
  return filter.values !== undefined && filter.values.every((v) => v.tokens.every((t) => isDemonymStem(parsed.tokens[t].stem)));
}

/**
 * The demonyms of a country a table writes: `Russia` or `RUS` → `['russian']`, `United States` →
 * `['american']`. Case and accents aside; empty for anything else.
 */
export function demonymsOf(value: string): string[] {
  return BY_NAME.get(foldText(value).trim()) ?? [];
}

/** Chart codes record charts write that are no IOC codes ("UK", "US", "NZ", "IRE", "NL", "SWI", "SPA", "FR"), by the country's name. */
const CHART_CODES: Record<string, string> = {
  uk: 'united kingdom', us: 'united states', usa: 'united states', nz: 'new zealand', ire: 'ireland', irl: 'ireland', nl: 'netherlands', ned: 'netherlands',
  swi: 'switzerland', sui: 'switzerland', spa: 'spain', fr: 'france', fra: 'france', ger: 'germany', de: 'germany', aus: 'australia', can: 'canada', swe: 'sweden', nor: 'norway',
  fin: 'finland', den: 'denmark', aut: 'austria', bel: 'belgium', ita: 'italy', jpn: 'japan', sco: 'scotland', ca: 'canada', au: 'australia',
};

/**
 * The words a question names a country's chart by, for a code a chart column writes ("Peak chart
 * positions CAN Country" is the Canadian country chart): the country's one-word name and its
 * demonyms (`CAN` → canada, canadian; `UK` → british; `US` also billboard). Written in capitals in the column's name
 * only; empty for anything else.
 */
export function chartCountryWords(code: string): string[] {
  if (!/^[A-Z]{2,3}$/.test(code)) return [];
  const country = CHART_CODES[code.toLowerCase()];
  if (country === undefined) return [];
  // the United States' record charts are Billboard's ("the Billboard Hot 100")
  return [...(country.includes(' ') ? [] : [country]), ...(BY_NAME.get(country) ?? []), ...(country === 'united states' ? ['billboard'] : [])];
}
