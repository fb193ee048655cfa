/**
 * Word lists the planner reasons with: synonyms (multilingual column names), words that carry
 * no filter meaning, operation words, and measure families (money, costs, plan qualifiers).
 * Words are written plainly; callers compare stems (`stemWord`).
 * @module agent/planner/vocabulary
 */
import { wordTable } from './word-table.js';

/** Words that name the same thing in column headers and questions; first word is the group's name. */
export const SYNONYM_GROUPS: string[][] = [
  ['location', 'standort', 'site', 'place', 'ort', 'store', 'shop', 'branch', 'filiale', 'outlet', 'city', 'stadt', 'venue', 'office', 'ville', 'lieu', 'ubicacion', 'sede', 'tienda', 'sucursal', 'vestiging', 'winkel', 'negozio', 'magasin'],
  ['month', 'monat', 'mois', 'mes', 'monthly', 'maand', 'mese'],
  ['date', 'datum', 'day', 'fecha', 'jour'],
  ['year', 'jahr', 'annee', 'ano', 'jaar'],
  ['week', 'woche', 'semaine'],
  ['quarter', 'quartal', 'trimestre'],
  ['response', 'antworten', 'antwort', 'answer', 'respondent', 'reply', 'replies', 'reponse', 'respuesta', 'antwoord', 'risposta'],
  ['revenue', 'umsatz', 'turnover', 'erlos', 'erloese', 'ventes', 'ingresos', 'omzet'],
  ['quantity', 'unit', 'qty', 'menge', 'piece', 'stuck', 'stueck', 'quantite', 'cantidad', 'aantal'],
  ['country', 'land', 'pays', 'pais', 'nation', 'nationality'],
  ['customer', 'kunde', 'client', 'buyer', 'klant'],
  ['product', 'produkt', 'article', 'artikel', 'sku', 'produit', 'producto'],
  ['category', 'kategorie', 'categorie', 'categoria', 'type'],
  ['region', 'area', 'territory', 'gebiet', 'zone'],
  ['cost', 'kosten', 'expense', 'cout', 'coste'],
  ['spend', 'spending', 'expenditure', 'ausgaben', 'ausgabe'],
  ['employee', 'mitarbeiter', 'staff', 'worker', 'personnel'],
  ['department', 'abteilung', 'dept', 'division', 'bereich'],
  ['channel', 'kanal', 'canal'],
  ['price', 'preis', 'prix', 'precio'],
  ['order', 'bestellung', 'auftrag', 'commande', 'pedido'],
  ['rating', 'bewertung', 'star', 'note'],
  ['issue', 'problem', 'defect'],
  ['comment', 'kommentar', 'remark', 'remarks'],
  ['manager', 'leiter', 'owner'],
  ['name', 'bezeichnung'],
  ['sale', 'verkauf'],
  ['margin', 'marge', 'margen', 'marza'],
  ['satisfaction', 'zufriedenheit', 'csat', 'tevredenheid', 'satisfaccion', 'soddisfazione'],
  ['profit', 'gewinn', 'benefice', 'beneficio'],
  // nouns and abbreviations of published tables (Wikipedia-style lists: films, charts, results, areas)
  ['film', 'movie', 'picture'],
  ['song', 'track', 'single'],
  ['team', 'club', 'side', 'squad'],
  ['game', 'match', 'fixture'],
  ['athlete', 'competitor', 'contestant'],
  ['square', 'sq'],
  ['mile', 'mi'],
  ['kilometre', 'kilometer', 'km'],
  ['population', 'pop', 'inhabitant'],
  ['elevation', 'altitude', 'height'],
  ['start', 'begin', 'began', 'begun', 'commence', 'commenced'],
  // who put someone in office or on a list: "selected by Reagan" over Appointed by
  ['appoint', 'select', 'choose', 'chose', 'chosen', 'pick'],
];

/**
 * Words that add no filter or measure meaning to a question. Not "no": a bare "no" is not
 * filler ("orders with no Meta platform" is no count of Meta orders) and is explained only by
 * a blank condition ("with no ad platform") or a value that starts with it ("No playoff").
 */
