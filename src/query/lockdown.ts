/**
 * Start-up proof that the query connection is locked down, run on that connection itself:
 * not a superuser, no file reads, no internal tables, no writes, and row-level security that
 * shows a scope's own rows only and nothing under a forged or expired scope.
 * @module query/lockdown
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import { LockdownError, describeError } from '../errors.js';
import { sqlState, type ReaderConnection, type ReaderTransaction } from './reader-connection.js';
import { signScope, type QueryScope } from './scope-token.js';

/** One check's outcome. */
export interface LockdownCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** What `verifyLockdown` proved. */
export interface LockdownReport {
  kind: 'pg' | 'pglite';
  /** True when every check passed. */
  ok: boolean;
  checks: LockdownCheck[];
  /** Known limits of this kind of connection. */
  notes: string[];
  /** Set when the report is a recorded proof reused (`findRecordedProof`): when it was proved, ISO time. */
  provedAt?: string;
}

const PGLITE_NOTE =
  'PGlite: one embedded connection whose session user is a superuser. Queries run READ ONLY under SET LOCAL ROLE gridrag_reader, so grants and row-level security apply, but a statement able to call set_config(\'role\', …) could switch back (the SQL guard refuses set_config). PGlite ignores statement_timeout: the database worker is stopped at the timeout instead.';

type Check = (tx: ReaderTransaction) => Promise<string>;

/** Runs `sql` and passes when Postgres refuses it with one of `states`. */
function refuses(sql: string, states: string[]): Check {
  return async (tx) => {
    try {
      await tx.query(sql);
    } catch (error) {
      const state = sqlState(error);
      if (state && states.includes(state)) return `refused (${state})`;
      throw new LockdownError(`failed with ${state ?? 'no SQLSTATE'} instead of ${states.join('/')}: ${describeError(error)}`);
    }
    throw new LockdownError('succeeded');
  };
}

function countWith(scope: string | null, expected: (count: number) => boolean, label: string): Check {
  return async (tx) => {
    if (scope !== null) await tx.query(`select set_config('gridrag.scope', $1, true)`, [scope]);
    const { rows } = await tx.query(`select count(*)::int as n, count(distinct tenant_id)::int as tenants from tabular_document_rows`);
    const n = Number(rows[0]?.n);
    if (!expected(n)) throw new LockdownError(`${label}: saw ${n} rows`);
    return `${label}: saw ${n} rows`;
  };
}

interface Probe {
  recordId: string;
  tableId: string;
  tenantA: string;
  tenantB: string;
}

/** Two rows of two tenants under one table id, committed so the reader's connection sees them. */
async function insertProbe(db: Db): Promise<Probe> {
  const tag = randomBytes(6).toString('hex');
  const tenantA = `__gridrag_probe_a_${tag}`;
  const tenantB = `__gridrag_probe_b_${tag}`;
  const record = await db.query<{ id: string }>(
    `insert into record_manager (tenant_id, source_kind, source_ref, title, data_type, content_hash)
     values ($1, 'probe', $2, 'lock-down probe', 'tabular', 'probe') returning id`,
    [tenantA, `probe-${tag}`],
  );
  const recordId = record.rows[0].id;
  const table = await db.query<{ id: string }>(
    `insert into tabular_tables (record_id, tenant_id, sql_name, range_a1, columns) values ($1, $2, $3, 'A1:A3', '[]'::jsonb) returning id`,
    [recordId, tenantA, `probe_${tag}`],
  );
  const tableId = table.rows[0].id;
  await db.query(
    `insert into tabular_document_rows (record_id, table_id, tenant_id, sheet_row, row_data)
     values ($1, $2, $3, 2, '{}'::jsonb), ($1, $2, $4, 3, '{}'::jsonb)`,
    [recordId, tableId, tenantA, tenantB],
  );
  return { recordId, tableId, tenantA, tenantB };
}

