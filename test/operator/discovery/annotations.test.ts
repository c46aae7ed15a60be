import test from 'ava';
import { ANNOTATION, optIn, readSettings } from '../../../operator/discovery/annotations.js';

const LOCATIONS = ['eu-west', 'us-east'];

test('an object opts in or out by its own annotation, else by its namespace; anything but true or false is refused', (t) => {
  t.deepEqual(optIn({ [ANNOTATION.enabled]: 'true' }, undefined), { enabled: true });
  t.deepEqual(optIn(undefined, { [ANNOTATION.enabled]: 'true' }), { enabled: true });
  t.deepEqual(optIn({ [ANNOTATION.enabled]: 'false' }, { [ANNOTATION.enabled]: 'true' }), { enabled: false });
  t.deepEqual(optIn({}, {}), { enabled: false });
  t.deepEqual(optIn({ [ANNOTATION.enabled]: 'yes' }, undefined), { refusal: { annotation: ANNOTATION.enabled, rule: 'must be "true" or "false", not "yes"' } });
});

test('settings are the API defaults, overridden by the namespace, overridden by the object', (t) => {
  const read = readSettings({ [ANNOTATION.checkFrequency]: '1', [ANNOTATION.responseClasses]: '2xx, 3XX' }, { [ANNOTATION.checkFrequency]: '10', [ANNOTATION.paused]: 'true', [ANNOTATION.locations]: 'eu-west' }, LOCATIONS);
  t.deepEqual(read, {
    ok: true,
    settings: { path: null, checkFrequency: 1, locations: ['eu-west'], minFailingLocations: 1, responseClasses: ['2XX', '3XX'], notificationGroups: [], paused: true, protocol: 'tcp' },
  });
  const defaults = readSettings(undefined, undefined, LOCATIONS);
  t.true(defaults.ok && defaults.settings.checkFrequency === 5 && defaults.settings.locations.join() === LOCATIONS.join());
});

test('values that are not numbers, booleans or a known protocol are refused with the annotation named', (t) => {
  const read = readSettings({ [ANNOTATION.checkFrequency]: 'often', [ANNOTATION.minFailingLocations]: '2^63', [ANNOTATION.paused]: 'maybe', [ANNOTATION.protocol]: 'udp' }, undefined, LOCATIONS);
  t.false(read.ok);
  if (read.ok) return;
  t.deepEqual(read.refusals.map((refusal) => refusal.annotation).sort(), [ANNOTATION.checkFrequency, ANNOTATION.minFailingLocations, ANNOTATION.paused, ANNOTATION.protocol].sort());
  t.regex(read.refusals.find((refusal) => refusal.annotation === ANNOTATION.checkFrequency)!.rule, /whole number, not "often"/);
});
