import test from 'ava';
import fc from 'fast-check';
import type { LocationResult } from '../../src/store/entities/run.js';
import { cycleKey, decodeLocationResults, encodeLocationResults, locationPattern } from '../../src/store/location-results-codec.js';

const optionalMs = fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: undefined });
const result: fc.Arbitrary<LocationResult> = fc.record({
  location: fc.string({ minLength: 1, maxLength: 40 }),
  state: fc.constantFrom('up', 'down', 'unsupported', 'missing'),
  reason: fc.option(fc.string({ maxLength: 200 }), { nil: null }),
  latencyMs: fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: null }),
  phases: fc.record({ dnsMs: optionalMs, connectMs: optionalMs, tlsMs: optionalMs, firstByteMs: optionalMs }, { requiredKeys: [] }),
  late: fc.boolean(),
});
const withoutUndefined = (r: LocationResult): LocationResult => ({ ...r, phases: Object.fromEntries(Object.entries(r.phases).filter(([, v]) => v !== undefined)) });

test('every result survives the compact form unchanged', (t) => {
  fc.assert(
    fc.property(fc.array(result, { maxLength: 8 }), (results) => {
      t.deepEqual(decodeLocationResults(encodeLocationResults(results)), results.map(withoutUndefined));
    }),
  );
});

test('a 3-location HTTP run takes about a quarter of the object form', (t) => {
  const results: LocationResult[] = ['eu-west', 'us-east', 'ap-south'].map((location, i) => ({
    location,
    state: 'up',
    reason: null,
    latencyMs: 120 + i,
    phases: { dnsMs: 2, connectMs: 20 + i, tlsMs: 40 + i, firstByteMs: 80 + i },
    late: false,
  }));
  const compact = encodeLocationResults(results);
  t.is(compact, '[["eu-west","u",120,2,20,40,80],["us-east","u",121,2,21,41,81],["ap-south","u",122,2,22,42,82]]');
  t.true(compact.length * 4 < JSON.stringify(results).length * 1.1);
});

test('the location pattern finds a location and only that one, with LIKE wildcards escaped', (t) => {
  t.is(locationPattern('eu-west'), '%["eu-west",%');
  t.is(locationPattern('a_b%'), String.raw`%["a\_b\%",%`);
});

test('a cycle key is a signed 64-bit integer, stable and distinct', (t) => {
  t.is(cycleKey('vantage.1.1764000000000'), cycleKey('vantage.1.1764000000000'));
  t.not(cycleKey('vantage.1.1764000000000'), cycleKey('vantage.1.1764000060000'));
  const key = BigInt(cycleKey('x'));
  t.true(key >= -(2n ** 63n) && key < 2n ** 63n);
});