/**
 * Proves the lock-down on `connection`.
 * @param db the owner connection (inserts and removes two probe rows)
 * @param secret the scope MAC secret
 * @returns the report; `ok` is false when any check failed (the caller raises LockdownError)
 */
export async function verifyLockdown(connection: ReaderConnection, db: Db, secret: string): Promise<LockdownReport> {
  // Probes of a proof that was killed midway (kill -9): a proof takes seconds, so older ones are
  // nobody's (on a server another process may be proving right now).
  await db
    .query(`delete from record_manager where tenant_id like '\\_\\_gridrag\\_probe\\_%' and source_kind = 'probe' and ingested_at < now() - interval '2 minutes'`)
    .catch(() => undefined);
  const probe = await insertProbe(db);
  const later = Date.now() / 1000 + 600;
  const scopeOf = (scope: QueryScope, expiresAt = later) => signScope(secret, scope, expiresAt);
  const own = scopeOf({ tenantId: probe.tenantA, tableIds: [probe.tableId] });
  const forged = `${scopeOf({ tenantId: probe.tenantB, tableIds: [probe.tableId] }).slice(0, -64)}${'0'.repeat(64)}`;
  const wrongSecret = signScope(`${secret}x`, { tenantId: probe.tenantB, tableIds: [probe.tableId] }, later);
  const expired = scopeOf({ tenantId: probe.tenantA, tableIds: [probe.tableId] }, Date.now() / 1000 - 60);

  const checks: [string, Check, boolean][] = [
    ['role has no privileges beyond its grants', roleCheck(connection.kind), true],
    ['row-level security is on and the reader does not own the row table', rlsCheck, true],
    ['read-only transaction refuses a write', refuses(`insert into query_log (tenant_id, outcome) values ('probe', 'ok')`, ['25006', '42501']), true],
    ['no INSERT on the row table', refuses(`insert into tabular_document_rows (record_id, table_id, tenant_id, sheet_row, row_data) values (gen_random_uuid(), gen_random_uuid(), 'probe', 1, '{}')`, ['42501']), false],
    ['no CREATE in schema public', refuses('create table gridrag_lockdown_probe (n int)', ['42501']), false],
    ['pg_read_file is refused', refuses(`select pg_read_file('/etc/passwd')`, ['42501']), true],
    ['record_manager is not readable', refuses('select count(*) from record_manager', ['42501']), true],
    ['tabular_tables is not readable', refuses('select count(*) from tabular_tables', ['42501']), true],
    ['query_log is not readable', refuses('select count(*) from query_log', ['42501']), true],
    ['the scope secret is not readable', refuses('select secret from gridrag_scope_secret', ['42501']), true],
    ['webhook secrets (api_keys) are not readable', refuses('select webhook_secret from api_keys', ['42501']), true],
    ['Slack bot tokens (slack_workspaces) are not readable', refuses('select bot_token from slack_workspaces', ['42501']), true],
    ['a signed scope sees its own tenant’s row only', countWith(own, (n) => n === 1, 'own scope'), true],
    ['no scope sees nothing', countWith(null, (n) => n === 0, 'no scope'), true],
    ['a forged MAC sees nothing', countWith(forged, (n) => n === 0, 'forged scope'), true],
    ['a scope signed with another secret sees nothing', countWith(wrongSecret, (n) => n === 0, 'wrong secret'), true],
    ['an expired scope sees nothing', countWith(expired, (n) => n === 0, 'expired scope'), true],
  ];
  if (connection.kind === 'pg') {
    checks.push(['cannot switch role', refuses(`select set_config('role', 'postgres', true)`, ['42501', '22023', '42704']), true]);
  }

  const results: LockdownCheck[] = [];
  try {
    for (const [name, check, readOnly] of checks) {
      try {
        const detail = await connection.transaction((tx) => check(tx), { readOnly });
        results.push({ name, ok: true, detail });
      } catch (error) {
        results.push({ name, ok: false, detail: describeError(error) });
      }
    }
  } finally {
    await db.query('delete from record_manager where id = $1', [probe.recordId]).catch(() => undefined);
  }
  return {
    kind: connection.kind,
    ok: results.every((result) => result.ok),
    checks: results,
    notes: connection.kind === 'pglite' ? [PGLITE_NOTE] : [],
  };
}

