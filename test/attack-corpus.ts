/**
 * Hostile SQL a model (or a prompt injected into a spreadsheet) might write, each with the
 * guard's expected refusal reason. The conversation offers the views `orders` and `feedback`.
 * The guard test expects every one refused; the executor test runs every one with the guard
 * bypassed and expects no write, no file, no other tenant's row and no secret to come back.
 */

export interface Attack {
  sql: string;
  /** What it tries. */
  note: string;
  /** The guard's `SqlRejectedError.reason`. */
  reason: string;
  /**
   * Runs without bound unless a statement timeout stops it. PGlite enforces none, so the
   * executor test runs these on a Postgres server only (on PGlite the guard alone stops them).
   */
  unbounded?: true;
}

const attack = (reason: string, note: string, sql: string): Attack => ({ sql, note, reason });
const unbounded = (reason: string, note: string, sql: string): Attack => ({ sql, note, reason, unbounded: true });

export const ATTACKS: Attack[] = [
  // Reading and writing files on the server.
  attack('FORBIDDEN_FUNCTION', 'read a server file', `select pg_read_file('/etc/passwd')`),
  attack('FORBIDDEN_FUNCTION', 'read a server file as bytes', `select pg_read_binary_file('/etc/passwd') from orders`),
  attack('FORBIDDEN_FUNCTION', 'import a file as a large object', `select lo_import('/etc/passwd')`),
  attack('FORBIDDEN_FUNCTION', 'export a large object to a file', `select lo_export(lo_import('/etc/passwd'), '/tmp/gridrag_attack')`),
  attack('FORBIDDEN_FUNCTION', 'read a large object', `select lo_get(1)`),
  attack('FORBIDDEN_FUNCTION', 'list a server directory', `select pg_ls_dir('.')`),
  attack('FORBIDDEN_FUNCTION', 'stat a server file in FROM', `select * from pg_stat_file('/etc/passwd')`),
  attack('NOT_SELECT', 'run a shell command through COPY', `copy (select 1) to program 'id > /tmp/gridrag_attack'`),
  attack('NOT_SELECT', 'load a shell command output through COPY', `copy tabular_document_rows from program 'cat /etc/passwd'`),
  // More than one statement.
  attack('MULTIPLE_STATEMENTS', 'append a DROP', `select 1; drop table orders`),
  attack('MULTIPLE_STATEMENTS', 'append a DELETE after a real query', `select * from orders; delete from tabular_document_rows`),
  attack('MULTIPLE_STATEMENTS', 'hide the separator after a line comment', `select 1 -- harmless\n; drop table tabular_document_rows`),
  attack('MULTIPLE_STATEMENTS', 'a fake separator in a block comment, then a real one', `select 1 /* ; */ ; update record_manager set title = 'x'`),
  attack('MULTIPLE_STATEMENTS', 'dollar-quoted text then a second statement', `select $q$ ; $q$ as x; truncate tabular_document_rows`),
  attack('MULTIPLE_STATEMENTS', 'a transaction around the query', `begin; select 1; commit`),
  // Writes and DDL.
  attack('NOT_SELECT', 'drop the row table', `drop table tabular_document_rows`),
  attack('NOT_SELECT', 'delete every row', `delete from tabular_document_rows`),
  attack('NOT_SELECT', 'overwrite rows', `update tabular_document_rows set row_data = '{}'`),
  attack('NOT_SELECT', 'write to the audit log', `insert into query_log (tenant_id, outcome) values ('x', 'ok')`),
  attack('NOT_SELECT', 'truncate the records', `truncate record_manager cascade`),
  attack('NOT_SELECT', 'switch row-level security off', `alter table tabular_document_rows disable row level security`),
  attack('NOT_SELECT', 'grant itself everything', `grant all on record_manager to public`),
  attack('NOT_SELECT', 'copy secrets into a new table', `create table stolen as select * from record_manager`),
  attack('NOT_SELECT', 'run PL/pgSQL', `do $$ begin perform pg_sleep(30); end $$`),
  attack('NOT_SELECT', 'EXPLAIN ANALYZE runs the statement', `explain analyze select * from orders`),
  attack('NOT_SELECT', 'prepare a statement', `prepare p as select * from record_manager`),
  // Catalogs and internal tables, by every spelling and in every position.
  attack('FORBIDDEN_TABLE', 'schema-qualified catalog', `select relname from pg_catalog.pg_class`),
  attack('FORBIDDEN_TABLE', 'unqualified catalog', `select relname from pg_class`),
  attack('FORBIDDEN_TABLE', 'quoted, qualified catalog', `select * from "pg_catalog"."pg_proc"`),
  attack('FORBIDDEN_TABLE', 'quoted internal table', `select * from "record_manager"`),
  attack('FORBIDDEN_TABLE', 'mixed-case internal table', `select * from Record_Manager`),
  attack('FORBIDDEN_TABLE', 'quoted mixed-case internal table', `select * from "Record_Manager"`),
  attack('FORBIDDEN_TABLE', 'ONLY internal table', `select * from only record_manager`),
  attack('FORBIDDEN_TABLE', 'public-qualified row table', `select * from public.tabular_document_rows`),
  attack('FORBIDDEN_TABLE', 'the row table itself (every tenant)', `select row_data from tabular_document_rows`),
  attack('FORBIDDEN_TABLE', 'information_schema', `select table_name from information_schema.tables`),
  attack('FORBIDDEN_TABLE', 'password hashes via pg_shadow', `select usename, passwd from pg_shadow`),
  attack('FORBIDDEN_TABLE', 'password hashes via pg_authid', `select rolname, rolpassword from pg_authid`),
  attack('FORBIDDEN_TABLE', 'the scope MAC secret', `select secret from gridrag_scope_secret`),
  attack('FORBIDDEN_TABLE', 'the audit log', `select sql from query_log`),
  attack('FORBIDDEN_TABLE', 'other tenants through a subquery', `select * from orders where customer in (select title from record_manager)`),
  attack('FORBIDDEN_TABLE', 'the row table through a CTE', `with x as (select * from tabular_document_rows) select * from x`),
  attack('FORBIDDEN_TABLE', 'a lateral join', `select * from orders o cross join lateral (select * from tabular_tables t limit 1) s`),
  attack('FORBIDDEN_TABLE', 'TABLE shorthand', `table record_manager`),
  attack('FORBIDDEN_TABLE', 'a scalar subquery in the select list', `select (select secret from gridrag_scope_secret) as s from orders`),
  attack('FORBIDDEN_TABLE', 'a subquery in ORDER BY', `select * from orders order by (select count(*) from record_manager)`),
  attack('FORBIDDEN_TABLE', 'a subquery in an aggregate FILTER', `select count(*) filter (where exists (select 1 from pg_authid)) from orders`),
  attack('FORBIDDEN_TABLE', 'a subquery in CASE', `select case when (select count(*) from pg_user) > 0 then 1 end from orders`),
  attack('FORBIDDEN_TABLE', 'a subquery in a function argument', `select round((select count(*) from record_manager)) from orders`),
  attack('FORBIDDEN_TABLE', 'a UNION arm', `select customer, region from orders union all select title, source_ref from record_manager`),
  attack('FORBIDDEN_TABLE', 'a VALUES list', `values ((select secret from gridrag_scope_secret))`),
  attack('FORBIDDEN_TABLE', 'a CTE named pg_class in a sibling scope', `select * from (with pg_class as (select 1 as x) select x from pg_class) a, pg_class`),
  attack('FORBIDDEN_TABLE', 'sessions of other users', `select query from pg_stat_activity`),
  attack('FORBIDDEN_TABLE', 'column statistics of the row table', `select most_common_vals from pg_stats`),
  attack('FORBIDDEN_TABLE', 'comment hides the real table', `select * from /* orders */ record_manager`),
  attack('FORBIDDEN_TABLE', 'unicode escape spelling', `select * from U&"rec\\006frd_manager"`),
  attack('FORBIDDEN_TABLE', 'unicode escape with custom escape char', `select * from U&"pg!005fauthid" UESCAPE '!'`),
  // Data-modifying CTEs, SELECT INTO, locks.
  attack('NOT_SELECT', 'DELETE inside WITH', `with d as (delete from tabular_document_rows returning *) select count(*) from d`),
  attack('NOT_SELECT', 'INSERT inside WITH', `with i as (insert into query_log (tenant_id, outcome) values ('x', 'ok') returning id) select * from i`),
  attack('NOT_SELECT', 'UPDATE inside WITH, result unused', `with u as (update record_manager set title = 'pwned' returning 1) select * from orders`),
  attack('FORBIDDEN_CLAUSE', 'SELECT INTO creates a table', `select * into stolen from orders`),
  attack('FORBIDDEN_CLAUSE', 'row locks', `select * from orders for update`),
  attack('FORBIDDEN_CLAUSE', 'share locks', `select * from orders for share nowait`),
  // Settings: forging the scope, switching roles, reading settings.
  attack('FORBIDDEN_FUNCTION', 'forge the row-level scope', `select set_config('gridrag.scope', '64656661756c74||9999999999|00', true), * from orders`),
  attack('FORBIDDEN_FUNCTION', 'read the scope setting', `select current_setting('gridrag.scope')`),
  attack('FORBIDDEN_FUNCTION', 'become the owner role', `select set_config('role', 'postgres', true)`),
  attack('NOT_SELECT', 'SET ROLE', `set role postgres`),
  attack('NOT_SELECT', 'SET the scope', `set gridrag.scope = 'x'`),
  // Denial of service.
  unbounded('FORBIDDEN_FUNCTION', 'sleep', `select pg_sleep(30)`),
  unbounded('FORBIDDEN_FUNCTION', 'sleep in FROM', `select * from orders, pg_sleep_for('30 seconds')`),
  unbounded('FORBIDDEN_FUNCTION', 'a billion-row generator', `select count(*) from generate_series(1, 1e9)`),
  unbounded('FORBIDDEN_FUNCTION', 'a generator with a computed bound', `select generate_series(1, (select count(*) from orders) * 100000000)`),
  unbounded('FORBIDDEN_FUNCTION', 'a per-second timestamp series over a century', `select count(*) from generate_series(timestamp '2000-01-01', timestamp '2100-01-01', interval '1 second')`),
  unbounded('FORBIDDEN_CLAUSE', 'an infinite recursive CTE', `with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r`),
  attack('FORBIDDEN_FUNCTION', 'a gigabyte string', `select lpad('x', 2000000000)`),
  attack('FORBIDDEN_FUNCTION', 'an advisory lock held forever', `select pg_advisory_lock(1)`),
  attack('FORBIDDEN_FUNCTION', 'terminate other sessions', `select pg_terminate_backend(12345)`),
  // Parameters, casts, catalogs through functions.
  attack('PARAMETER', 'a bind parameter', `select * from orders where amount > $1`),
  attack('FORBIDDEN_CAST', 'regclass cast resolves catalog names', `select 'record_manager'::regclass::oid`),
  attack('FORBIDDEN_CAST', 'regproc cast', `select 'pg_read_file'::regproc`),
  attack('FORBIDDEN_CAST', 'CAST to regclass', `select cast('tabular_document_rows' as regclass)`),
  attack('FORBIDDEN_CAST', 'oid cast', `select 16384::oid`),
  attack('FORBIDDEN_FUNCTION', 'run SQL inside a function', `select query_to_xml('select * from record_manager', true, true, '')`),
  attack('FORBIDDEN_FUNCTION', 'dblink to the owner', `select * from dblink('host=127.0.0.1 user=postgres', 'select title from record_manager') as t(x text)`),
  attack('FORBIDDEN_FUNCTION', 'who am I', `select current_user`),
  attack('FORBIDDEN_FUNCTION', 'session user in a filter', `select * from orders where customer = session_user`),
  attack('FORBIDDEN_FUNCTION', 'server version', `select version()`),
  attack('FORBIDDEN_FUNCTION', 'transaction ids', `select txid_current()`),
  attack('FORBIDDEN_FUNCTION', 'privilege probing', `select has_table_privilege('record_manager', 'select')`),
  attack('FORBIDDEN_FUNCTION', 'function source', `select pg_get_functiondef(1)`),
  attack('FORBIDDEN_FUNCTION', 'schema-qualified function', `select pg_catalog.lower(customer) from orders`),
  attack('FORBIDDEN_FUNCTION', 'record-typed JSON expansion', `select * from orders, jsonb_to_recordset('[]') as x(a text)`),
  attack('FORBIDDEN_CLAUSE', 'schema-qualified operator', `select * from orders where customer operator(pg_catalog.=) 'a'`),
  attack('FORBIDDEN_CLAUSE', 'XMLTABLE', `select * from xmltable('/a' passing '<a/>' columns x int)`),
  attack('FORBIDDEN_CLAUSE', 'TABLESAMPLE', `select * from orders tablesample system (50)`),
  // Input-level tricks.
  attack('TOO_LONG', 'a statement far too long', `select 1${' '.repeat(20_001)}`),
  attack('PARSE_ERROR', 'a NUL byte splitting statements', `select 1\u0000; drop table orders`),
  attack('PARSE_ERROR', 'an unterminated comment hiding a statement', `select 1 /* ; drop table orders`),
];

