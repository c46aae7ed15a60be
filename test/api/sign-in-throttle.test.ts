import test from 'ava';
import { openStore, closeStore, type Store } from '../../src/store/orm.js';
import { SignInFailure } from '../../src/store/entities/sign-in.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

/** The default policies, on a clock the tests move: no test waits for a delay to pass. */
let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let proxied: ApiHarness;
let direct: ApiHarness;
let replica: ApiHarness;
let replicaStore: Store;

test.before(async () => {
  // Behind a proxy on loopback (named in the setting), X-Forwarded-For names the client.
  proxied = await ApiHarness.start({ now }, { VANTAGE_TRUSTED_PROXIES: '127.0.0.1' });
  direct = await ApiHarness.start({ now });
  // A second API instance on the first one's database: its own connections on PostgreSQL; on the
  // embedded engine, which one process opens once, the same store (the count still lives in the database).
  replicaStore = proxied.databaseUrl ? await openStore({ databaseUrl: proxied.databaseUrl }) : proxied.store;
  replica = await ApiHarness.start({ now, store: replicaStore }, { VANTAGE_TRUSTED_PROXIES: '127.0.0.1' });
});

test.after.always(async () => {
  await replica?.close();
  if (replicaStore && replicaStore !== proxied?.store) await closeStore(replicaStore);
  await Promise.all([proxied?.close(), direct?.close()]);
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const me = (api: ApiHarness, as: { email: string; password: string }, address: string) => api.call('GET', '/mobile/auth/me', { as, headers: from(address) });
const wrong = (account: Account, i = 0) => ({ email: account.email, password: `guess number ${i}` });

test.serial('a guesser cannot lock the owner out: the right password from an address that signed in before always works', async (t) => {
  const victim = await proxied.account('pro');
  t.is((await me(proxied, victim, '198.51.100.10')).status, 200);
  // Many wrong passwords from many addresses, one request every 90 s for an hour and more.
  let refused = 0;
  for (let i = 0; i < 60; i++) {
    const res = await me(proxied, wrong(victim, i), `203.0.113.${(i % 50) + 1}`);
    if (res.status === 429) refused++;
    else t.is(res.status, 401);
    advance(90_000);
  }
  t.true(refused > 0, 'the guesser is slowed down');
  const owner = await me(proxied, victim, '198.51.100.10');
  t.is(owner.status, 200, owner.text);
  const legacy = await proxied.call('POST', '/authenticate', { body: { email_address: victim.email, password: victim.password }, headers: from('198.51.100.10') });
  t.is(legacy.status, 200);
});

test.serial('per e-mail: free failures, then delays that grow and end; the right password from a new address waits them out', async (t) => {
  const account = await proxied.account('pro');
  for (let i = 0; i < 5; i++) t.is((await me(proxied, wrong(account, i), '203.0.113.60')).status, 401);
  const first = await me(proxied, account, '192.0.2.77');
  t.is(first.status, 429);
  t.is(first.body.error.code, 'TOO_MANY_REQUESTS');
  t.is(first.headers.get('retry-after'), '1');
  advance(1000);
  t.is((await me(proxied, wrong(account, 5), '203.0.113.61')).status, 401);
  const second = await me(proxied, account, '192.0.2.77');
  t.is(second.status, 429);
  t.is(second.headers.get('retry-after'), '2');
  advance(2000);
  t.is((await me(proxied, account, '192.0.2.77')).status, 200);
});

test.serial('per address: one guesser behind a NAT slows new sign-ins there, not the people who signed in there before', async (t) => {
  const colleague = await proxied.account('pro');
  const nat = '198.51.100.200';
  t.is((await me(proxied, colleague, nat)).status, 200);
  for (let i = 0; i < 50; i++) t.is((await me(proxied, { email: `nobody${i}@example.com`, password: 'x' }, nat)).status, 401);
  const stranger = await proxied.account('pro');
  t.is((await me(proxied, stranger, nat)).status, 429);
  t.is((await me(proxied, colleague, nat)).status, 200);
  t.is((await me(proxied, stranger, '198.51.100.201')).status, 200);
});

test.serial('a forged X-Forwarded-For from a peer not named in VANTAGE_TRUSTED_PROXIES is ignored', async (t) => {
  const account = await direct.account('pro');
  for (let i = 0; i < 5; i++) t.is((await me(direct, wrong(account, i), `203.0.113.${100 + i}`)).status, 401);
  // Rotating the header gains nothing: the peer address is counted.
  const rotated = await me(direct, account, '203.0.113.200');
  t.is(rotated.status, 429);
  const rows = await direct.em.find(SignInFailure, { email: account.email });
  t.is(rows.length, 5);
  t.true(rows.every((row) => row.address === '127.0.0.1'), JSON.stringify(rows.map((r) => r.address)));
});

test.serial('two API instances on one database share the count, and a new instance (a restart) starts from it', async (t) => {
  const account = await proxied.account('pro');
  for (let i = 0; i < 5; i++) t.is((await me(i % 2 === 0 ? proxied : replica, wrong(account, i), '203.0.113.90')).status, 401);
  t.is((await me(proxied, account, '203.0.113.91')).status, 429);
  t.is((await me(replica, account, '203.0.113.91')).status, 429);
  const restarted = await ApiHarness.start({ now, store: replicaStore });
  try {
    t.is((await me(restarted, account, '127.0.0.1')).status, 429);
  } finally {
    await restarted.close();
  }
});

test.serial('a known address stays known while it is used, and is forgotten after 180 days without a sign-in', async (t) => {
  const account = await proxied.account('pro');
  const day = 86_400_000;
  t.is((await me(proxied, account, '198.51.100.150')).status, 200);
  t.is((await me(proxied, account, '198.51.100.151')).status, 200);
  advance(100 * day);
  t.is((await me(proxied, account, '198.51.100.150')).status, 200);
  advance(100 * day);
  for (let i = 0; i < 5; i++) t.is((await me(proxied, wrong(account, i), '203.0.113.170')).status, 401);
  t.is((await me(proxied, account, '198.51.100.150')).status, 200, 'used 100 days ago: still known');
  t.is((await me(proxied, account, '198.51.100.151')).status, 429, 'unused for 200 days: unknown again');
});
