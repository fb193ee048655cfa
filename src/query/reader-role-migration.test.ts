import { afterAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../db/index.js';
import { DB_ADAPTERS, type TestDb } from '../../test/helpers/db-adapters.js';

const FILE = path.join(MIGRATIONS_DIR, '20261130000300_reader_role.sql');

async function migrationFor(role: string): Promise<string> {
  return (await readFile(FILE, 'utf8')).replaceAll('gridrag_reader', role);
}

describe('20261130000300_reader_role.sql', () => {
  it('applies again on an embedded database without change', async () => {
    const adapter = DB_ADAPTERS.find((entry) => entry.name === 'pglite')!;
    const test = await adapter.create();
    try {
      const before = (await test.db.query<{ secret: string }>('select secret from gridrag_scope_secret')).rows;
      await test.db.exec(await readFile(FILE, 'utf8'));
      await test.db.exec(await readFile(FILE, 'utf8'));
      expect((await test.db.query('select secret from gridrag_scope_secret')).rows).toEqual(before);
      const policies = await test.db.query<{ n: number }>(`select count(*)::int as n from pg_policies where tablename = 'tabular_document_rows'`);
      expect(policies.rows[0].n).toBe(1);
      const grants = await test.db.query<{ rows: boolean; records: boolean }>(
        `select has_table_privilege('gridrag_reader', 'tabular_document_rows', 'select') as rows,
                has_table_privilege('gridrag_reader', 'record_manager', 'select') as records`,
      );
      expect(grants.rows[0]).toEqual({ rows: true, records: false });
    } finally {
      await test.dispose();
    }
  });

  const server = DB_ADAPTERS.find((entry) => entry.name === 'pg');
  if (server) {
    const role = `gridrag_reader_t${randomBytes(4).toString('hex')}`;
    const made: TestDb[] = [];
    afterAll(async () => {
      for (const test of made) await test.dispose();
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    });

    it('creates the cluster-wide role once when several databases migrate at the same time, and again is a no-op', async () => {
      made.push(...(await Promise.all([server.create(), server.create(), server.create()])));
      const sql = await migrationFor(role);
      await Promise.all(made.map((test) => test.db.transaction((tx) => tx.exec(sql))));
      await Promise.all(made.map((test) => test.db.transaction((tx) => tx.exec(sql))));
      const { rows } = await made[0].db.query<Record<string, boolean>>(
        `select rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolinherit, rolbypassrls from pg_roles where rolname = $1`,
        [role],
      );
      expect(rows).toEqual([{ rolcanlogin: true, rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolinherit: false, rolbypassrls: false }]);
      const settings = await made[0].db.query<{ setconfig: string[] }>(
        `select s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where r.rolname = $1`,
        [role],
      );
      expect(settings.rows).toEqual([{ setconfig: ['track_activities=off'] }]);
      for (const test of made) {
        const grants = await test.db.query<Record<string, boolean>>(
          `select has_table_privilege($1, 'tabular_document_rows', 'select') as rows,
                  has_table_privilege($1, 'tabular_document_rows', 'insert') as insert_rows,
                  has_table_privilege($1, 'record_manager', 'select') as records,
                  has_table_privilege($1, 'gridrag_scope_secret', 'select') as secret,
                  has_schema_privilege($1, 'public', 'create') as create_public`,
          [role],
        );
        expect(grants.rows[0]).toEqual({ rows: true, insert_rows: false, records: false, secret: false, create_public: false });
      }
    }, 60_000);
  }
});