/** Legitimate analyst queries over `orders` and `feedback` that the guard must admit. */
export const LEGITIMATE_QUERIES: string[] = [
  `select customer, sum(amount) as total from orders group by customer order by total desc`,
  `with big as (select * from orders where amount > 100) select count(*) from big`,
  `select o.customer, f.score from orders o join feedback f on f.customer = o.customer`,
  `select customer, amount, row_number() over (partition by customer order by amount desc) as rn from orders`,
  `select customer from orders union select customer from feedback`,
  `select date_trunc('month', order_date) as month, sum(amount) from orders group by 1 order by 1`,
  `select percentile_cont(0.5) within group (order by amount) as median from orders`,
  `select case when amount > 100 then 'big' else 'small' end as size, count(*) from orders group by 1`,
  `select * from orders where customer ilike '%acme%'`,
  `select extract(year from order_date) as y, avg(amount)::numeric(10,2) from orders group by 1`,
  `select customer, lag(amount) over (order by order_date) as previous from orders`,
  `select * from orders where order_date between date '2024-01-01' and date '2024-03-31'`,
  `select coalesce(region, 'unknown') as region, round(avg(amount), 2) from orders group by 1 having count(*) > 2`,
  `select m::date as month, coalesce(sum(o.amount), 0) as total from generate_series(date '2024-01-01', date '2024-12-01', interval '1 month') m left join orders o on date_trunc('month', o.order_date) = m group by 1 order by 1`,
  `select customer, count(*) filter (where amount > 50) as large from orders group by customer`,
  `select * from orders where customer in (select customer from feedback where score < 3)`,
  `select distinct on (customer) customer, amount from orders order by customer, amount desc`,
  `select upper(trim(customer)), length(customer) from orders limit 10;`,
  `select o.* from orders o where exists (select 1 from feedback f where f.customer = o.customer)`,
  `select u.tag, count(*) from orders, unnest(string_to_array(region, ',')) as u(tag) group by u.tag`,
  `values (1, 'a'), (2, 'b')`,
  `select customer from orders intersect select customer from feedback except select 'x'`,
  `select to_char(order_date, 'YYYY-MM') as ym, sum(amount) from orders group by ym`,
  `select * from (select customer, sum(amount) s from orders group by customer) t where s > 10`,
  `select customer, amount / nullif(sum(amount) over (), 0) as share from orders`,
  `with pg_class as (select 1 as x) select x from pg_class`,
  `select "customer" from "orders"`,
  `SELECT Customer, Amount FROM ORDERS WHERE Region = 'Zürich' AND amount > 1`,
  `select customer, string_agg(distinct region, ', ' order by region) from orders group by customer`,
  `select amount::int, amount::double precision, order_date::timestamp, customer::varchar(20) from orders`,
  `select order_date + interval '30 days' as due, current_date - order_date as age_days, substring(customer from 1 for 3) from orders`,
  `select greatest(amount, 0), least(amount, 100), abs(amount), customer similar to 'A%' from orders`,
];

