/**
 * Row conditions written in words: a code after its column ("order 000827") and a numeric
 * comparison next to a measure ("rating of 2 or less", "amount over $1,000", "over 1.8 meters
 * tall"). Blanks are `absence-conditions.ts`', ordinals `match-ordinals.ts`'.
 * @module agent/planner/match-conditions
 */
import { countsLayoutColumns, measureRowLayout } from './measure-rows.js';
import { countOrShare } from './count-or-share.js';
import { countsRows } from './row-count-conditions.js';
import { cellNumberCondition } from './counted-nouns.js';
import type { ParsedQuestion } from './parse-question.js';
import { columnsOfKind } from './measure-adjectives.js';
import type { CatalogColumn } from '../../store/catalog-types.js';
import type { ColumnMention, Filter } from './plan-types.js';
import { OPERATOR_WORDS, type Comparison } from './find-comparisons.js';
import { dropTermMentions, termLengthCondition } from './term-columns.js';
import { sqlIdentifier, sqlLiteral } from './sql-text.js';
import { isRevenueLike, type ColumnInfo, type TableProfile } from './table-profile.js';
import { stemWord, tokensOf } from './normalize-text.js';
import { AMOUNT_NOUNS } from './vocabulary.js';
import { SPELLED_CARDINALS } from './place-ordinals.js';
import { periodOfComparison } from './year-named-columns.js';
import { pickForAgainst } from './for-against.js';
import { SCORE_STEMS } from './column-aliases.js';
import { POSITION_NAME } from './top-places.js';
import { askedUnitPick, perUnitAfter, perUnitOf, SCALE_WORDS, unitAfter, unitOf } from './measure-units.js';

const AMOUNT_STEMS = new Set([...AMOUNT_NOUNS].map((w) => stemWord(w)));

/** Verbs that, right before a numeric condition on a named column, only introduce it ("scored above 600"). */
const REACH_VERBS = new Set(['score', 'scored', 'scores', 'scoring', 'reach', 'reached', 'reaches', 'achieve', 'achieved', 'achieves', 'get', 'got', 'gets', 'total', 'totaled', 'totalled', 'totals', 'post', 'posted', 'poll', 'polled', 'measure', 'measured', 'measures']);


function isAmountNoun(token: { norm: string; stem: string }): boolean {
  return AMOUNT_NOUNS.has(token.norm) || AMOUNT_STEMS.has(token.stem);
}

/** Words that may stand between a numbering column's word and its number: "id is 2", "match no. 27". */
const NUMBER_LINKS = new Set(['no', 'nr', 'number', 'num', 'is', 'was', 'of', 'equals', 'equal', 'to']);

