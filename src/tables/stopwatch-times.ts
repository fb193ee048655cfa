/**
 * Stopwatch times written without a fraction of a second (`2:03:32`, `4:05`): when a column of
 * them is times taken (race results, song lengths), read as seconds; when it is times of day,
 * a schedule's slots or scores, left as text.
 * @module tables/stopwatch-times
 */
import type { Observation } from './observe-cells.js';
import { readClockText, type ClockText } from './values.js';

/**
 * Headers of a time of day, never of a stopwatch time: a fixture list's kick-off, a timetable's
 * departures and arrivals, a broadcast slot, a time zone (`Time (ET)`, `Local time`), a timestamp.
 */
const TIME_OF_DAY_HEADER = /\b(kick[\s-]?offs?|ko|tip[\s-]?offs?|face[\s-]?offs?|first pitch|starts?|starting|start time|begins?|departures?|departs?|dep|arrivals?|arrives?|arr|opens?|opening|closes?|closing|sunrise|sunset|doors|curfew|clock|local|utc|gmt|cet|cest|bst|est|edt|cst|cdt|mst|mdt|pst|pdt|et|ct|mt|pt|time of day|timestamp|datetime|date ?\/ ?time|date and time|scheduled?|slot|timeslot|tv|broadcast|airs?|aired|airing|airtime|showtimes?|hour|uhrzeit|anstoß|anstoss|heure|hora|orario)\b/i;
/**
 * Headers of a length of time (`Duration`, `Running time`, `Elapsed`): the values are no times of
 * day, but `1:30` may be hours and minutes as well as minutes and seconds.
 */
const ELAPSED_HEADER = /\b(durations?|running ?times?|run ?times?|runtimes?|playing ?times?|play ?times?|elapsed|total ?times?|dauer|laufzeit|spielzeit|dur[ée]e|durata|duraci[óo]n)\b/i;
/**
 * Headers of a song's or a lap's length, or a race's margin (`Length`, `Lap`, `Split`, `Pace`, `Time
 * behind`, `Chip time`): no times of day; `m:ss` alone is minutes and seconds only under a lap's,
 * a pace's or a gap's header (`TWO_PART_HEADER`: a film's `Length 2:40` is hours and minutes).
 */
const LAP_HEADER = /\b(lengths?|laps?|lap ?times?|best ?lap|fastest ?lap|pace|behind|gap|chip ?time|gun ?time|net ?time|winning ?time|track ?time)\b/i;
/** Headers under which `m:ss` alone is minutes and seconds: a lap is never an hour long, a pace is per kilometre or mile, a gap is behind the winner. */
const TWO_PART_HEADER = /\b(laps?|lap ?times?|best ?lap|fastest ?lap|pace|behind|gap)\b/i;
/**
 * Headers of a race's results (`Time`, `Result`, `Mark`, `Finish`, `Performance`, `PB`): `m:ss` is
 * minutes and seconds, but a `Time` may be a time of day (a fixture list's `15:00`) and a `Result`
 * a score (`28:25`): the values must show they are neither (`looksElapsed`).
 */
const RESULT_HEADER = /\b(times?|results?|marks?|finish|finishing|performances?|perf|pb|sb|personal best|season best|best)\b/i;
/** Headers whose values may be a match's score (`Result 28:25`, `Half-time 14:12`: handball, volleyball sets). */
const SCORE_HEADER = /\b(results?|scores?|half[\s-]?time|full[\s-]?time|ht|ft|sets?|agg|aggregate)\b/i;

/**
 * Stopwatch times written without a fraction of a second (`2:03:32`, `4:05`), read as seconds
 * when the whole column and its header say they are times taken, not times of day, scores or
 * ratios (`readClockText` reads each text): every value is such a text (one `DNF` keeps the column
 * text, as beside fractional times), and
 * - a fractional stopwatch time beside them (`1:48.52` above `1:50`) says the column is times
 *   of one race, whatever its header (plain seconds `38.77` may stand beside them then);
 * - else the header must name a length of time or a race's results and no time of day
 *   (`Kick-off`, `Departure`, `Time (ET)`, `TV time` stay text);
 * - two parts alone (`1:30`, `14:46`) are minutes and seconds only under a lap's, a pace's or a
 *   gap's header (`Lap`, `Pace`, `Behind`) or beside `h:mm:ss` times in the column; under
 *   `Time`, `Result`, `Length`, `Duration` or `Flight time` they may be hours and minutes or a
 *   time of day, and stay text;
 * - under a `Time`, `Result`, `Mark`, `Finish` header the values must look elapsed: no hour
 *   written with a leading zero (`09:30`, `04:14:00` are clock readings), not every last part a
 *   multiple of 5 (`15:00`, `19:45`, `12:30`: kick-offs and timetables keep round minutes;
 *   times taken rarely do), no value repeated in over a quarter of them (a schedule's slot:
 *   `7:07` `7:07` `1:07`), at least two of them, and `h:mm:ss` hours small (under 10, or 24
 *   and up, which no clock shows). Under `Result` (or `Score`, `Half-time`), `m:ss` alone also
 *   needs a last part written with a leading zero (`4:05`): a score (`28:25`) never pads its
 *   second side.
 * Returns the observations with those texts as numbers of seconds (`duration`), or null when the
 * column has no such texts or they stay text. An Excel time cell (`excelTime`) is never read so.
 */
