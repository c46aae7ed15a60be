import test from 'ava';
import { resolveEntitlement } from '../../../../src/domain/entitlement.js';
import type { MaintenanceWindow } from '../../../../src/store/entities/maintenance-window.js';
import { ROW_FINALIZER, type CustomResource } from '../../../../operator/mirror/custom-resource.js';
import { maintenanceWindowKind } from '../../../../operator/mirror/kinds/maintenance-window/kind.js';
import type { MirrorContext } from '../../../../operator/mirror/kinds/mirrored-kind.js';
import { PENDING_RETRY_MS, planResource } from '../../../../operator/mirror/resource-plan.js';
import { planRow } from '../../../../operator/mirror/row-plan.js';

const now = new Date('2026-06-01T00:00:00Z');

/** A namespace whose UptimeCheck `db` has row 5 once `checkSynced`. */
const context = (checkSynced: boolean): MirrorContext => ({
  workspace: { id: 7, clientId: 3, entitlement: resolveEntitlement({ plan: 'pro', trialEndsAt: null }, now), groupIdByName: new Map(), groupNameById: new Map() },
  now,
  locations: ['eu-west'],
  allowPrivateTargets: false,
  rowIdOfResource: (_kind, name) => (checkSynced && name === 'db' ? 5 : null),
  resourceNameOfRow: (_kind, id) => (checkSynced && id === 5 ? 'db' : null),
});

const spec = { scope: 'uptime_check', uptimeCheck: 'db', startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-02T02:00:00Z' };

const resource: CustomResource = {
  apiVersion: 'monitoring.vantage.dev/v1',
  kind: 'MaintenanceWindow',
  metadata: { name: 'upgrade', namespace: 'team', uid: 'uid-w', generation: 1, finalizers: [ROW_FINALIZER] },
  spec,
};

test('a window naming a check that has no row yet says so and is read again after a while, without any row', (t) => {
  const actions = planResource(maintenanceWindowKind, { resource, placement: { context: context(false) }, row: null, uidRow: null, stale: [] });
  t.deepEqual(actions.map((action) => action.do), ['writeStatus', 'requeueAfter']);
  t.like(actions[0], { row: null, problem: { reason: 'InvalidSpec', message: 'spec.uptimeCheck no synced UptimeCheck named "db" in this namespace' } });
  t.like(actions[1], { ms: PENDING_RETRY_MS });
});

test('once the check has its row the window is saved with it', (t) => {
  const actions = planResource(maintenanceWindowKind, { resource, placement: { context: context(true) }, row: null, uidRow: null, stale: [] });
  t.deepEqual(actions.map((action) => action.do), ['saveRow']);
  t.like(actions[0], { input: { name: 'upgrade', scope: 'uptime_check', uptimeCheckId: 5 } });
});

test('a window refused for another reason is not read again on a timer', (t) => {
  const actions = planResource(maintenanceWindowKind, { resource: { ...resource, spec: { ...spec, uptimeCheck: undefined, scope: 'workspace', endsAt: '2026-05-01T00:00:00Z' } }, placement: { context: context(true) }, row: null, uidRow: null, stale: [] });
  t.deepEqual(actions.map((action) => action.do), ['writeStatus']);
});

test('an API-made window whose check has no resource yet waits for it before it is mirrored', (t) => {
  const window = {
    id: 9,
    name: 'Upgrade',
    description: null,
    scope: 'uptime_check',
    check: { id: 5 },
    startsAt: new Date('2026-06-02T00:00:00Z'),
    endsAt: new Date('2026-06-02T02:00:00Z'),
    enabled: true,
    managedBy: 'api',
    kubernetesUid: null,
    kubernetesRef: null,
  } as unknown as MaintenanceWindow;
  t.deepEqual(planRow(maintenanceWindowKind, { row: window, resourceLive: false, labelled: false, home: { namespace: 'team', context: context(false) } }), [
    { do: 'requeueAfter', ms: PENDING_RETRY_MS },
  ]);
  const mirrored = planRow(maintenanceWindowKind, { row: window, resourceLive: false, labelled: false, home: { namespace: 'team', context: context(true) } });
  t.like(mirrored[0], { do: 'createResource', name: 'upgrade-9', spec: { name: 'Upgrade', scope: 'uptime_check', uptimeCheck: 'db' } });
});