/** "order 000827", "ZIP code 04027": a code right after a named text/id column filters on it. */
export function matchLiterals(parsed: ParsedQuestion, mentions: ColumnMention[], covered: Set<number>, filters: Filter[], free: (i: number) => boolean): string[] {
  const problems: string[] = [];
  for (const written of parsed.tokens) {
    // "season ten" over a Season column numbering the rows: the spelled number is the code
    const cardinal = SPELLED_CARDINALS[written.norm];
    const numbering = cardinal !== undefined && mentions.some((m) => m.tokens.includes(written.index - 1) && m.info.column.concept === 'identifier' && m.info.column.type === 'integer');
    const token = numbering ? { ...written, norm: String(cardinal) } : written;
    if (!/\d/.test(token.norm) || covered.has(token.index) || !free(token.index)) continue;
    // the column's word right before the code, wherever else the question repeats it ("model 416 than model d60")
    // … a row numbering ("Season" 1 … 13) only right before the number: "season 10", never "what season had 10 episodes"
    const numbers = (m: ColumnMention): boolean => m.info.column.type === 'integer' && m.info.column.concept === 'identifier';
    // (the words between may only link them: "id is 2", "match no. 27")
    const linked = (t: number): boolean => parsed.tokens.slice(t + 1, token.index).every((w) => NUMBER_LINKS.has(w.norm));
    const candidates = mentions.filter((m) => m.tokens.some((t) => t < token.index && token.index - t <= 2 && (!numbers(m) || linked(t))) && (m.info.column.type === 'text' || m.info.column.concept === 'identifier'));
    // "season 10" over Season (1 … 13) and "TV season" ("2009–10"): the column that holds the code
    const holding = candidates.filter((m) => m.info.column.profile.distinct?.some((v) => String(v).toLowerCase() === token.norm || (typeof v === 'number' && String(v) === String(Number(token.norm)))));
    const mention = holding.length === 1 ? holding[0] : candidates[0];
    if (holding.length === 1) {
      // the other columns the same word named are spent on this condition
      for (let k = mentions.length - 1; k >= 0; k--) if (mentions[k] !== mention && candidates.includes(mentions[k]) && mentions[k].tokens.every((t) => mention.tokens.includes(t))) mentions.splice(k, 1);
    }
    if (!mention) continue;
    const column = mention.info.column;
    const original = numbering ? token.norm : parsed.text.slice(token.start, token.end);
    const known = column.profile.distinct;
    // "ranked 1" over ranks written "1.", "2.": the stored spelling is used
    const spelled = known?.find((v): v is string => typeof v === 'string' && v.toLowerCase() !== token.norm && v.toLowerCase().replace(/\.$/, '') === token.norm);
    if (spelled !== undefined && !known?.some((v) => String(v).toLowerCase() === token.norm)) {
      const id = sqlIdentifier(column.sqlName);
      filters.push({ sql: `${id} = ${sqlLiteral(spelled)}`, text: `${column.name} = '${spelled}'`, tokens: [...mention.tokens, token.index], column });
      mention.usedAsFilter = true;
      covered.add(token.index);
      continue;
    }
    if (known && !known.some((v) => String(v).toLowerCase() === token.norm || (typeof v === 'number' && String(v) === String(Number(token.norm))))) {
      problems.push(`'${original}' is not a value of ${column.name}`);
      mention.usedAsFilter = true;
      covered.add(token.index);
      continue;
    }
    const literal = column.type === 'integer' && /^\d+$/.test(token.norm) ? sqlLiteral(Number(token.norm)) : sqlLiteral(/[a-z]/.test(token.norm) ? original : token.norm);
    const id = sqlIdentifier(column.sqlName);
    const sql = column.type === 'text' && /[a-z]/.test(token.norm) ? `lower(${id}) = lower(${literal})` : `${id} = ${literal}`;
    // the stored text of a listed value, so that two such codes can be the two sides of a difference ("model d60 and model 416")
    const stored = column.type === 'text' ? known?.find((v): v is string => typeof v === 'string' && v.toLowerCase() === token.norm) : undefined;
    filters.push({ sql, text: `${column.name} = '${original}'`, tokens: [...mention.tokens, token.index], column, ...(stored !== undefined ? { values: [{ value: stored, tokens: [token.index] }] } : {}) });
    mention.usedAsFilter = true;
    covered.add(token.index);
  }
  return problems;
}

/**
 * "the total of 7 - 10 25 - 44": a number the question writes as part of a column's name (the
 * column matched it together with the word next to it, "7 - 10") names that column, it is no
 * condition. A number matched alone ("a rating of 5" over "Rating (1-5)") is still one.
 */
function inColumnName(numberAt: number, mentions: ColumnMention[]): boolean {
  return mentions.some((m) => m.tokens.includes(numberAt) && (m.tokens.includes(numberAt - 1) || m.tokens.includes(numberAt + 1)));
}


/** Words for the people a crowd is counted in: "15,000 people at most" compares an attendance. */
const CROWD_WORDS = new Set(['people', 'persons', 'fans', 'spectators', 'viewers', 'visitors', 'attendees', 'supporters']);

/**
 * The mention's tokens with the words right before them that are words of its column's name
 * ("total" of "Total passengers", taken as a sum word), so a number just before the name is near it.
 */
function withNameWordsBefore(parsed: ParsedQuestion, mention: ColumnMention): number[] {
  if (mention.tokens.length === 0) return mention.tokens;
  const words = new Set(tokensOf(mention.info.column.name).map((t) => t.norm));
  const tokens = [...mention.tokens];
  for (let at = Math.min(...mention.tokens) - 1; at >= 0 && words.has(parsed.tokens[at].norm) && !tokens.includes(at); at--) tokens.push(at);
  return tokens;
}

