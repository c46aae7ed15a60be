import test from 'ava';
import type { LocationResult } from '../../src/store/entities/run.js';
import { arrayLiteral, type ArrayElement } from '../../src/store/array-literal.js';
import { decodeLocationResults, encodeLocationResults } from '../../src/store/location-results-codec.js';
import { closeStore, openStore } from '../../src/store/orm.js';
import { preparedRows } from '../../src/store/prepared-rows.js';
import { freshDatabase } from '../support/database.js';

/** Each element of the array parameter as the database reads it, in order. */
const ELEMENTS = 'select x from unnest(?::text[]) with ordinality u (x, n) order by n';

const hostileReason = 'said "no" \\ then {a,b} NULL \u0000 \ud800 ☃';
const results: LocationResult[] = [{ location: 'eu-west', state: 'down', latencyMs: 12, phases: { dnsMs: 1 }, late: false, reason: hostileReason }];

const texts: Array<string | null> = ['plain', 'a"b', 'back\\slash', '\\"', '{brace}', 'comma,semi;', 'NULL', null, '', ' spaced ', 'ü€😀', '\ud800 alone', encodeLocationResults(results)];
// What the driver writes for a lone surrogate (UTF-8 has none): the replacement character.
const read = texts.map((text) => (text === null ? null : text.replace('\ud800', '\ufffd')));

const engines = [{ name: 'pglite', databaseUrl: undefined as string | undefined }];
if (process.env.DATABASE_URL) engines.push({ name: 'postgresql', databaseUrl: 'fresh' });

for (const engine of engines) {
  test(`an array parameter reads back element for element, quotes, backslashes, braces, "NULL", NULL and the encoded results of a hostile reason included, on ${engine.name}`, async (t) => {
    const database = engine.databaseUrl ? await freshDatabase() : null;
    const store = await openStore({ databaseUrl: database?.databaseUrl });
    t.teardown(async () => {
      await closeStore(store);
      await database?.drop();
    });

    const rows = await preparedRows<{ x: string | null }>(store.em.fork(), ELEMENTS, [arrayLiteral(texts)]);
    t.deepEqual(
      rows.map((row) => row.x),
      read,
    );
    // The codec's JSON escapes the NUL and the lone surrogate, so the reason comes back exactly.
    t.is(decodeLocationResults(rows.at(-1)!.x!)[0]!.reason, hostileReason);

    const scalars: ArrayElement[] = [0, -1, 2 ** 31 - 1, null];
    const [numbers] = await preparedRows<{ sum: number; nulls: number }>(store.em.fork(), 'select sum(x)::float8 as sum, count(*) filter (where x is null)::int as nulls from unnest(?::bigint[]) x', [arrayLiteral(scalars)]);
    t.deepEqual(numbers, { sum: 2 ** 31 - 2, nulls: 1 });
    const [flags] = await preparedRows<{ flags: boolean[] }>(store.em.fork(), 'select array_agg(x order by n) as flags from unnest(?::boolean[]) with ordinality u (x, n)', [arrayLiteral([true, false])]);
    t.deepEqual(flags!.flags, [true, false]);
    const [empty] = await preparedRows<{ n: number }>(store.em.fork(), 'select count(*)::int as n from unnest(?::int[])', [arrayLiteral([])]);
    t.is(empty!.n, 0);
  });
}