/** A statement the guard may admit that would take without bound unless something stops it. */
export interface Runaway {
  sql: string;
  note: string;
}

/**
 * Denial-of-service statements from issue 9, over tenant A's 1,000-row table `t` (see
 * `seedNumbers`) and `orders`. Through the guard and the executor each must return within
 * the statement timeout, refused or stopped, and leave the database answering.
 */
export const RUNAWAYS: Runaway[] = [
  { note: 'a five-way cross join of a 1,000-row table', sql: `select * from t a, t b, t c, t d, t e` },
  { note: 'counting a cross join of three 10,000-row series', sql: `select count(*) from generate_series(1,10000) a, generate_series(1,10000) b, generate_series(1,10000) c` },
  { note: 'counting past the row cap of a 100-million-row result', sql: `select a.* from generate_series(1,10000) a, generate_series(1,10000) b` },
  { note: 'a timestamp series whose step never advances', sql: `select * from generate_series('2000-01-01'::timestamp, '2000-01-01'::timestamp, '-1200 months 36524 days'::interval)` },
  { note: 'a cross join of unnest over a 1,000-element array', sql: `select count(*) from unnest(string_to_array(lpad('',1000,'x'), NULL)) a, unnest(string_to_array(lpad('',1000,'x'), NULL)) b, unnest(string_to_array(lpad('',1000,'x'), NULL)) c` },
  { note: 'a cross join of regexp_split_to_table', sql: `select count(*) from regexp_split_to_table(lpad('',1000,'x'), '') a, regexp_split_to_table(lpad('',1000,'x'), '') b, regexp_split_to_table(lpad('',1000,'x'), '') c` },
  { note: 'percentile_cont over a cross join', sql: `select percentile_cont(0.5) within group (order by a.n + b.n + c.n) from t a, t b, t c` },
  { note: 'array_agg over a cross join', sql: `select cardinality(array_agg(a.n)) from t a, t b` },
  { note: 'jsonb_agg over a cross join', sql: `select jsonb_array_length(jsonb_agg(a.label)) from t a, t b` },
  { note: 'string_agg of 1,000-character strings over a cross join', sql: `select length(string_agg(lpad('',1000,'x'), '')) from t a, t b` },
  { note: 'array_to_string of array_agg over a cross join', sql: `select length(array_to_string(array_agg(lpad('',1000,'x')), '')) from t a, t b` },
  { note: 'nested replace amplifying a string to a gigabyte', sql: `select length(replace(replace(lpad('',1000,'x'),'x',lpad('',1000,'y')),'y',lpad('',1000,'z')))` },
  { note: 'nested array_to_string amplifying a string', sql: `select length(array_to_string(string_to_array(array_to_string(string_to_array(lpad('',1000,'x'), NULL), lpad('',1000,'y')), NULL), lpad('',1000,'z')))` },
];
