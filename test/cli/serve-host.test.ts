import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { freshDatabase } from '../support/database.js';
import { startServe, stopServe } from '../support/serve-process.js';

/** The first administrator's password is in serve's log: serve listens on loopback unless HOST opens it. */

const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'vantage-serve-host-'));
test.after.always(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

test('serve without HOST answers on 127.0.0.1 only', async (t) => {
  const serve = await startServe({ DATABASE_URL: database.databaseUrl, VANTAGE_DATA_DIR: dataDir, HOST: undefined });
  t.teardown(() => stopServe(serve));
  t.regex(serve.output(), /"host":"127\.0\.0\.1".*API listening/);
  if (!outsideAddress) return t.log('no non-loopback IPv4 interface to try from');
  const outside = await fetch(`http://${outsideAddress}:${serve.port}/healthz`).then(
    (response) => `answered ${response.status}`,
    (error: Error) => `refused: ${(error.cause as Error | undefined)?.message ?? error.message}`,
  );
  t.regex(outside, /^refused/, `${outsideAddress}:${serve.port}`);
});