/**
 * Attaches each numeric comparison to the measure named just before it ("rating of 2 or less")
 * or just after its number ("more than 5 units"); a currency sign with no named column means
 * the one revenue-like money column. Percent columns stored as fractions compare with value/100.
 */
export function matchComparisons(parsed: ParsedQuestion, profile: TableProfile, mentions: ColumnMention[], covered: Set<number>, filters: Filter[]): string[] {
  const problems: string[] = [];
  // "how many months have an average high over 70" over a table of measures by month: a condition on the cells of the
  // row named (`measure-row-cells.ts`)
  const layout = measureRowLayout(profile);
  if (layout && countsLayoutColumns(parsed, layout)) return problems;
  for (const found of parsed.comparisons) {
    let comparison = found;
    if (inColumnName(comparison.numberAt, mentions)) continue;
    // "won by more than 10": a condition another reading already made (the margin of `score-mentions.ts`)
    if (filters.some((f) => comparison.tokens.every((t) => f.tokens.includes(t)))) continue;
    if (countsRows(parsed, profile, comparison, mentions)) continue; // "more than 1 athlete", "at least 5 times": `row-count-conditions.ts`
    // "mayors in office more than five years" over Took Office and Left Office: the length of each term
    const termLength = termLengthCondition(parsed, profile, comparison, (i) => !covered.has(i), mentions);
    if (termLength) {
      filters.push(termLength);
      termLength.tokens.forEach((t) => covered.add(t));
      dropTermMentions(mentions, termLength.tokens);
      continue;
    }
    const first = Math.min(...comparison.tokens);
    const last = Math.max(...comparison.tokens);
    // "5 titles at least": the column the word names, else (a crowd's "people", "fans") the measure found as usual; any other word declines
    const unitMention = comparison.unitAt === undefined ? undefined : mentions.find((m) => m.info.numeric && m.tokens.includes(comparison.unitAt as number));
    if (comparison.unitAt !== undefined && !unitMention && !CROWD_WORDS.has(parsed.tokens[comparison.unitAt].norm)) {
      problems.push(`could not tell which column '${comparison.tokens.map((t) => parsed.tokens[t].norm).join(' ')}' applies to`);
      comparison.tokens.forEach((t) => covered.add(t));
      continue;
    }
    // "a rating of 5", "a total of 0 bronze medals": a weak condition needs its measure right before or after
    const weakAt = (m: ColumnMention): boolean => (m.tokens.includes(first - 1) && !comparison.measureAfter) || withNameWordsBefore(parsed, m).includes(last + 1);
    if (comparison.weak && !mentions.some((m) => m.info.numeric && weakAt(m))) continue;
    const numeric = mentions.filter((m) => m.info.numeric && (!comparison.weak || weakAt(m)));
    // "at least 10,000 fans in attendance": the measure may follow the number's unit
    const unitNext = parsed.tokens[last + 1] !== undefined && !mentions.some((m) => m.tokens.includes(last + 1)) && isAmountNoun(parsed.tokens[last + 1]);
    // "more than 2 as the number of premierships": the measure after "as the (number of)"
    const asLink = asLinkAfter(parsed, last);
    const near = (m: ColumnMention): number => {
      const before = m.tokens.filter((t) => t < first && first - t <= 4);
      // "more than 2,000,000 total passengers": a word of the column's name another reading took ("total") still stands for it
      // … never past "and"/"or"/"but", which opens another condition ("ranked higher than 10 and earned over $100")
      const joined = (t: number): boolean => parsed.tokens.slice(last + 1, t).some((w) => CLAUSE_JOINS.has(w.norm));
      const after = withNameWordsBefore(parsed, m).filter((t) => t > last && t - last <= (unitNext ? 3 : 2) + asLink && !joined(t));
      return Math.min(...before.map((t) => first - t), ...after.map((t) => t - last + 0.5));
    };
    const ranked = numeric.map((m) => ({ m, distance: near(m) })).filter((r) => Number.isFinite(r.distance)).sort((a, b) => a.distance - b.distance || b.m.strength - a.m.strength);
    let mention = unitMention ?? ranked[0]?.m;
    // "a min temp below 0" over Max temp and Min temp: the same words name both; a word before them ("min") that one name
    // holds picks it, or a scoring verb, else the condition is ambiguous
    const tied = ranked.filter((r) => r.distance === ranked[0]?.distance && r.m.tokens.join() === ranked[0]?.m.tokens.join());
    if (tied.length > 1) {
      const before = parsed.tokens.slice(Math.max(0, Math.min(...tied[0].m.tokens) - 2), Math.min(...tied[0].m.tokens));
      const named = tied.filter((r) => before.some((t) => tokensOf(r.m.info.column.name).some((w) => w.norm === t.norm)));
      // … or the scoring verb does ("scored more than 30 goals": Goals For, `for-against.ts`)
      // … or the unit written after the number ("a speed over 500 km/h" over Speed (km/h) and Speed (mph))
      const written = unitAfter(parsed, last);
      const picked = named.length === 1 ? named[0].m : pickForAgainst(parsed, tied.map((r) => r.m)) ?? countOrShare(parsed, tied.map((r) => r.m)) ?? (written ? askedUnitPick(parsed, tied.map((r) => r.m), written) : undefined);
      if (picked) mention = picked;
      else {
        problems.push(`could not tell whether '${comparison.tokens.map((t) => parsed.tokens[t].norm).join(' ')}' applies to ${tied.map((r) => r.m.info.column.name).join(' or ')}`);
        comparison.tokens.forEach((t) => covered.add(t));
        continue;
      }
    }
    // "a run time of at least 2:30" over a Time column of texts "3:16", "4:35": both written the same way, compared part by part
    const clockTexts = comparison.duration?.clock ? clockTextCondition(profile, mention, comparison) : undefined;
    if (clockTexts) {
      filters.push({ ...clockTexts, tokens: [...comparison.tokens, ...(clockTexts.named ? mention?.tokens ?? [] : [])] });
      if (mention && clockTexts.named) mention.usedAsFilter = true;
      comparison.tokens.forEach((t) => covered.add(t));
      continue;
    }
    if (comparison.duration) {
      // "finished in under 5:00.00", "at least 43 seconds": a length of time is compared with the column of times
      const timed = durationColumn(profile, mention, comparison);
      if (typeof timed === 'string') {
        problems.push(timed);
        comparison.tokens.forEach((t) => covered.add(t));
        continue;
      }
      mention = timed.mention;
      comparison = { ...comparison, value: timed.value };
    }
    if (!mention && comparison.money) {
      const money = profile.columns.filter((c) => isRevenueLike(c));
      if (money.length === 1) mention = { info: money[0], tokens: [], hits: [], strength: 1, exact: 0, viaMoney: true };
    }
    if (!mention) {
      // "above 600 in 2010" over School | 2007 … 2011: the year names the column
      const period = periodOfComparison(parsed, profile, comparison);
      if (period) {
        mention = { info: period.info, tokens: period.tokens, hits: period.tokens.map(() => ({ stem: period.info.column.name, exact: true })), strength: 1, exact: 1 };
        period.tokens.forEach((t) => covered.add(t));
      }
    }
    if (!mention) {
      // "higher than 3,200 ft" over Elevation of "3,465 ft": the unit written after the number names the one column in that unit
      const unit = unitAfter(parsed, last);
      const inUnit = unit ? profile.columns.filter((info) => info.numeric && unitOf(info.column) === unit.unit) : [];
      if (unit && inUnit.length === 1) mention = { info: inUnit[0], tokens: [], hits: [], strength: 1, exact: 0 };
    }
    if (!mention) {
      // "at least 500 parking spaces" over a Parking column of "951 Spaces": the number written in its cells
      const inCells = cellNumberCondition(parsed, profile, comparison, mentions, covered);
      if (inCells) {
        filters.push(inCells);
        inCells.tokens.forEach((t) => covered.add(t));
        const named = mentions.find((m) => m.info.column === inCells.column && m.tokens.every((t) => inCells.tokens.includes(t)));
        if (named) named.usedAsFilter = true;
        continue;
      }
      problems.push(`could not tell which column '${comparison.tokens.map((t) => parsed.tokens[t].norm).join(' ')}' applies to`);
      continue;
    }
    const column = mention.info.column;
    // "buildings taller than 300" where "buildings" named Built: "taller" compares heights, and Built is none
    const kindWord = comparison.tokens.map((t) => parsed.tokens[t].norm).find((w) => w === 'taller' || w === 'longer' || w === 'shorter');
    if (kindWord && !columnsOfKind(profile, kindWord === 'taller' ? 'height' : 'length').some((info) => info.column === column)
      && !(kindWord === 'shorter' && columnsOfKind(profile, 'height').some((info) => info.column === column))) {
      problems.push(`'${kindWord} than' compares a ${kindWord === 'taller' ? 'height' : 'length'}, and ${column.name} is none`);
      comparison.tokens.forEach((t) => covered.add(t));
      continue;
    }
    // "a rank not higher than 5", "placed higher than 3": over places, higher may be the smaller number
    // … and so may "above", "below" right after a verb of placing ("ranked above 5": places 1 to 4, or 6 and on?)
    const placed = PLACE_VERBS.has(parsed.tokens[Math.min(...comparison.tokens) - 1]?.norm ?? '') && comparison.tokens.some((t) => ['above', 'below', 'over', 'under'].includes(parsed.tokens[t].norm));
    const directional = placed ? comparison.tokens[0] : comparison.tokens.find((t) => PLACE_DIRECTION_WORDS.has(parsed.tokens[t].norm));
    if (directional !== undefined && (POSITION_NAME.test(column.name.trim()) || SEED_NAME.test(column.name.trim()))) {
      problems.push(`'${comparison.tokens.map((t) => parsed.tokens[t].norm).join(' ')}' over ${column.name}: a higher place is a smaller number, so say "a ${column.name} under" or "over" the number`);
      comparison.tokens.forEach((t) => covered.add(t));
      continue;
    }
    // "how many years had at least 2 Galaxy wins": a number far below every year is no year, whatever noun is near it
    if (column === profile.yearColumn && typeof column.profile.min === 'number' && column.profile.min >= 1000 && Math.abs(comparison.value) < 1000 && !comparison.duration) {
      problems.push(`'${comparison.tokens.map((t) => parsed.tokens[t].norm).join(' ')}' is no year of ${column.name}: could not tell which column it applies to`);
      comparison.tokens.forEach((t) => covered.add(t));
      continue;
    }
    // "grossed more than 10 million" over "Gross (millions)": the column already counts in millions
    // … and so does a number written out in full at that scale or above ("more than 1,000,000" over "Population (thousands)")
    const columnUnits = columnScale(column.name);
    const inUnits = columnUnits !== undefined && (comparison.scale !== undefined || Math.abs(comparison.value) >= columnUnits) ? columnUnits : undefined;
    const scale = (value: number): number => (column.type === 'percent' && (comparison.percent || Math.abs(value) > 1) ? value / 100 : inUnits ? value / inUnits : value);
    const id = sqlIdentifier(column.sqlName);
    const sql = comparison.upper !== undefined
      ? `${id} BETWEEN ${sqlLiteral(scale(comparison.value))} AND ${sqlLiteral(scale(comparison.upper))}`
      : `${id} ${comparison.operator} ${sqlLiteral(scale(comparison.value))}`;
    const shown = (value: number): number => (inUnits ? value / inUnits : value);
    const seconds = comparison.duration ? ` ${durationUnitOf(column) ?? 'second'}s` : '';
    const text = comparison.upper !== undefined ? `${column.name} between ${shown(comparison.value)} and ${shown(comparison.upper)}` : `${column.name} ${OPERATOR_WORDS[comparison.operator]} ${shown(comparison.value)}${seconds}`;
    // "at least 200 votes for Wyckoff" over Wyckoff's own Votes column: the owner's name belongs to the column named
    const nearTokens = mention.tokens.filter((t) => Math.abs(t - first) <= 4 || Math.abs(t - last) <= (unitNext ? 3 : 2) + asLink);
    // … and a column's name written as one phrase ("in box office") is used whole once its first words are near
    const phrase = mention.tokens.length > 0 && Math.max(...mention.tokens) - Math.min(...mention.tokens) + 1 === mention.tokens.length;
    const used = mention.owner || (phrase && nearTokens.length > 0) ? mention.tokens : nearTokens;
    const linkWords = used.some((t) => t > last + asLink) ? Array.from({ length: asLink }, (_, k) => last + 1 + k) : [];
    filters.push({ sql, text, tokens: [...comparison.tokens, ...linkWords, ...used], column });
    const rest = mention.tokens.filter((t) => !used.includes(t));
    if (rest.length === 0) mention.usedAsFilter = true;
    [...comparison.tokens, ...linkWords].forEach((t) => covered.add(t));
    // "schools that scored above 600", "drivers who reached more than 100 points": the verb only introduces the condition
    const verb = parsed.tokens[first - 1];
    if (verb && REACH_VERBS.has(verb.norm) && !mentions.some((m) => m.tokens.includes(verb.index))) covered.add(verb.index);
    // "at least 10,000 fans in attendance", "lost more than 3 games": a plural noun right after
    // the number of a condition on a named column is its unit ("million" may come first)
    // "higher than 3000 m", "over 1.8 meters" over Elevation (m): the unit written must be the column's own
    // (the column's unit, or the one its header writes: "Height (m)"); a scale word may come first ("3 thousand feet")
    // "a density above 10 per sq mi" over "Population density /km² (/sq mi)": the unit divided by must be the column's
    const perUnit = perUnitAfter(parsed, last);
    if (perUnit) {
      const divides = perUnitOf(column);
      if (divides !== perUnit.unit) {
        problems.push(`'per ${perUnit.tokens.slice(1).map((t) => parsed.tokens[t].norm).join(' ')}' is not what ${column.name} is per${divides ? ` (${divides})` : ''}: give the number per its own unit`);
        filters.pop();
        continue;
      }
      perUnit.tokens.forEach((t) => covered.add(t));
      continue;
    }
    const own = unitOf(column);
    const measureUnit = own ? unitAfter(parsed, last) : undefined;
    // (its words may also be words of the column's name, "Land area km² (sq mi)": the number's unit is checked all the same)
    if (measureUnit && measureUnit.tokens.some((t) => !covered.has(t) || mention.tokens.includes(t))) {
      if (measureUnit.unit !== own) {
        problems.push(`'${measureUnit.tokens.map((t) => parsed.tokens[t].norm).join(' ')}' is another unit than ${column.name}'s ${own}: give the number in ${own}`);
        filters.pop();
        continue;
      }
      measureUnit.tokens.forEach((t) => covered.add(t));
      // "over 1.8 meters tall", "more than 300 feet high": the adjective of the dimension the column measures
      const adjective = parsed.tokens[Math.max(...measureUnit.tokens) + 1];
      if (adjective && DIMENSION_ADJECTIVES[adjective.norm]?.test(column.name)) covered.add(adjective.index);
      continue;
    }
    let at = last + 1;
    if (parsed.tokens[at] && SCALE_WORDS.has(parsed.tokens[at].norm)) at++;
    const unit = parsed.tokens[at];
    // … not after a score named by "scored"/"points" alone over a Total (`scoreOfTotal`): "scored in at least 5 races" counts races
    const scoreOfTotal = /^total$/i.test(column.name.trim()) && mention.hits.every((h) => SCORE_STEMS.has(h.stem));
    const plural = unit !== undefined && /[a-z]{2,}s$/.test(unit.norm) && !unit.norm.endsWith('ss') && !scoreOfTotal;
    if (unit && !covered.has(unit.index) && mention.tokens.length > 0 && !mentions.some((m) => m.tokens.includes(unit.index)) && (isAmountNoun(unit) || plural)) {
      for (let k = last + 1; k <= at; k++) covered.add(k);
    }
  }
  return problems;
}

