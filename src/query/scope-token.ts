/**
 * The row-level scope a query runs under, signed so the query cannot forge it. The reader
 * role's policy on `tabular_document_rows` admits only rows whose tenant and table id the
 * transaction's `gridrag.scope` setting names, after `gridrag_verified_scope()` (migration
 * 20261130000300) recomputes the MAC with a secret the reader cannot read.
 *
 * Format: `<tenant as UTF-8 hex>|<uuid,uuid…>|<expiry, epoch seconds>[|<levels>]|<mac>` where
 * mac = hex(sha256(secret ‖ hex(sha256(secret ‖ payload)))) and payload is every field before
 * the mac joined by `|` (the nested hash defeats length extension). The optional `<levels>`
 * field is the UTF-8 hex of the caller's access levels joined by `,` (migration
 * 20261201000400): the policy then admits only tables whose record carries one of them.
 * @module query/scope-token
 */
import { createHash } from 'node:crypto';
import { InternalError } from '../errors.js';

/** Whose rows, of which tables, a query may read. */
export interface QueryScope {
  tenantId: string;
  /** Ids of the stored tables (`tabular_tables.id`) offered to this conversation. */
  tableIds: string[];
  /**
   * Access levels the caller holds (`all` included when meant); only records carrying one of
   * them are readable. Undefined: every level (the tenant's owner, e.g. the command line).
   */
  accessLevels?: string[];
}

/** What an access level may look like: lower-case letters, digits, `_` and `-`, up to 64. */
export const ACCESS_LEVEL = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Signs a scope.
 * @param secret the value of `gridrag_scope_secret.secret`
 * @param expiresAt epoch seconds after which the database refuses the scope
 * @throws Error when a table id is not a UUID or a level is malformed (a bug in the caller, not user input)
 */
export function signScope(secret: string, scope: QueryScope, expiresAt: number): string {
  const ids = scope.tableIds.map((id) => id.toLowerCase());
  for (const id of ids) if (!UUID.test(id)) throw new InternalError(`scope: not a table id: ${id}`);
  let payload = `${Buffer.from(scope.tenantId, 'utf8').toString('hex')}|${ids.join(',')}|${Math.floor(expiresAt)}`;
  if (scope.accessLevels !== undefined) {
    for (const level of scope.accessLevels) if (!ACCESS_LEVEL.test(level)) throw new InternalError(`scope: not an access level: ${level}`);
    payload += `|${Buffer.from(scope.accessLevels.join(','), 'utf8').toString('hex')}`;
  }
  return `${payload}|${sha256Hex(secret + sha256Hex(secret + payload))}`;
}
