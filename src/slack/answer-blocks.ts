/**
 * Answers as Slack messages (Block Kit): the answer line, a small table of grouped results
 * (capped, "and N more"), the sources (file › sheet › range, validation outcome), the SQL in
 * a context block, and a link to the web page. Also the messages for an unlinked workspace,
 * a decline and a failure. Pure functions: JSON in, JSON out.
 * @module slack/answer-blocks
 */
import type { AskResult } from '../app/index.js';
import { printable } from '../printable-text.js';

/** A Slack message: fallback `text` (notifications, screen readers) and `blocks`. */
export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

/** Rows shown in the table of a grouped result; the rest are counted ("and N more"). */
export const TABLE_ROW_CAP = 10;
/** Longest text of one section block (Slack's limit is 3000 characters). */
const SECTION_LIMIT = 2900;

/** Escapes `&`, `<`, `>` as Slack's mrkdwn requires. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return printable(String(value));
}

/** The answer text without its `Source:` and `SQL:` lines (they get their own blocks). */
function answerLines(answer: AskResult): string {
  return answer.answer
    .split('\n')
    .filter((line) => !/^(Sources?|SQL):/.test(line))
    .join('\n')
    .trim();
}

/** A fixed-width table of the first `TABLE_ROW_CAP` rows, in a code block. */
function tableText(answer: AskResult): string {
  const shown = answer.rows.slice(0, TABLE_ROW_CAP);
  const grid = [answer.columns, ...shown.map((row) => answer.columns.map((column) => cellText(row[column])))].map((cells) => cells.map((cell) => clip(cell, 40)));
  const widths = answer.columns.map((_, index) => Math.max(...grid.map((cells) => cells[index].length)));
  const lines = grid.map((cells) => cells.map((cell, index) => cell.padEnd(widths[index])).join('  ').trimEnd());
  lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  const more = Math.max(answer.rowCount, answer.rows.length) - shown.length;
  return `\`\`\`${escapeMrkdwn(clip(lines.join('\n'), SECTION_LIMIT - 100))}\`\`\`${more > 0 ? `\n_and ${more} more_` : ''}`;
}

/** `file › sheet › range (outcome)` for each source, names escaped (`printable`: a line break in a file name stays `\n`). */
export function sourceLines(answer: AskResult): string[] {
  return answer.sources.map((source) => printable([source.path ?? source.file, source.sheet, source.range].filter((part) => part).join(' › ')) + ` (${source.outcome})`);
}

/** The link to the web page for a question, when `publicUrl` is set. */
export function webLink(publicUrl: string | undefined, question: string): string | undefined {
  if (!publicUrl) return undefined;
  return `${publicUrl.replace(/\/+$/, '')}/?q=${encodeURIComponent(question)}`;
}

/**
 * The message for an answer. A decline (`mode: 'none'`) is shown as such, with what could
 * not be mapped, never as a number.
 * @param options.publicUrl GRIDRAG_PUBLIC_URL, for the link to the web page
 */
export function answerMessage(answer: AskResult, options: { publicUrl?: string } = {}): SlackMessage {
  const lines = answerLines(answer);
  if (answer.mode === 'none') {
    const text = lines || 'I cannot answer that from the data.';
    return { text: escapeMrkdwn(clip(text, SECTION_LIMIT)), blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:grey_question: ${escapeMrkdwn(clip(text, SECTION_LIMIT))}` } }] };
  }
  const [headline, ...rest] = lines.split('\n');
  const blocks: Record<string, unknown>[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(clip(headline, 500))}*${rest.length ? `\n${escapeMrkdwn(clip(rest.join('\n'), SECTION_LIMIT - 600))}` : ''}` } },
  ];
  if (answer.rows.length > 1 && answer.columns.length > 0) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: tableText(answer) } });
  }
  const sources = sourceLines(answer);
  if (sources.length > 0) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: clip(`*Sources:* ${sources.map(escapeMrkdwn).join(' · ')}`, SECTION_LIMIT) }] });
  }
  if (answer.sql) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: clip(`*SQL:* \`${escapeMrkdwn(answer.sql.replace(/`/g, "'"))}\``, SECTION_LIMIT) }] });
  }
  const link = webLink(options.publicUrl, answer.question);
  if (link) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `<${link}|Open in gridrag (chart and rows)>` }] });
  // The plain-text fallback (notifications, screen readers) is read as mrkdwn too: escaped like the blocks, so a cell `<!channel>` pings no one.
  return { text: escapeMrkdwn(clip(`${headline}${sources.length ? ` (source: ${sources.join('; ')})` : ''}`, SECTION_LIMIT)), blocks };
}

/** The message for a workspace that no `gridrag slack link` names. It reads nothing. */
export function unlinkedMessage(teamId: string): SlackMessage {
  const text = `This Slack workspace (${teamId}) is not linked to any gridrag data yet. An administrator links it with: gridrag slack link --team ${teamId} --tenant <tenant>`;
  return { text: escapeMrkdwn(text), blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:lock: ${escapeMrkdwn(text)}` } }] };
}

/** The short apology for a failure; the error itself goes to the log. */
export function failureMessage(code: string): SlackMessage {
  const text = `Sorry, I could not answer that right now (error ${code}). It has been logged; please try again later.`;
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${escapeMrkdwn(text)}` } }] };
}

/** The reply to an empty question. */
export function usageMessage(): SlackMessage {
  const text = 'Ask me a question about your data, e.g. `/gridrag Which location had the most complaints in March 2025?` or mention me with it.';
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}
