import test from 'ava';
import type { CheckSettings } from '../../../operator/discovery/annotations.js';
import { diffResources } from '../../../operator/discovery/diff.js';
import { planSource } from '../../../operator/discovery/plan.js';
import { discoveredName, ownerReference, sourceLabels, sourceNameLabel, type SourceRef } from '../../../operator/discovery/source.js';
import { stateChange } from '../../../operator/discovery/state-change.js';
import { httpTarget } from '../../../operator/discovery/targets.js';

const source: SourceRef = { kind: 'Ingress', namespace: 'shop', name: 'web', uid: 'uid-1' };
const settings: CheckSettings = { path: null, checkFrequency: 5, locations: ['eu-west', 'us-east'], minFailingLocations: 1, responseClasses: ['2XX'], notificationGroups: [], paused: false, protocol: 'tcp' };
const context = { locations: ['eu-west', 'us-east'], allowPrivateTargets: false, groupIdByName: new Map([['On call', 7]]) };
const found = { targets: [httpTarget('https', 'shop.example.com', null, '/'), httpTarget('https', 'shop.example.com', null, '/api')], tlsHosts: ['shop.example.com'] };
const none = { checks: [], domains: [] };

test('a source plans a check per target and a Domain per TLS host, named stably', (t) => {
  const plan = planSource(source, found, settings, context, none);
  t.deepEqual(plan.desired.map((resource) => [resource.kind, resource.target]), [
    ['UptimeCheck', 'https://shop.example.com/'],
    ['UptimeCheck', 'https://shop.example.com/api'],
    ['Domain', 'shop.example.com'],
  ]);
  t.deepEqual(planSource(source, found, settings, context, none), plan, 'the same input, the same names');
  t.like(plan.desired[0]!.spec, { checkType: 'http', hostname: 'shop.example.com', protocol: 'https', path: '/', triggerLocations: ['eu-west', 'us-east'], requestMethod: 'get', bannerMatchOperator: 'none', paused: false });
  t.not(discoveredName('UptimeCheck', { kind: 'Service', name: 'web' }, 'https://shop.example.com/'), plan.desired[0]!.name, 'another kind of source, another name');
  t.true(plan.desired.every((resource) => resource.name.length <= 253 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(resource.name)));
});

test('an annotation value the API refuses leaves the source with nothing at all, and says which annotation', (t) => {
  const plan = planSource(source, found, { ...settings, minFailingLocations: 3, notificationGroups: ['On call', 'Nobody'] }, context, none);
  t.deepEqual(plan.desired, []);
  t.deepEqual(plan.refusals.map((refusal) => refusal.annotation).sort(), ['monitoring.vantage.dev/min-failing-locations', 'monitoring.vantage.dev/notification-groups']);
  const unmapped = planSource(source, found, { ...settings, notificationGroups: ['On call'] }, { ...context, groupIdByName: null }, none);
  t.regex(unmapped.refusals[0]!.rule, /maps to no workspace/);
  const badPath = planSource(source, found, { ...settings, path: 'no slash' }, context, none);
  t.deepEqual(badPath.refusals, [{ annotation: 'monitoring.vantage.dev/path', rule: 'must start with /' }]);
});

test('a target the API refuses is left out alone; a hand-written check or domain for the same target wins', (t) => {
  const port25 = { targets: [{ checkType: 'tcp' as const, host: 'mail.example.com', port: 25 }, { checkType: 'tcp' as const, host: 'mail.example.com', port: 587 }], tlsHosts: [] };
  const plan = planSource({ ...source, kind: 'Service' }, port25, settings, context, none);
  t.deepEqual(plan.desired.map((resource) => resource.target), ['tcp://mail.example.com:587']);
  t.regex(plan.problems[0]!, /tcp:\/\/mail\.example\.com:25: port/);
  const handWritten = {
    checks: [{ metadata: { namespace: 'shop', name: 'mine' }, spec: { checkType: 'http', hostname: 'SHOP.example.com', protocol: 'http', path: '/api' } }],
    domains: [{ metadata: { namespace: 'shop', name: 'cert' }, spec: { name: 'shop.example.com' } }],
  };
  const yielded = planSource(source, found, settings, context, handWritten);
  t.deepEqual(yielded.desired.map((resource) => resource.target), ['https://shop.example.com/']);
  t.deepEqual(yielded.yielded, ['https://shop.example.com/api is already checked by UptimeCheck shop/mine', 'the certificate of shop.example.com is already watched by Domain shop/cert']);
});

test('the diff creates what is missing, puts back what drifted, deletes what no longer applies, and waits for a deletion under way', (t) => {
  const [home, api, domain] = planSource(source, found, settings, context, none).desired;
  const labels = sourceLabels(source);
  const owner = ownerReference(source);
  const existing = (wanted: typeof home, extra: Record<string, unknown> = {}) => ({
    kind: wanted!.kind,
    metadata: { name: wanted!.name, labels, ownerReferences: [owner], ...extra },
    spec: structuredClone(wanted!.spec),
  });
  const edited = existing(api, {});
  edited.spec.checkFrequency = 15;
  const stale = { kind: 'UptimeCheck', metadata: { name: 'web-old-12345678', labels, ownerReferences: [owner] }, spec: {} };
  const recreated = existing(domain, { ownerReferences: [{ ...owner, uid: 'old-uid' }] });
  const actions = diffResources([home!, api!, domain!], [edited, stale, recreated], labels, owner);
  t.deepEqual(actions.map((action) => [action.do, action.do === 'delete' ? action.existing.metadata!.name : action.desired.name]), [
    ['create', home!.name],
    ['update', api!.name],
    ['update', domain!.name],
    ['delete', 'web-old-12345678'],
  ]);
  t.deepEqual(diffResources([home!], [existing(home)], labels, owner), [], 'converged: nothing to do');
  t.deepEqual(diffResources([home!], [existing(home, { deletionTimestamp: '2026-01-01T00:00:00Z' })], labels, owner), []);
  t.deepEqual(diffResources([], [existing(home, { deletionTimestamp: '2026-01-01T00:00:00Z' })], labels, owner), []);
});

test('long source names make valid label values; state changes are news only to and from down', (t) => {
  const long = 'a'.repeat(100);
  const label = sourceNameLabel(long);
  t.true(label.length <= 63 && /^[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$/.test(label));
  t.not(sourceNameLabel(`${'a'.repeat(99)}b`), label);
  t.is(stateChange(undefined, 'down', false), 'down');
  t.is(stateChange('up', 'down', true), 'down');
  t.is(stateChange('down', 'down', true), null);
  t.is(stateChange('down', 'up', true), 'recovered');
  t.is(stateChange('pending', 'up', true), null);
  t.is(stateChange('down', 'paused', true), null);
});

test('hostile values from a source or an annotation are refused, never thrown', (t) => {
  const hostile = { targets: [httpTarget('https', 'shop\u0000.example.com', null, '/'), httpTarget('http', 'ok.example.com', null, '/a\u0000b'), { checkType: 'tcp' as const, host: '127.0.0.1', port: 5432 }], tlsHosts: ['bad host.example.com', '10.0.0.1'] };
  const plan = planSource(source, hostile, settings, context, none);
  t.deepEqual(plan.desired, []);
  t.is(plan.problems.length, 5, plan.problems.join('\n'));
  const huge = planSource(source, found, { ...settings, checkFrequency: 2 ** 63 }, context, none);
  t.deepEqual(huge.refusals, [{ annotation: 'monitoring.vantage.dev/check-frequency', rule: 'must be one of 1, 2, 5, 10, 15 (minutes)' }]);
});
