import test from 'ava';
import { PageCache } from '../../src/status-pages/page-cache.js';

function cacheAt(clock: { now: number }, overrides: Partial<ConstructorParameters<typeof PageCache>[0]> = {}): PageCache {
  return new PageCache({ maxAgeMs: 30_000, staleIfErrorMs: 60_000, maxScopes: 10, maxVariantsPerScope: 10, now: () => clock.now, ...overrides });
}

/** A load the test finishes when it wants, counting how often it was started. */
function controlledLoad<T>() {
  const resolvers: ((value: T) => void)[] = [];
  const load = () => new Promise<T>((resolve) => resolvers.push(resolve));
  return { load, started: () => resolvers.length, finish: (value: T) => resolvers.shift()!(value) };
}

test('concurrent misses of one answer make one load, and the answer is then served from the cache', async (t) => {
  const cache = cacheAt({ now: 0 });
  const loader = controlledLoad<string>();
  const answers = Promise.all([cache.get('acme', 'html', loader.load), cache.get('acme', 'html', loader.load), cache.get('acme', 'html', loader.load)]);
  t.is(loader.started(), 1);
  loader.finish('page v1');
  t.deepEqual(await answers, ['page v1', 'page v1', 'page v1']);
  t.is(await cache.get('acme', 'html', loader.load), 'page v1');
  t.is(loader.started(), 0, 'no second load');
});

test('a change notice drops the named page only; null drops every page', async (t) => {
  const cache = cacheAt({ now: 0 });
  let version = 1;
  const load = (slug: string) => async () => `${slug} v${version}`;
  await cache.get('acme', 'html', load('acme'));
  await cache.get('other', 'html', load('other'));
  version = 2;
  cache.changed(['acme']);
  t.is(await cache.get('acme', 'html', load('acme')), 'acme v2');
  t.is(await cache.get('other', 'html', load('other')), 'other v1');
  version = 3;
  cache.changed(null);
  t.is(await cache.get('acme', 'html', load('acme')), 'acme v3');
  t.is(await cache.get('other', 'html', load('other')), 'other v3');
});

test('max age is a backstop for a lost notice', async (t) => {
  const clock = { now: 0 };
  const cache = cacheAt(clock);
  let version = 1;
  const load = async () => `v${version}`;
  await cache.get('acme', 'html', load);
  version = 2;
  clock.now = 29_999;
  t.is(await cache.get('acme', 'html', load), 'v1');
  clock.now = 30_000;
  t.is(await cache.get('acme', 'html', load), 'v2');
});

test('an answer a notice made stale while it loaded reaches its waiters but is not kept', async (t) => {
  const cache = cacheAt({ now: 0 });
  const loader = controlledLoad<string>();
  const first = cache.get('acme', 'html', loader.load);
  cache.changed(['acme']);
  loader.finish('loaded before the change');
  t.is(await first, 'loaded before the change');
  const second = cache.get('acme', 'html', loader.load);
  t.is(loader.started(), 1, 'the next request loads again');
  loader.finish('after the change');
  t.is(await second, 'after the change');
});

test('answers about every page (custom domains) are dropped by any notice', async (t) => {
  const cache = cacheAt({ now: 0 });
  let slug = 'acme';
  const load = async () => slug;
  t.is(await cache.getForAllPages('host:status.acme.example', load), 'acme');
  slug = 'renamed';
  t.is(await cache.getForAllPages('host:status.acme.example', load), 'acme');
  cache.changed(['some-other-page']);
  t.is(await cache.getForAllPages('host:status.acme.example', load), 'renamed');
});

test('while loading fails, the last answer is served until staleIfError runs out; then the failure shows', async (t) => {
  const clock = { now: 0 };
  const cache = cacheAt(clock);
  let failing = false;
  const load = async () => {
    if (failing) throw new Error('database away');
    return 'good';
  };
  await cache.get('acme', 'html', load);
  failing = true;
  cache.changed(['acme']);
  t.is(await cache.get('acme', 'html', load), 'good');
  clock.now = 89_999;
  t.is(await cache.get('acme', 'html', load), 'good');
  clock.now = 90_000;
  await t.throwsAsync(cache.get('acme', 'html', load), { message: 'database away' });
  failing = false;
  t.is(await cache.get('acme', 'html', load), 'good', 'recovers by itself');
});

test('pages and answers per page are bounded, least recently used first', async (t) => {
  const cache = cacheAt({ now: 0 }, { maxScopes: 2, maxVariantsPerScope: 2 });
  let loads = 0;
  const load = async () => ++loads;
  await cache.get('a', 'x', load);
  await cache.get('b', 'x', load);
  await cache.get('a', 'x', load);
  await cache.get('c', 'x', load);
  t.is(loads, 3);
  t.is(await cache.get('a', 'x', load), 1, 'a was used last, so kept');
  t.is(await cache.get('b', 'x', load), 4, 'b was evicted');
  await cache.get('a', 'y', load);
  await cache.get('a', 'z', load);
  t.is(await cache.get('a', 'x', load), 7, 'x was the oldest answer of a');
});