/** Words that open another condition after a comparison: a column named past them is not the compared one. */
const CLAUSE_JOINS = new Set(['and', 'or', 'but']);

/** The words of "as the number of" right after a number (0 when the next word is not "as"). */
function asLinkAfter(parsed: ParsedQuestion, last: number): number {
  const words = parsed.tokens.map((t) => t.norm);
  if (words[last + 1] !== 'as') return 0;
  let at = last + 2;
  if (['the', 'their', 'its', 'his', 'her'].includes(words[at] ?? '')) at++;
  if (['number', 'amount', 'count'].includes(words[at] ?? '') && words[at + 1] === 'of') at += 2;
  return at - last - 1;
}

/** Adjectives of a dimension after a measure ("1.8 m tall"), and the column names that measure it. */
const DIMENSION_ADJECTIVES: Record<string, RegExp> = {
  tall: /\b(height|tall|elevation|altitude)\b/i, high: /\b(height|high|elevation|altitude)\b/i, long: /\b(length|long|distance)\b/i,
  wide: /\b(width|wide|span|breadth)\b/i, deep: /\b(depth|deep)\b/i, heavy: /\b(weight|mass|heavy)\b/i,
};

/** Comparatives of standing, which over places (Rank, Position) may mean the opposite of the numbers' ("above", "below" are read as numbers: "10 or below"). */
const PLACE_DIRECTION_WORDS = new Set(['higher', 'lower', 'better', 'worse']);
/** Verbs of placing after which "above", "below" say a standing, not a number. */
const PLACE_VERBS = new Set(['ranked', 'placed', 'finished', 'rated', 'seeded']);
/** Names of places that are no finishing position: a seed, a starting grid slot. */
const SEED_NAME = /^(seed|seeding|seeded|grid|starting position|start pos)\b/i;

