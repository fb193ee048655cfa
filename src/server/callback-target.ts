/**
 * Where a webhook may POST its answer: a `callback_url` whose host is (or resolves to) a
 * loopback, private, link-local, unique-local or unspecified address is refused, so a key holder
 * cannot make the server call services on its own network (server-side request forgery; OWASP
 * SSRF Prevention Cheat Sheet). Hosts named in `GRIDRAG_CALLBACK_ALLOW_HOSTS` are let through.
 * @module server/callback-target
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { RequestError } from './request-errors.js';

/** Address ranges that are not the public internet (IANA special-purpose registries). */
const INTERNAL_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
];

const INTERNAL = new BlockList();
for (const [address, prefix, family] of INTERNAL_RANGES) INTERNAL.addSubnet(address, prefix, family);

function isInternal(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  return INTERNAL.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Refuses a callback URL that points inside the server's network.
 * @param allowHosts host names or addresses accepted whatever they resolve to (lower case)
 * @throws RequestError `INVALID_REQUEST` naming the host, when it is internal or does not resolve
 */
export async function checkCallbackTarget(url: string, allowHosts: readonly string[]): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowHosts.includes(host)) return;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    throw new RequestError('INVALID_REQUEST', `callback_url: the host ${host} does not resolve`);
  }
  if (addresses.some(isInternal)) {
    throw new RequestError(
      'INVALID_REQUEST',
      `callback_url: ${host} is a loopback, private or link-local address; callbacks go to public hosts only (list a trusted internal host in GRIDRAG_CALLBACK_ALLOW_HOSTS)`,
    );
  }
}

/** `GRIDRAG_CALLBACK_ALLOW_HOSTS` (comma-separated) as a list. */
export function parseAllowHosts(text: string | undefined): string[] {
  return (text ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
}
