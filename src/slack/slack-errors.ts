/**
 * What a Slack call's failure may say in a log line. The errors of @slack/web-api and of Bolt's
 * `respond` wrap an Axios error whose `config` holds the bot token three times (the
 * `Authorization: Bearer` header, the `token=` form body, the raw `_header`) and the slash
 * command's `response_url` (a capability URL: whoever holds it may post in the channel). Only a
 * summary leaves here: the error code, the HTTP status, Slack's own error string, and a message
 * with secrets redacted and every URL cut down to its host.
 * @module slack/slack-errors
 */
import { redactSecrets } from '../redact-secrets.js';

/** The loggable part of a failed Slack call. */
export interface SlackErrorSummary {
  /** The library's code (`slack_webapi_platform_error`) or the system's (`ENOTFOUND`, `ECONNREFUSED`, `ETIMEDOUT`). */
  code?: string;
  /** The system error code under a wrapper (`ENOTFOUND`), when there is one. */
  cause?: string;
  /** HTTP status Slack answered with. */
  status?: number;
  /** Slack's `error` field (`invalid_auth`, `channel_not_found`). */
  slackError?: string;
  /** The message: secrets redacted, URLs cut to their host. */
  message: string;
}

/** Error codes of a request that never reached Slack (no network, DNS, refused, timed out). */
const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ERR_NETWORK', 'UND_ERR_CONNECT_TIMEOUT']);

const URL_PATTERN = /\bhttps?:\/\/[^\s/?#'"<>]+[^\s'"<>]*/gi;

/** `https://hooks.slack.com/commands/T1/2/abc` → `https://hooks.slack.com/…`: the host only. */
export function urlHostOnly(text: string): string {
  return text.replace(URL_PATTERN, (url) => {
    const match = /^(https?:\/\/)([^\s/?#]+)(.*)$/i.exec(url);
    if (!match) return url;
    const host = match[2]!.replace(/^[^@]*@/, ''); // never a user:password
    return match[3] ? `${match[1]}${host}/…` : `${match[1]}${host}`;
  });
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/**
 * The summary of any error from a Slack call (web-api's coded errors, Axios errors, plain
 * errors, anything thrown). Never includes request config, headers or bodies.
 */
export function summarizeSlackError(error: unknown): SlackErrorSummary {
  // Bolt wraps the errors of several listeners in one (`originals`): the first speaks for them.
  const originals = record(error)?.originals;
  if (Array.isArray(originals) && originals.length > 0) return summarizeSlackError(originals[0]);
  const top = record(error);
  const message = urlHostOnly(redactSecrets(error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error'));
  if (!top) return { message };
  const summary: SlackErrorSummary = { message };
  if (typeof top.code === 'string') summary.code = top.code;
  const inner = record(top.original) ?? record(top.cause);
  if (inner && typeof inner.code === 'string' && inner.code !== summary.code) summary.cause = inner.code;
  const response = record(top.response) ?? record(inner?.response);
  const status = top.statusCode ?? response?.status;
  if (typeof status === 'number') summary.status = status;
  const data = record(top.data) ?? record(response?.data);
  if (data && typeof data.error === 'string') summary.slackError = data.error;
  return summary;
}

/** True when the call never reached Slack (DNS, connection, timeout), as opposed to Slack refusing it. */
export function isUnreachable(summary: SlackErrorSummary): boolean {
  return (summary.code !== undefined && NETWORK_CODES.has(summary.code)) || (summary.cause !== undefined && NETWORK_CODES.has(summary.cause)) || summary.code === 'slack_webapi_request_error';
}

/**
 * One phrase for a log message: "Slack could not be reached (ENOTFOUND slack.com)" or
 * "Slack refused it (invalid_auth)" or "Slack answered HTTP 503".
 */
export function describeSlackFailure(summary: SlackErrorSummary): string {
  if (isUnreachable(summary)) {
    const host = /\b(?:ENOTFOUND|EAI_AGAIN)\s+(\S+)/.exec(summary.message)?.[1];
    return `Slack could not be reached (${[summary.cause ?? summary.code, host].filter(Boolean).join(' ')})`;
  }
  if (summary.slackError) return `Slack refused it (${summary.slackError})`;
  if (summary.status !== undefined) return `Slack answered HTTP ${summary.status}`;
  return `the Slack call failed (${summary.message})`;
}