/** The unit of time a numeric column's name says it counts in: "Minutes", "Delay (min)", "Time (s)", "Hours". */
function durationUnitOf(column: CatalogColumn): 'second' | 'minute' | 'hour' | undefined {
  if (column.unit === 'seconds') return 'second';
  const name = column.name.toLowerCase();
  if (/\b(minutes?|mins?)\b/.test(name)) return 'minute';
  if (/\b(hours?|hrs?)\b/.test(name)) return 'hour';
  if (/\b(seconds?|secs?|s)\b/.test(name)) return 'second';
  return undefined;
}
const UNIT_SECONDS = { second: 1, minute: 60, hour: 3600 } as const;

/** A clock text of two parts, as a track list or a timetable writes it: "3:16", "12:05". */
const TWO_PART_CLOCK = /^\d{1,2}:[0-5]\d$/;

/**
 * "How many titles have a run time of at least 2:30?" over a text column whose every value is
 * written "m:ss" or "h:mm" ("3:16", "4:35"; the ingest cannot tell which, so it kept them as
 * text): the question's time is written in the same two parts with no fraction, so whichever the
 * parts are, comparing the first part, then the second, is the same comparison; the SQL reads
 * each cell as first × 60 + second and compares it with the question's time read so. The column
 * is the one named (a text column of such values), else the table's only one. No sum or average
 * is made of them (their unit is unknown), only this condition.
 * @returns the filter (`named` when the column was the one the question named), or undefined
 */