function roleCheck(kind: 'pg' | 'pglite'): Check {
  return async (tx) => {
    const { rows } = await tx.query(
      `select r.rolname, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls, r.rolreplication, r.rolinherit,
              (select count(*)::int from pg_auth_members m where m.member = r.oid) as memberships,
              session_user::text as session_name
       from pg_roles r where r.rolname = current_user`,
    );
    const role = rows[0];
    if (!role) throw new LockdownError('current role not found');
    const powers = ['rolsuper', 'rolcreaterole', 'rolcreatedb', 'rolbypassrls', 'rolreplication', 'rolinherit'].filter((key) => role[key] === true);
    if (powers.length > 0) throw new LockdownError(`role ${String(role.rolname)} has ${powers.join(', ')}`);
    if (Number(role.memberships) !== 0) throw new LockdownError(`role ${String(role.rolname)} is a member of ${String(role.memberships)} roles`);
    if (kind === 'pg' && role.session_name !== role.rolname) throw new LockdownError(`logged in as ${String(role.session_name)}, not as ${String(role.rolname)}`);
    return `role ${String(role.rolname)}: no superuser, createrole, createdb, bypassrls, inherit or memberships`;
  };
}

const rlsCheck: Check = async (tx) => {
  const { rows } = await tx.query(
    `select c.relrowsecurity, pg_get_userbyid(c.relowner) = current_user as owns
     from pg_class c where c.oid = 'public.tabular_document_rows'::regclass`,
  );
  if (rows[0]?.relrowsecurity !== true) throw new LockdownError('row-level security is off on tabular_document_rows');
  if (rows[0]?.owns === true) throw new LockdownError('the reader owns tabular_document_rows and so bypasses row-level security');
  return 'row-level security on, owned by another role';
};

/*
 * Recorded proofs. A full proof takes 15 transactions (about 0.4 s embedded), so a command-line
 * `ask` would pay it on every start. The proof depends on the database's security state, not on
 * its rows: it is recorded (owner-only table `gridrag_lockdown_proofs`) under a fingerprint of
 * everything the checks rely on, as the reader connection sees it, and reused while the
 * fingerprint is unchanged and the proof is younger than a day. Any change to roles,
 * memberships, grants, row-level security, policies, functions, the secret or these checks
 * changes the fingerprint, and the full proof runs again (and refuses when it fails).
 */

/** Bump when a check changes meaning without changing its name. */
const PROOF_VERSION = 1;
/** Longest a recorded proof is reused, in milliseconds. */
export const PROOF_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const PROOF_TABLE = 'gridrag_lockdown_proofs';

/** The security state the checks depend on, from the catalogs (objects by oid: a dropped and recreated object differs), in one read-only reader transaction. */
const FINGERPRINT_SQL = `select md5(concat_ws(E'\\n',
  version(), current_database(), current_user, session_user,
  (select concat_ws(',', oid, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls) from pg_roles where rolname = current_user),
  (select string_agg(concat_ws(':', roleid, member, admin_option), ',' order by roleid, member) from pg_auth_members),
  (select string_agg(concat_ws(':', c.oid, c.relname, c.relnamespace, c.relkind, c.relacl, c.relowner, c.relrowsecurity, c.relforcerowsecurity), ',' order by c.oid)
     from pg_class c where c.relkind in ('r', 'v', 'm', 'p', 'f') and c.relnamespace in (select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%')),
  (select string_agg(concat_ws(':', oid, nspname, nspacl, nspowner), ',' order by oid) from pg_namespace where nspname not like 'pg\\_temp%' and nspname not like 'pg\\_toast\\_temp%'),
  (select string_agg(concat_ws(':', oid, polrelid, polname, polcmd, polpermissive, polroles, polqual, polwithcheck), ',' order by oid) from pg_policy),
  (select string_agg(concat_ws(':', oid, proname, pronamespace, proargtypes, proacl, prosecdef, proconfig, proowner, md5(prosrc)), ',' order by oid)
     from pg_proc where proacl is not null or pronamespace <> 'pg_catalog'::regnamespace),
  (select concat_ws(':', datacl, datdba) from pg_database where datname = current_database()),
  (select string_agg(concat_ws(':', defaclrole, defaclnamespace, defaclobjtype, defaclacl), ',') from pg_default_acl)
)) as state`;

