import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { closeStore, openStore } from '../../src/store/orm.js';
import { postgresConnection } from '../../src/store/postgres-connection.js';
import { freshDatabase } from '../support/database.js';

/**
 * A DATABASE_URL's query parameters reach every pooled connection, as libpq reads them: a Unix
 * socket (`host=`), TLS (`sslmode=`), the session's `application_name`. The ORM used to read only
 * the URL's host, port, user, password and database and drop the rest without a word.
 */

test('a socket directory given as host= or percent-encoded in the authority is the host', (t) => {
  t.like(postgresConnection('postgresql:///vantage?host=/var/run/postgresql'), { host: '/var/run/postgresql', database: 'vantage' });
  t.like(postgresConnection('postgres://vantage@%2Fvar%2Frun%2Fpostgresql:6432/vantage'), {
    host: '/var/run/postgresql',
    port: 6432,
    user: 'vantage',
    database: 'vantage',
  });
});

test('the port is a number, and a setting the URL leaves out is not given at all', (t) => {
  const settings = postgresConnection('postgres://vantage:s%40cret@db.internal:5433/monitor');
  t.deepEqual(settings, { host: 'db.internal', port: 5433, user: 'vantage', password: 's@cret', database: 'monitor' });
  t.false('port' in postgresConnection('postgres://db.internal/monitor'));
});

test('sslmode and application_name are kept', (t) => {
  t.like(postgresConnection('postgres://db.internal/monitor?sslmode=disable&application_name=vantage-api'), {
    ssl: false,
    application_name: 'vantage-api',
  });
  t.deepEqual(postgresConnection('postgres://db.internal/monitor?sslmode=require').ssl, {});
  t.deepEqual(postgresConnection('postgres://db.internal/monitor?sslmode=no-verify').ssl, { rejectUnauthorized: false });
});

test('a certificate file that cannot be read is an error at once, not a connection without it', (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'vantage-sslrootcert-'));
  try {
    t.throws(() => postgresConnection(`postgres://db.internal/monitor?sslmode=verify-full&sslrootcert=${folder}/missing.pem`), {
      message: /ENOENT/,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

const postgres = process.env.DATABASE_URL ? test.serial : test.skip;

/** The URL with the query parameters given, on a fresh database of the server DATABASE_URL names. */
function withParameters(databaseUrl: string, parameters: Record<string, string>): string {
  const url = new URL(databaseUrl);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}

async function sessionOf(databaseUrl: string): Promise<{ application_name: string; client_addr: string | null; ssl: boolean }> {
  const store = await openStore({ databaseUrl, poolSize: 1 });
  try {
    const [session] = await store.em
      .fork()
      .getConnection()
      .execute<Array<{ application_name: string; client_addr: string | null; ssl: boolean }>>(
        `select current_setting('application_name') as application_name, host(inet_client_addr()) as client_addr,
           coalesce((select ssl from pg_stat_ssl where pid = pg_backend_pid()), false) as ssl`,
      );
    return session!;
  } finally {
    await closeStore(store);
  }
}

postgres('the pool connects through the Unix socket that host= names, with the URL’s application_name', async (t) => {
  const database = await freshDatabase();
  try {
    const overTcp = await sessionOf(database.databaseUrl!);
    t.not(overTcp.client_addr, null, 'the URL of the suite names a TCP address');
    const admin = await openStore({ databaseUrl: database.databaseUrl!, poolSize: 1 });
    const [directories] = await admin.em.fork().getConnection().execute<Array<{ directories: string }>>(
      `select current_setting('unix_socket_directories') as directories`,
    );
    await closeStore(admin);
    const socketDirectory = directories!.directories.split(',')[0]!.trim();
    if (!socketDirectory) return t.pass('this server listens on no Unix socket');
    const overSocket = await sessionOf(withParameters(database.databaseUrl!, { host: socketDirectory, application_name: 'vantage-socket-test' }));
    t.is(overSocket.client_addr, null, 'a Unix socket has no client address');
    t.is(overSocket.application_name, 'vantage-socket-test');
  } finally {
    await database.drop();
  }
});

postgres('sslmode=require is refused by a server without TLS instead of connecting in the clear', async (t) => {
  const database = await freshDatabase();
  try {
    const plain = await sessionOf(database.databaseUrl!);
    if (plain.ssl) return t.pass('this server speaks TLS: the refusal cannot be shown here');
    await t.throwsAsync(sessionOf(withParameters(database.databaseUrl!, { sslmode: 'require' })), { message: /does not support SSL/ });
  } finally {
    await database.drop();
  }
});