export const FILLER_WORDS = new Set(
  (
    'a an the of in on at for to from with and or be do have we our ours us you your i me my it its this that these those there their they them he she him her his hers ' +
    'what whats s which who whom how much many please give show tell list get receive make can could would will should shall ' +
    'so far up as e g eg ie i.e about any some here just immediately directly only also again then than did into onto over across within during ' +
    'overall total totals whole entire full combined altogether together all both every each per by sum summed ' +
    'value values figure figures number numbers count amount data row rows record records entry entries line lines item items ' +
    'finding findings case cases instance instances result results level survey generate drive bring sell go come happen occur ' +
    'log logged see take done doing report reported mean means like kind sort were was is are am been being has had ' +
    'person cell field recorded registered submitted filed raised received handled processed placed shipped sent different distinct unique common frequent ' +
    'not yes relative ratio percentage percent pct share proportion fraction ' +
    'average avg mean highest lowest most least max maximum min minimum top bottom best worst largest biggest smallest ' +
    'greatest fewest lowest higher lower more less biggest rank ranking ranked sorted break down breakdown split grouped group ' +
    'weighted weight respectively where when while whilst whose time times period so-far year-to-date ytd according ' +
    'ever actually already something anything'
  )
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/**
 * Verbs that only state that a row's event happened or is listed ("festivals that occurred in
 * October", "races that took place in 2010", "teams that competed", "the times a Ducati 916
 * was used"): they name no column or value of their own, so they never block a plan. Inflected forms are written out because the
 * stemmer keeps doubled consonants ("occurred" → "occurr"). Gathered from the phrasings of
 * WikiTableQuestions and business questions; a verb that is a column's name ("Played",
 * "Released") still matches that column first.
 */
export const EVENT_VERBS = new Set(
  (
    'occur occurs occurred occurring happen happens happened held ' +
    'play plays played playing compete competes competed competing participate participated participating ' +
    'appear appears appeared appearing feature featured list listed listing there exist exists existed award awarded earn earns earned ' +
    'finish finishes finished finishing consist consists consisted comprise comprises comprised ' +
    'shown displayed mention mentioned include included represent represented locate located situated ' +
    'distribute distributed distributes use used uses utilize utilizes utilized utilise utilises utilised'
  )
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/**
 * Verbs that say when a row's thing came about ("titles released prior to 2010", "shows that
 * aired in October 2013", "ships ordered in 1931"): what the table's date or year column
 * records. They are explained only by a condition on that column (`match-table.ts`); without a
 * date they name nothing and the question declines.
 */
export const DATED_VERBS = new Set(
  (
    'release released releases air aired airs broadcast broadcasted premiere premiered publish published found founded establish established ' +
    'build built construct constructed open opened launch launched order ordered commission commissioned complete completed form formed ' +
    'born die died elect elected sign signed record recorded issue issued introduce introduced debut debuted start started begin began begun ' +
    'manufacture manufactured produce produced compose composed write wrote written create created invent invented discover discovered'
  )
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/** Words that date a row's event, as a column's name ("Opened", "Closed") or the question's verb: DATED_VERBS and the ends of things. */
export const EVENT_DATE_WORDS = new Set([...DATED_VERBS, 'close', 'closed', 'closing', 'opening', 'retire', 'retired', 'withdraw', 'withdrawn', 'scrap', 'scrapped', 'decommission', 'decommissioned']);

/**
 * Nouns of outcomes and scoring events a column tallies per row ("Draw", "Goal", "Assist"): the
 * plural ("draws") is that tally, never the rows themselves.
 */
export const TALLIED_NOUNS = new Set(
  (
    'goal point medal vote win loss lose defeat victory draw tie title award trophy prize nomination cup ' +
    'run yard touchdown basket assist rebound wicket lap kill save'
  ).split(' '),
);

/**
 * Nouns that count an amount rather than name what a row is: "how many goals did Chelsea
 * score" adds up (or cannot answer), it never counts the rows of a match list. When such a
 * noun maps to nothing, the question is declined instead of counting rows. Sports, elections
 * and business tables of WikiTableQuestions and our fixtures.
 */
export const AMOUNT_NOUNS = new Set(
  (
    [...TALLIED_NOUNS].join(' ') + ' ' +
    'year month week day hour minute second season time ' +
    'person people viewer passenger fan spectator visitor attendee resident inhabitant citizen student member employee ' +
    'dollar euro pound cent mile kilometer kilometre meter metre feet foot inch ton tonne kilo kilogram gram liter litre ' +
    'unit piece copy sale order seat spot space vessel ship car vehicle plane aircraft'
  )
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/**
 * Verbs of getting an amount: "how many points did X win / score / gain / achieve / rack up".
 * They are explained only when the question asks for an amount a measure column holds.
 */
export const ACQUIRE_VERBS = new Set([
  'win', 'won', 'score', 'scored', 'gain', 'gained', 'collect', 'collected', 'earn', 'earned', 'get', 'got', 'receive', 'received', 'accumulate', 'accumulated',
  'achieve', 'achieved', 'attain', 'attained', 'obtain', 'obtained', 'claim', 'claimed', 'order', 'ordered', 'buy', 'bought', 'purchase', 'purchased', 'secure', 'secured', 'capture', 'captured', 'amass', 'amassed', 'rack', 'racked', 'record', 'recorded', 'post', 'posted', 'tally', 'tallied',
]);

/**
 * Verbs of covering an amount of ground: "how many laps did he race / run / drive / complete",
 * "did he race more laps in 1926 or 1938". Like ACQUIRE_VERBS, explained only when the question
 * asks for an amount a measure column holds (`amountVerbs`).
 */
export const COVER_VERBS = new Set([
  'race', 'raced', 'run', 'ran', 'drive', 'drove', 'driven', 'ride', 'rode', 'ridden', 'complete', 'completed', 'travel', 'travelled', 'traveled', 'cover', 'covered',
]);

/** Superlatives right before an amount noun ("won the most medals", "scored the fewest points"). */
export const AMOUNT_SUPERLATIVES = new Set(['most', 'fewest', 'least', 'highest', 'lowest', 'greatest']);

/** Events a table of results records as a whole: "in the race", "at the tournament". */
export const EVENT_NOUNS = new Set(['race', 'tournament', 'competition', 'championship', 'championships', 'event', 'contest', 'election', 'meet', 'rally', 'regatta']);

/**
 * Words after which the next word is the name a row goes by, never the name of the table:
 * "people named John", "a rider called Kenny" (break-it review: over the file
 * deex_john_arnold_15199_Trader_List.xlsx, "named John" had been read as the file's name).
 */
export const NAMING_WORDS = new Set(['named', 'called', 'titled', 'entitled', 'nicknamed', 'surnamed', 'dubbed']);

/** Words that stand where a name would and name no one: "did no one score", "has anybody won". */
export const NO_NAME_WORDS = new Set(['no', 'not', 'one', 'none', 'nobody', 'noone', 'anyone', 'anybody', 'someone', 'somebody', 'everyone', 'everybody', 'either', 'neither', 'each', 'every', 'all', 'both']);

/** Words for the table itself ("how many incumbents are on the table"): they explain nothing and block nothing. */
export const TABLE_WORDS = new Set(['table', 'chart', 'list', 'listing', 'roster', 'tables', 'charts', 'lists', 'column', 'following']);

/** Words asking for something the planner does not compute: it declines rather than answer a simpler question. */
export const UNSUPPORTED_WORDS = new Set(['versus', 'vs', 'compare', 'compared', 'comparison', 'difference', 'change', 'growth', 'increase', 'decrease', 'trend', 'median', 'mode', 'variance', 'deviation', 'stddev', 'correlation', 'predict', 'cumulative', 'running']);

/** Function words never taken as a filter value on their own (a value "Data" may be matched; "the" may not). */
export const STOP_WORDS = new Set(
  'a an the of in on at for to from with and or be do have we our ours us you your i me my it its this that these those there their they what which who whom how much many please so as about any some into onto over than then also just only s e g'.split(' '),
);

/** Words naming what a union's `label` column holds (a banner or sheet name). */
export const LABEL_WORDS = new Set(['region', 'area', 'territory', 'zone', 'market', 'sheet', 'tab', 'table', 'block', 'group', 'segment']);

/** Time words that name a union's labels when the labels are such periods (Q1 …, 2024 …, Jan …). */
export const LABEL_TIME_WORDS: Record<string, RegExp> = wordTable({
  quarter: /\bq[1-4]\b/i,
  year: /\b(19|20)\d{2}\b/,
  month: /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i,
});

/** Words that ask for money when no column is named after them. */
export const MONEY_WORDS = new Set(['money', 'revenue', 'sale', 'turnover', 'income', 'earning', 'winnings', 'amount', 'value', 'worth', 'umsatz', 'betrag', 'proceeds', 'takings', 'make', 'earn', 'bring']);

/** Money columns that are costs, never "revenue": excluded when a money word is resolved to a column. */
export const COST_WORDS = new Set(['spend', 'cost', 'budget', 'expense', 'price', 'fee', 'tax', 'discount', 'kosten', 'preis', 'cout', 'shipping', 'freight']);

/** Qualifiers meaning "not what actually happened". */
export const PLAN_QUALIFIERS = new Set(['budget', 'planned', 'plan', 'potential', 'target', 'forecast', 'goal', 'estimate', 'projected']);

/** Words that mark a time bucket when they follow "by"/"which"/"per". */
export const TIME_BUCKETS: Record<string, 'day' | 'week' | 'month' | 'quarter' | 'year'> = wordTable({
  day: 'day', date: 'day', daily: 'day', week: 'week', weekly: 'week', month: 'month', monat: 'month', monthly: 'month',
  quarter: 'quarter', quarterly: 'quarter', year: 'year', yearly: 'year', annual: 'year', annually: 'year',
});

/** Values too generic to be matched as filters on their own. */
export const UNMATCHABLE_VALUES = new Set(['yes', 'no', 'y', 'n', 'true', 'false', 'x', 'total', 'all', 'other', 'others', 'none', 'na', 'n/a', 'unknown', 'misc', 'the', 'a', 'an', 'in', 'on', 'of', 'and', 'or', '-', '']);

/** Text values meaning "yes" in a yes/no column. */
export const TRUTHY_VALUES = new Set(['yes', 'y', 'true', 'ja', 'j', 'oui', 'si', 'x', '1']);

/** Text values meaning "no" in a yes/no column. */
export const FALSY_VALUES = new Set(['no', 'n', 'false', 'nein', 'non', '0', '']);

/** A firm's legal form ("Company", "Inc.", "Ltd") as `stemWord` stems it (company → compani): it ends some names of firms, never a kind among them. */
export const LEGAL_FORMS = new Set(['compani', 'co', 'corporation', 'corp', 'inc', 'incorporat', 'ltd', 'limit', 'llc', 'plc', 'gmbh', 'firm']);