function clockTextCondition(profile: TableProfile, named: ColumnMention | undefined, comparison: Comparison): (Filter & { named: boolean }) | undefined {
  const clock = comparison.duration?.clock;
  if (!clock || clock.parts !== 2 || clock.fraction || comparison.upper !== undefined) return undefined;
  const isClockTexts = (info: ColumnInfo): boolean => {
    const values = info.column.profile.distinct;
    // … and times taken, not times of day: kick-offs and timetables keep round minutes ("12:00", "3:30", "7:05") and repeat them
    const filled = info.column.profile.nullCount === 0 && info.column.profile.distinctCount * 4 >= profile.table.rowCount * 3;
    const roundEverywhere = (values ?? []).every((v) => Number(String(v).trim().slice(-1)) % 5 === 0);
    return info.column.type === 'text' && values !== undefined && values.length >= 2 && info.column.profile.distinctCount === values.length && filled && !roundEverywhere
      && values.every((v) => TWO_PART_CLOCK.test(String(v).trim()));
  };
  const columns = named ? (isClockTexts(named.info) ? [named.info] : []) : profile.columns.filter(isClockTexts);
  if (columns.length !== 1) return undefined;
  const column = columns[0].column;
  const id = sqlIdentifier(column.sqlName);
  const sql = `(split_part(btrim(${id}), ':', 1)::numeric * 60 + split_part(btrim(${id}), ':', 2)::numeric) ${comparison.operator} ${sqlLiteral(comparison.value)}`;
  const shown = `${Math.floor(comparison.value / 60)}:${String(comparison.value % 60).padStart(2, '0')}`;
  return { sql, text: `${column.name} ${OPERATOR_WORDS[comparison.operator]} ${shown}`, tokens: [], column, named: named !== undefined };
}

