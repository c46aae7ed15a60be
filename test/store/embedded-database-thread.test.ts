import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { messages } from '@electric-sql/pglite';
import { EmbeddedDatabaseThread, type EmbeddedSession } from '../../src/store/embedded-database-thread.js';
import { temporaryFolder } from '../support/temporary-folder.js';

/**
 * The embedded database runs on a thread of its own: these hold what the process relies on from
 * it, on the embedded database whatever DATABASE_URL says.
 */

const opened = async (): Promise<{ thread: EmbeddedDatabaseThread; database: EmbeddedSession; close(): Promise<void> }> => {
  const thread = new EmbeddedDatabaseThread(null);
  await thread.waitReady;
  return { thread, database: thread.session(), close: () => thread.close() };
};

test('the process runs its timers while a long statement runs on the database’s thread', async (t) => {
  const { database, close } = await opened();
  t.teardown(close);
  let ticks = 0;
  const ticking = setInterval(() => (ticks += 1), 10);
  const began = Date.now();
  const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from generate_series(1, 3000000)')).rows as [{ n: number }];
  const tookMs = Date.now() - began;
  clearInterval(ticking);
  t.is(n, 3_000_000);
  // On the process's own thread the timer could not run once until the statement answered.
  t.true(tookMs < 100 || ticks >= Math.floor(tookMs / 10 / 4), `${ticks} ticks of a 10 ms timer during a statement of ${tookMs} ms`);
});

test('a database error keeps its SQLSTATE, constraint and detail, and the connection stays usable', async (t) => {
  const { database, close } = await opened();
  t.teardown(close);
  await database.exec('create table names (name text constraint names_unique unique); insert into names values ($$a$$)');
  const duplicate = await t.throwsAsync(database.query('insert into names values ($1)', ['a']));
  t.true(duplicate instanceof messages.DatabaseError);
  t.like(duplicate as unknown as Record<string, unknown>, { code: '23505', constraint: 'names_unique', table: 'names', severity: 'ERROR' });
  t.regex((duplicate as unknown as { detail: string }).detail, /Key \(name\)=\(a\) already exists/);
  const nul = await t.throwsAsync(database.query('select $1::text as text', ['a\u0000b']));
  t.is((nul as unknown as { code: string }).code, '22021', 'a NUL byte is a data exception, as on PostgreSQL');
  const syntax = await t.throwsAsync(database.statement('selec 1'));
  t.is((syntax as unknown as { code: string }).code, '42601');
  await t.throwsAsync(database.preparedRows({ name: 'bad_value', text: 'select $1::int as n' }, [{}]), { instanceOf: TypeError });
  t.deepEqual(await database.preparedRows({ name: 'one_value', text: 'select $1::int as n' }, ['7']), [{ n: 7 }]);
  t.deepEqual((await database.statement<{ count: number }>('select count(*)::int as count from names')).rows, [{ count: 1 }]);
});

test('values keep their types across the thread: time stamps, JSON, arrays, bytes and text beyond the BMP', async (t) => {
  const { database, close } = await opened();
  t.teardown(close);
  const { rows } = await database.query<Record<string, unknown>>(
    "select $1::timestamptz as at, $2::jsonb as body, array[1, 2]::int[] as list, '\\x00ff'::bytea as bytes, $3::text as text",
    [new Date('2026-11-30T01:02:03.456Z'), JSON.stringify({ a: [1, 'b'] }), 'línea \u{1F600}'],
  );
  t.deepEqual(rows[0], { at: new Date('2026-11-30T01:02:03.456Z'), body: { a: [1, 'b'] }, list: [1, 2], bytes: new Uint8Array([0, 255]), text: 'línea \u{1F600}' });
});

test('notifications reach each listener of their channel until it stops listening', async (t) => {
  const { thread, database, close } = await opened();
  t.teardown(close);
  const first: string[] = [];
  const second: string[] = [];
  const stopFirst = await thread.listen('changes', (payload) => first.push(payload));
  const stopSecond = await thread.listen('changes', (payload) => second.push(payload));
  await database.query("select pg_notify('changes', 'one'), pg_notify('elsewhere', 'not this')");
  await stopFirst();
  await database.query("select pg_notify('changes', 'two')");
  await stopSecond();
  await database.query("select pg_notify('changes', 'three')");
  // Notifications are sent before the answer of the statement that raised them.
  t.deepEqual(first, ['one']);
  t.deepEqual(second, ['one', 'two']);
});

test('an open transaction has the database to itself: other sessions wait for its end, and a session let go of rolls back', async (t) => {
  const { thread, database: writer, close } = await opened();
  t.teardown(close);
  const reader = thread.session();
  await writer.exec('create table seen (n int)');
  await writer.query('begin');
  await writer.query('insert into seen values (1)');
  const read = reader.statement<{ count: number }>('select count(*)::int as count from seen');
  // Sent after the read, answered before it: the read waits for the transaction.
  await writer.query('insert into seen values (2)');
  await writer.query('commit');
  t.deepEqual((await read).rows, [{ count: 2 }]);

  await writer.query('begin');
  await writer.query('insert into seen values (3)');
  const afterEnd = reader.statement<{ count: number }>('select count(*)::int as count from seen');
  await writer.end();
  t.deepEqual((await afterEnd).rows, [{ count: 2 }], 'the transaction the ended session left open was rolled back');
  const many = await Promise.all(Array.from({ length: 20 }, (_, i) => thread.session().preparedRows<{ n: number }>({ name: 'echo', text: 'select $1::int as n' }, [i])));
  t.deepEqual(
    many.map((rows) => rows[0]!.n),
    Array.from({ length: 20 }, (_, i) => i),
  );
});

