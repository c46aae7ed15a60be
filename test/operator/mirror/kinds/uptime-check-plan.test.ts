import test from 'ava';
import { resolveEntitlement } from '../../../../src/domain/entitlement.js';
import type { UptimeCheck } from '../../../../src/store/entities/uptime-check.js';
import { ORIGIN_LABEL, ROW_FINALIZER, type CustomResource } from '../../../../operator/mirror/custom-resource.js';
import { uptimeCheckResource } from '../../../../operator/mirror/kinds/uptime-check/resource.js';
import { uptimeCheckKind } from '../../../../operator/mirror/kinds/uptime-check/kind.js';
import type { MirrorContext } from '../../../../operator/mirror/kinds/mirrored-kind.js';
import { planResource } from '../../../../operator/mirror/resource-plan.js';
import { withSpecDefaults } from '../../../../operator/resources/spec-defaults.js';

const now = new Date('2026-06-01T00:00:00Z');

/** A workspace on the basic plan, which has lost DNS and TCP checks. */
const context: MirrorContext = {
  workspace: { id: 7, clientId: 3, entitlement: resolveEntitlement({ plan: 'basic', trialEndsAt: null }, now), groupIdByName: new Map(), groupNameById: new Map() },
  now,
  locations: ['eu-west'],
  allowPrivateTargets: false,
  rowIdOfResource: () => null,
  resourceNameOfRow: () => null,
};

/** A DNS check made through the API while the plan still allowed it. */
const row = {
  id: 12,
  name: 'Resolver',
  checkType: 'dns',
  hostname: 'example.com',
  protocol: null,
  path: null,
  checkFrequency: 5,
  requestMethod: null,
  responseTimeout: 10_000,
  triggerLocations: ['eu-west'],
  minFailingLocations: 1,
  responseClasses: [],
  flagFollowRedirect: false,
  dnsRecordType: 'A',
  dnsExpectedValues: ['192.0.2.1'],
  port: null,
  bannerMatchOperator: null,
  bannerMatchValue: null,
  paused: false,
  managedBy: 'api',
  kubernetesUid: 'uid-12',
  kubernetesRef: 'team/resolver-12',
  notificationGroups: { isInitialized: () => true, getItems: () => [], length: 0 },
} as unknown as UptimeCheck;

const resource = (spec: Record<string, unknown>): CustomResource => ({
  apiVersion: 'monitoring.vantage.dev/v1',
  kind: 'UptimeCheck',
  metadata: { name: 'resolver-12', namespace: 'team', uid: 'uid-12', generation: 1, labels: { [ORIGIN_LABEL]: 'api' }, finalizers: [ROW_FINALIZER] },
  spec,
});

const plan = (spec: Record<string, unknown>) => planResource(uptimeCheckKind, { resource: resource(spec), placement: { context }, row, uidRow: row, stale: [] });

test('an API-made check the rules refuse today is still the truth: its resource, as the API server stores it with the CRD defaults, only gets status', (t) => {
  const stored = withSpecDefaults(uptimeCheckResource, uptimeCheckKind.specOf(row, context)!);
  t.like(stored, { checkType: 'dns', path: '/', requestMethod: 'get' }, 'the other types\' defaults are filled in');
  t.like(uptimeCheckKind.read(stored, 'resolver-12', context, row), { ok: false, problems: { checkType: 'the basic plan does not include uptime_check.dns_tcp' } }, 'the basic plan refuses DNS checks now');
  t.deepEqual(plan(stored), [{ do: 'writeStatus', row, problem: null }]);
});

test('a hand edit of such a check is put back to its row', (t) => {
  const stored = withSpecDefaults(uptimeCheckResource, uptimeCheckKind.specOf(row, context)!);
  const actions = plan({ ...stored, hostname: 'hijacked.example.com' });
  t.deepEqual(actions.map((action) => action.do), ['restoreSpec']);
  t.like(actions[0], { spec: { hostname: 'example.com', dnsRecordType: 'A' } });
});
