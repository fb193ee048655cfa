/** @module db: the Db port, its PGlite and pg adapters, migrations. */
export type { Db, DbQueryResult, Queryable, TransactionLimits } from './db.js';
export { encodeCopyText, quoteIdentifier, PG_TYPE } from './db.js';
export { createDb, createPgDb, createPgliteDb, type CreateDbOptions } from './create-db.js';
export { migrate, MIGRATIONS_DIR } from './migrate.js';
export { pgConnectionString, sendCancelRequests, trackCheckedOut, type PgConnectionString } from './pg-connection.js';