test('a read that waited through a transaction goes before the next transaction begins', async (t) => {
  const { thread, database: first, close } = await opened();
  t.teardown(close);
  const second = thread.session();
  const reader = thread.session();
  await first.exec('create table visits (n int)');
  await first.query('begin');
  await first.query('insert into visits values (1)');
  const answered: string[] = [];
  // Both wait for the first transaction: the BEGIN came first.
  const secondBegun = second.query('begin').then(() => answered.push('second transaction began'));
  const read = reader.statement<{ count: number }>('select count(*)::int as count from visits').then((result) => {
    answered.push('read');
    return result.rows;
  });
  await first.query('commit');
  await secondBegun;
  await second.query('insert into visits values (2)');
  await second.query('commit');
  t.deepEqual(answered, ['read', 'second transaction began']);
  t.deepEqual(await read, [{ count: 1 }]);
});

test('a transaction goes on while the event loop is busy, and a long statement in it still lets the loop run', async (t) => {
  const { thread, database, close } = await opened();
  t.teardown(close);
  await database.exec('create table steps (n int)');
  const notified: string[] = [];
  await thread.listen('steps', (payload) => notified.push(payload));
  // Requests the loop has yet to serve: every turn of the loop spends 20 ms on one.
  let turns = 0;
  let busy = true;
  const serveOne = (): void => {
    if (!busy) return;
    turns += 1;
    const until = performance.now() + 20;
    while (performance.now() < until);
    setImmediate(serveOne);
  };
  setImmediate(serveOne);
  await database.query('begin');
  const turnsBefore = turns;
  for (let n = 0; n < 20; n += 1) await database.query('insert into steps values ($1)', [n]);
  await database.query("select pg_notify('steps', 'twenty')");
  await database.query('commit');
  const turnsDuring = turns - turnsBefore;
  busy = false;
  // Each answer waiting for its turn of the loop held the database for 20 ms: 22 turns. The wait
  // gives up after 5 ms, which a statement may take on a loaded machine: a few turns may come.
  t.true(turnsDuring <= 6, `the loop served ${turnsDuring} requests during a transaction of 22 statements`);
  t.deepEqual(notified, ['twenty'], 'a notification received while waiting for an answer reaches its listener');

  await database.query('begin');
  let ticks = 0;
  const ticking = setInterval(() => (ticks += 1), 10);
  const began = Date.now();
  await database.query('select count(*) from generate_series(1, 3000000)');
  const tookMs = Date.now() - began;
  clearInterval(ticking);
  await database.query('rollback');
  t.true(tookMs < 100 || ticks >= Math.floor(tookMs / 10 / 4), `${ticks} ticks of a 10 ms timer during a statement of ${tookMs} ms in a transaction`);
  t.deepEqual((await thread.session().statement<{ count: number }>('select count(*)::int as count from steps')).rows, [{ count: 20 }]);
});

test('a database that cannot open fails its start and every request, instead of leaving them waiting', async (t) => {
  const notAFolder = join(temporaryFolder('embedded-thread'), 'file');
  writeFileSync(notAFolder, 'not a database');
  const database = new EmbeddedDatabaseThread(notAFolder);
  await t.throwsAsync(database.waitReady, { message: new RegExp(`^the embedded database in ${notAFolder} could not open: `) });
  await t.throwsAsync(database.session().query('select 1'));
  await database.close();
});

test('a command keeps running while it waits for the database, and exits once it is done with it or it could not open', (t) => {
  const thread = fileURLToPath(new URL('../../src/store/embedded-database-thread.js', import.meta.url));
  const script = `import { EmbeddedDatabaseThread } from ${JSON.stringify(thread)};
const database = new EmbeddedDatabaseThread(null);
const { rows } = await database.session().query('select 41 + 1 as answer');
console.log(rows[0].answer);`;
  // Never closed: an idle thread must not hold the process, a waited-for one must.
  const file = join(temporaryFolder('embedded-thread'), 'command.mjs');
  writeFileSync(file, script);
  const child = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
  t.is(child.status, 0, child.stderr);
  t.is(child.stdout.trim(), '42');

  const notAFolder = join(temporaryFolder('embedded-thread'), 'file');
  writeFileSync(notAFolder, 'not a database');
  writeFileSync(
    file,
    `import { EmbeddedDatabaseThread } from ${JSON.stringify(thread)};
const database = new EmbeddedDatabaseThread(${JSON.stringify(notAFolder)});
await database.waitReady.catch((error) => console.log(error.message));`,
  );
  const failed = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
  t.is(failed.status, 0, `a database that could not open held the command: ${failed.stderr}`);
  t.regex(failed.stdout, /could not open/);
});
