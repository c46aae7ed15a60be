import test from 'ava';
import { parseBasicAuthorization } from '../../src/api/auth/basic-credentials.js';
import { CredentialCache } from '../../src/api/auth/credential-cache.js';

test('CredentialCache answers within the TTL, for the exact credentials only', (t) => {
  const cache = new CredentialCache(1000, 2);
  cache.remember('a@example.com', 'pw', { userId: 1, credentialsVersion: 3 }, 0);
  t.deepEqual(cache.lookup('a@example.com', 'pw', 999), { userId: 1, credentialsVersion: 3 });
  t.is(cache.lookup('a@example.com', 'pw2', 10), null);
  t.is(cache.lookup('a@example.com', 'pw', 1000), null);
  cache.remember('a@example.com', 'pw', { userId: 1, credentialsVersion: 3 }, 0);
  cache.forget('a@example.com', 'pw');
  t.is(cache.lookup('a@example.com', 'pw', 1), null);
});

test('CredentialCache evicts the oldest entry when full', (t) => {
  const cache = new CredentialCache(10_000, 2);
  cache.remember('a', 'x', { userId: 1, credentialsVersion: 1 }, 0);
  cache.remember('b', 'x', { userId: 2, credentialsVersion: 1 }, 0);
  cache.remember('c', 'x', { userId: 3, credentialsVersion: 1 }, 0);
  t.is(cache.lookup('a', 'x', 1), null);
  t.truthy(cache.lookup('b', 'x', 1));
  t.truthy(cache.lookup('c', 'x', 1));
});

test('Basic credentials: e-mail lower-cased, password kept as sent (colons included)', (t) => {
  const header = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
  t.deepEqual(parseBasicAuthorization(header('Ada@Example.com:pa:ss word')), { email: 'ada@example.com', password: 'pa:ss word' });
  t.is(parseBasicAuthorization(header('no-colon')), null);
  t.is(parseBasicAuthorization(header(':password')), null);
  t.is(parseBasicAuthorization('Bearer x'), null);
  t.is(parseBasicAuthorization(undefined), null);
});