/**
 * The column a length of time is compared with, and the bound in that column's unit: the named
 * column when it holds times (stopwatch times are seconds) or its name gives a unit of time
 * ("Minutes", "Delay (min)"), else the table's one column of times. A number with a unit over a
 * named column with no unit in its name ("Time" of 9.95 …) is read in the unit written only when
 * that unit is seconds. A problem when no column fits, when the bound is far outside the
 * column's values (a unit mistaken), and when a stopwatch time of two parts with no fraction
 * ("1:10") could be minutes:seconds or hours:minutes over times that reach an hour.
 */
function durationColumn(profile: TableProfile, named: ColumnMention | undefined, comparison: Comparison): { mention: ColumnMention; value: number } | string {
  const shown = 'the time';
  const isTimes = (info: ColumnInfo): boolean => info.numeric && info.column.unit === 'seconds' && !info.column.isAggregateColumn;
  let mention = named && (isTimes(named.info) || durationUnitOf(named.info.column) !== undefined) ? named : undefined;
  if (!mention && named && comparison.duration?.unit === 'second' && /\b(time|times|duration)\b/i.test(named.info.column.name)) mention = named;
  if (!mention) {
    if (named) return `${shown} compared is no ${named.info.column.name}, which holds no times`;
    const times = profile.columns.filter((info) => isTimes(info) || (info.numeric && !info.column.isAggregateColumn && durationUnitOf(info.column) !== undefined));
    if (times.length !== 1) return times.length === 0 ? `${profile.table.sqlName} has no column of times to compare ${shown} with` : `${shown} could be compared with ${times.map((c) => c.column.name).join(' or ')}: say which`;
    mention = { info: times[0], tokens: [], hits: [], strength: 1, exact: 0 };
  }
  const unit = durationUnitOf(mention.info.column) ?? 'second';
  // "under 1:30" over Hours or "Duration (min)": hours:minutes or minutes:seconds is not known; a stopwatch time compares with stopwatch times
  if (comparison.duration?.clock && !isTimes(mention.info)) return `'${shown}' written with a colon may be minutes:seconds or hours:minutes over ${mention.info.column.name}: write it in ${unit}s`;
  const value = comparison.value / UNIT_SECONDS[unit];
  // "at least 5 hours" over times of 4 to 5 minutes: a unit of time off by far is a misreading, not a count of none
  const [min, max] = [Number(mention.info.column.profile.min), Number(mention.info.column.profile.max)];
  if (Number.isFinite(max) && max > 0 && (value > 10 * max || (min > 0 && value < min / 10))) {
    return `${value} ${unit}s is far outside the values of ${mention.info.column.name} (${min} to ${max}): check the unit`;
  }
  const clock = comparison.duration?.clock;
  if (clock && clock.parts === 2 && !clock.fraction && unit === 'second' && max >= 3600) {
    return `a time written with two parts and no fraction may be minutes:seconds or hours:minutes over ${mention.info.column.name}: write it as h:mm:ss or m:ss.00`;
  }
  return { mention, value };
}

/**
 * The scale a column's name says its numbers are written in: "Gross (millions)", "Budget ($m)",
 * "Population (thousands)", "Injuries (US $000)", "Toy sales (US $ Billions)". Undefined when it names none.
 */
export function columnScale(name: string): number | undefined {
  const folded = name.toLowerCase();
  if (/\bbillions?\b|\bbn\b|\$ ?b\b/.test(folded)) return 1e9;
  // "(m)" is millions only beside money ("Budget (m)"); "Height (m)" is metres
  if (/\bmillions?\b|\bmn\b|\bmio\b|\$ ?m\b/.test(folded) || (/\(m\)/.test(folded) && /[$€£]|budget|gross|revenue|sales|income|profit|cost|spend|price|value|earnings|worth|usd|eur|gbp/.test(folded))) return 1e6;
  if (/\bthousands?\b|\$ ?000\b|'000|\(000s?\)|\b000s\b/.test(folded)) return 1e3;
  return undefined;
}