/**
 * The fingerprint a proof is recorded under: the catalog state above as the reader sees it,
 * the secret (hashed) and this module's checks (their code).
 */
export async function lockdownFingerprint(connection: ReaderConnection, secret: string): Promise<string> {
  const state = await connection.transaction(async (tx) => String((await tx.query(FINGERPRINT_SQL)).rows[0]?.state ?? ''), { readOnly: true });
  return createHash('sha256')
    .update([PROOF_VERSION, connection.kind, state, createHash('sha256').update(secret).digest('hex'), verifyLockdown.toString(), FINGERPRINT_SQL].join('\n'))
    .digest('hex');
}

/**
 * The recorded proof that still holds for this connection, if any: a passing proof recorded
 * under the current fingerprint, younger than `PROOF_MAX_AGE_MS`. Creates the owner-only proof
 * table on first use. Never throws: without the table or the rights to it, there is no proof.
 * @returns the fingerprint (null when it could not be taken) and the proof (null when none holds)
 */
export async function recordedProof(connection: ReaderConnection, db: Db, secret: string): Promise<{ fingerprint: string | null; report: LockdownReport | null }> {
  try {
    // The table exists before the fingerprint is taken: creating it changes the catalogs.
    // Row-level security with no policy, as the migrations do for every table of ours: roles that
    // default privileges grant new tables to (Supabase's API roles) see and write nothing; the owner bypasses it.
    await db
      .query(`select 1 from ${PROOF_TABLE} limit 0`)
      .catch(() =>
        db.exec(
          `create table if not exists ${PROOF_TABLE} (fingerprint text primary key, report jsonb not null, proved_at timestamptz not null default now());
           revoke all on table ${PROOF_TABLE} from public;
           alter table ${PROOF_TABLE} enable row level security;`,
        ),
      );
    const fingerprint = await lockdownFingerprint(connection, secret);
    const found = await db.query<{ report: LockdownReport; proved_at: Date }>(`select report, proved_at from ${PROOF_TABLE} where fingerprint = $1`, [fingerprint]);
    const row = found.rows[0];
    const fresh = row !== undefined && Date.now() - new Date(row.proved_at).getTime() <= PROOF_MAX_AGE_MS;
    if (!fresh || row.report?.ok !== true) return { fingerprint, report: null };
    return { fingerprint, report: { ...row.report, provedAt: new Date(row.proved_at).toISOString() } };
  } catch {
    return { fingerprint: null, report: null };
  }
}

/**
 * Records a passing proof under `fingerprint`, taken before the proof ran, when the state is
 * still the same after it (failures are never recorded). Never throws.
 */
export async function recordProof(connection: ReaderConnection, db: Db, secret: string, fingerprint: string, report: LockdownReport): Promise<void> {
  if (!report.ok) return;
  try {
    if ((await lockdownFingerprint(connection, secret)) !== fingerprint) return;
    await db.query(
      `insert into ${PROOF_TABLE} (fingerprint, report) values ($1, $2::jsonb)
       on conflict (fingerprint) do update set report = excluded.report, proved_at = now()`,
      [fingerprint, JSON.stringify(report)],
    );
  } catch {
    // No table or no rights: the proof runs again next time.
  }
}
