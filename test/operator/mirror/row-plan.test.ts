import test from 'ava';
import { resolveEntitlement } from '../../../src/domain/entitlement.js';
import type { Domain } from '../../../src/store/entities/domain.js';
import { domainKind } from '../../../operator/mirror/kinds/domain/kind.js';
import type { MirrorContext } from '../../../operator/mirror/kinds/mirrored-kind.js';
import { planRow, type RowSnapshot } from '../../../operator/mirror/row-plan.js';

const now = new Date('2026-06-01T00:00:00Z');

const context: MirrorContext = {
  workspace: { id: 7, clientId: 3, entitlement: resolveEntitlement({ plan: 'pro', trialEndsAt: null }, now), groupIdByName: new Map(), groupNameById: new Map() },
  now,
  locations: ['eu-west'],
  allowPrivateTargets: false,
  rowIdOfResource: () => null,
  resourceNameOfRow: () => null,
};

function row(managedBy: 'api' | 'kubernetes', uid: string | null = null): Domain {
  return {
    id: 42,
    name: 'Shop.example.com',
    description: null,
    active: true,
    managedBy,
    kubernetesUid: uid,
    kubernetesRef: uid ? 'team/shop' : null,
    notificationGroups: { isInitialized: () => true, getItems: () => [], length: 0 },
  } as unknown as Domain;
}

const snapshot = (of: Domain | null, fields: Partial<RowSnapshot<Domain>> = {}): RowSnapshot<Domain> => ({
  row: of,
  resourceLive: false,
  labelled: false,
  home: { namespace: 'team', context },
  ...fields,
});

test('an API-made row without its resource gets one in its home namespace, named after it', (t) => {
  const apiRow = row('api');
  t.deepEqual(planRow(domainKind, snapshot(apiRow)), [
    { do: 'createResource', row: apiRow, namespace: 'team', name: 'shop-example-com-42', spec: { name: 'Shop.example.com', active: true } },
  ]);
});

test('a row whose resource lives, a row gone, or an API-made row with no home namespace or a labelled resource: nothing to do here', (t) => {
  t.deepEqual(planRow(domainKind, snapshot(row('api', 'uid-1'), { resourceLive: true })), []);
  t.deepEqual(planRow(domainKind, snapshot(null)), []);
  t.deepEqual(planRow(domainKind, snapshot(row('api'), { home: null })), []);
  t.deepEqual(planRow(domainKind, snapshot(row('api'), { labelled: true })), [], 'the labelled resource adopts its row under its own key');
});

test('a Kubernetes-made row whose resource went while the operator was away is deleted', (t) => {
  const orphan = row('kubernetes', 'uid-gone');
  t.deepEqual(planRow(domainKind, snapshot(orphan)), [{ do: 'deleteRow', row: orphan, why: 'resourceGone' }]);
});