export function stopwatchTexts(observations: Observation[], headerName: string | undefined): Observation[] | null {
  const readings = new Map<Observation, ClockText>();
  let fractional = 0;
  let plain = 0;
  for (const observation of observations) {
    if (observation.kind === 'empty' || observation.kind === 'error') continue;
    if (observation.kind === 'number') {
      if (observation.duration) fractional++;
      else if (observation.identifierText !== undefined || observation.percent || observation.currency) return null;
      else plain++;
      continue;
    }
    if (observation.kind !== 'text' || observation.excelTime) return null;
    let reading = readings.get(observation);
    if (reading === undefined) {
      const read = readClockText(observation.text);
      if (read === null) return null;
      reading = read;
      readings.set(observation, reading);
    }
  }
  if (readings.size === 0 || !(fractional > 0 || (plain === 0 && stopwatchHeader(observations, readings, headerName)))) return null;
  const numbers = new Map<Observation, Observation>();
  for (const [observation, reading] of readings) {
    numbers.set(observation, { kind: 'number', value: reading.seconds, percent: false, text: (observation as { text: string }).text, duration: true });
  }
  return observations.map((observation) => numbers.get(observation) ?? observation);
}

/** The header and values of a column of times without fractions say they are times taken (see `stopwatchTexts`). */
function stopwatchHeader(observations: Observation[], readings: Map<Observation, ClockText>, headerName: string | undefined): boolean {
  if (headerName === undefined || TIME_OF_DAY_HEADER.test(headerName)) return false;
  const lap = LAP_HEADER.test(headerName);
  const elapsed = lap || ELAPSED_HEADER.test(headerName);
  if (!elapsed && !RESULT_HEADER.test(headerName)) return false;
  const values: ClockText[] = [];
  for (const observation of observations) {
    const reading = readings.get(observation);
    if (reading !== undefined) values.push(reading);
  }
  const long = values.some((value) => value.parts === 3);
  const short = values.some((value) => value.parts === 2);
  // "1:30" alone is an hour and a half or a minute and a half, "14:46" a time of day, "52:48" a split:
  // minutes and seconds only beside "1:02:03" in the column, or under a lap's or a pace's header
  if (short && !long && !TWO_PART_HEADER.test(headerName)) return false;
  if (elapsed) return true;
  return looksElapsed(values, SCORE_HEADER.test(headerName));
}

/**
 * Values under a `Time` or `Result` header that are times taken, not clock readings or scores:
 * at least two, no leading zero on the first part, not every last part a multiple of 5, no
 * value repeated in over a quarter of them, hours
 * of `h:mm:ss` under 10 (or 24 and up); with `score` (the header may name a score: `Result`,
 * `Half-time`), `m:ss` alone needs a padded last part (`4:05`).
 */
function looksElapsed(values: ClockText[], score: boolean): boolean {
  if (values.length < 2 || values.some((value) => value.paddedFirst)) return false;
  if (values.every((value) => value.last % 5 === 0)) return false;
  // A schedule repeats its slots (every 7:07 start); times taken rarely coincide.
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value.seconds, (counts.get(value.seconds) ?? 0) + 1);
  if ([...counts.values()].some((count) => count > 1 && count * 4 > values.length)) return false;
  const hours = values.filter((value) => value.parts === 3).map((value) => value.first);
  if (hours.length > 0 && !hours.some((hour) => hour >= 24) && hours.some((hour) => hour >= 10)) return false;
  if (score && hours.length === 0 && !values.some((value) => value.last < 10)) return false;
  return true;
}
