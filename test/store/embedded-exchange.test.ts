import test from 'ava';
import { PGlite } from '@electric-sql/pglite';
import { embeddedStatement } from '../../src/store/embedded-prepared.js';

/**
 * MikroORM's statements on the embedded database go in one exchange and are read without PGlite's
 * result parser (embedded-prepared.ts, embedded-results.ts): knex and MikroORM must read the same
 * answer as PGlite's `query` gives, for every type the schema uses, for the counts of writes, and
 * for errors.
 */
const STATEMENTS = [
  `create table t (id bigserial primary key, n int, big bigint, ok boolean, name text, at timestamptz, day date, score double precision,
    amount numeric, doc jsonb, raw json, tags text[], ids int[], blob bytea)`,
  `insert into t (n, big, ok, name, at, day, score, amount, doc, raw, tags, ids, blob) values
    (1, 9223372036854775807, true, 'a ; b', '2026-11-28T15:00:00.123Z', '2026-11-28', 0.5, 12.30, '{"a": [1, null]}', '[1, "x"]', '{a,"b c",NULL}', '{1,2}', '\\x00ff'),
    (null, null, null, null, null, null, null, null, null, null, null, null, null) returning id`,
  'select * from t order by id',
  `select count(*), 'é\u{1F600}' as text, null::int as nothing, array[]::text[] as empty`,
  `update t set n = coalesce(n, 0) + 1`,
  `delete from t where n = 1`,
  `insert into t (n) select i from generate_series(1, 5) i`,
  'select 1 as "same", 2 as "same"',
  'begin',
  'savepoint a',
  'select pg_sleep(0)',
  'release savepoint a',
  'commit',
  'set application_name to vantage',
  'vacuum (analyze) t',
];

test("a statement in one exchange answers as PGlite's query does: rows, types, fields and counts", async (t) => {
  const ours = await PGlite.create();
  const theirs = await PGlite.create();
  t.teardown(() => Promise.all([ours.close(), theirs.close()]));
  for (const sql of STATEMENTS) {
    const expected = await theirs.query(sql);
    const actual = await embeddedStatement(ours, sql);
    t.deepEqual(actual.rows, expected.rows, sql);
    t.deepEqual(actual.fields, expected.fields, sql);
    t.is(actual.affectedRows, expected.affectedRows ?? 0, sql);
  }
});

test('an error in one exchange is thrown with its SQLSTATE, and the connection answers the next statement', async (t) => {
  const pglite = await PGlite.create();
  t.teardown(() => pglite.close());
  await embeddedStatement(pglite, 'create table u (id int primary key)');
  await embeddedStatement(pglite, 'insert into u values (1)');
  const duplicate = await t.throwsAsync(embeddedStatement(pglite, 'insert into u values (1)'));
  t.is((duplicate as Error & { code?: string }).code, '23505');
  const syntax = await t.throwsAsync(embeddedStatement(pglite, 'selec 1'));
  t.is((syntax as Error & { code?: string }).code, '42601');
  await embeddedStatement(pglite, 'begin');
  await t.throwsAsync(embeddedStatement(pglite, 'select 1/0'));
  const aborted = await t.throwsAsync(embeddedStatement(pglite, 'select 1'));
  t.is((aborted as Error & { code?: string }).code, '25P02', 'a failed statement aborts its transaction, as on PostgreSQL');
  await embeddedStatement(pglite, 'rollback');
  t.deepEqual((await embeddedStatement<{ n: number }>(pglite, 'select count(*)::int as n from u')).rows, [{ n: 1 }]);
});
