import connectionString from 'pg-connection-string';

/** What `pg` is given for each pooled connection: the URL's every setting, read as libpq reads it. */
export type PostgresConnection = Record<string, string | number | boolean | object>;

/**
 * The connection a DATABASE_URL names. MikroORM reads only the URL's host, port, user, password
 * and database, so its query parameters were dropped without a word: `?host=/var/run/postgresql`
 * (PostgreSQL's Unix socket), `sslmode=require` (a managed server's TLS), `application_name`: the
 * pool connected without TLS, and over TCP to localhost when host= named the socket. Given as the
 * driver's connection, they reach `pg` as they do for the connections that take the URL whole
 * (the status pages' change feed). Throws when the URL names a certificate file that cannot be read.
 */
export function postgresConnection(databaseUrl: string): PostgresConnection {
  const settings: PostgresConnection = {};
  for (const [name, value] of Object.entries(connectionString.parse(databaseUrl))) {
    if (value === null || value === undefined || value === '') continue;
    settings[name] = name === 'port' ? Number(value) : (value as string | boolean | object);
  }
  return settings;
}
