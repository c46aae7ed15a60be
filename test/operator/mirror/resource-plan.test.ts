import test from 'ava';
import { resolveEntitlement } from '../../../src/domain/entitlement.js';
import type { Domain } from '../../../src/store/entities/domain.js';
import { ORIGIN_LABEL, ROW_FINALIZER, type CustomResource } from '../../../operator/mirror/custom-resource.js';
import { domainKind } from '../../../operator/mirror/kinds/domain/kind.js';
import type { MirrorContext } from '../../../operator/mirror/kinds/mirrored-kind.js';
import { planResource, type ResourceSnapshot } from '../../../operator/mirror/resource-plan.js';

const now = new Date('2026-06-01T00:00:00Z');

const context: MirrorContext = {
  workspace: {
    id: 7,
    clientId: 3,
    entitlement: resolveEntitlement({ plan: 'pro', trialEndsAt: null }, now),
    groupIdByName: new Map([['ops', 11]]),
    groupNameById: new Map([[11, 'ops']]),
  },
  now,
  locations: ['eu-west'],
  allowPrivateTargets: false,
  rowIdOfResource: () => null,
  resourceNameOfRow: () => null,
};

function resource(spec: Record<string, unknown>, options: { api?: boolean; finalizer?: boolean; deleting?: boolean } = {}): CustomResource {
  return {
    apiVersion: 'monitoring.vantage.dev/v1',
    kind: 'Domain',
    metadata: {
      name: 'shop',
      namespace: 'team',
      uid: 'uid-1',
      generation: 2,
      labels: options.api ? { [ORIGIN_LABEL]: 'api' } : {},
      finalizers: options.finalizer === false ? [] : [ROW_FINALIZER],
      ...(options.deleting ? { deletionTimestamp: now } : {}),
    },
    spec,
  };
}

/** A stored domain row as the plan sees it: plain fields and its groups. */
function row(fields: Partial<{ name: string; description: string | null; active: boolean; groups: number[]; managedBy: 'api' | 'kubernetes'; uid: string | null; ref: string | null }> = {}): Domain {
  const groups = (fields.groups ?? []).map((id) => ({ id }));
  return {
    id: 42,
    name: fields.name ?? 'shop.example.com',
    description: fields.description ?? null,
    active: fields.active ?? true,
    managedBy: fields.managedBy ?? 'kubernetes',
    kubernetesUid: fields.uid === undefined ? 'uid-1' : fields.uid,
    kubernetesRef: fields.ref === undefined ? 'team/shop' : fields.ref,
    notificationGroups: { isInitialized: () => true, getItems: () => groups, length: groups.length },
  } as unknown as Domain;
}

const spec = { name: 'shop.example.com', notificationGroups: ['ops'] };

/** A live resource in a mapped namespace, with the row it mirrors (found by uid). */
const mapped = (of: CustomResource, mirror: Domain | null): ResourceSnapshot<Domain> => ({ resource: of, placement: { context }, row: mirror, uidRow: mirror, stale: [] });

test('a deleted resource deletes the row holding its uid, then lets the resource go', (t) => {
  const mirror = row();
  const going = resource(spec, { deleting: true });
  t.deepEqual(planResource(domainKind, { resource: going, placement: null, row: null, uidRow: mirror, stale: [] }), [
    { do: 'deleteRow', row: mirror, why: 'resourceDeleted' },
    { do: 'removeFinalizer' },
  ]);
  t.deepEqual(planResource(domainKind, { resource: resource(spec, { deleting: true, finalizer: false }), placement: null, row: null, uidRow: null, stale: [] }), []);
});

test('a resource that is gone forgets its status writes, and the Kubernetes-made rows it left behind are deleted', (t) => {
  const orphan = row({ uid: 'uid-old' });
  const apiMade = row({ managedBy: 'api', uid: 'uid-older' });
  t.deepEqual(planResource(domainKind, { resource: null, placement: null, row: null, uidRow: null, stale: [orphan, apiMade] }), [
    { do: 'forgetResource' },
    { do: 'deleteRow', row: orphan, why: 'resourceGone' },
  ]);
});

test('a resource recreated under the name of one that went while the operator was away: the old row goes first', (t) => {
  const orphan = row({ uid: 'uid-old' });
  const actions = planResource(domainKind, { ...mapped(resource(spec), null), stale: [orphan] });
  t.deepEqual(actions.map((action) => action.do), ['deleteRow', 'saveRow']);
});

test('in a namespace that maps to no workspace a resource says why it waits; an API-made one is left alone', (t) => {
  const why = { reason: 'NamespaceNotMapped', message: 'namespace team has no vantage.dev/workspace-id label naming a workspace' };
  const unmapped = (of: CustomResource): ResourceSnapshot<Domain> => ({ resource: of, placement: { unmapped: why }, row: null, uidRow: null, stale: [] });
  t.deepEqual(planResource(domainKind, unmapped(resource(spec))), [{ do: 'writeStatus', row: null, problem: why }]);
  t.deepEqual(planResource(domainKind, unmapped(resource(spec, { api: true }))), []);
});

test('a GitOps resource without a row creates one through its service, after its finalizer', (t) => {
  const actions = planResource(domainKind, mapped(resource(spec, { finalizer: false }), null));
  t.deepEqual(actions.map((action) => action.do), ['addFinalizer', 'saveRow']);
  t.like(actions[1], { existing: null, input: { active: true, fields: { name: 'shop.example.com', groupIds: [11] } } });
});

test('a GitOps resource whose row already means its spec only writes status; a changed spec updates the row', (t) => {
  const same = row({ groups: [11] });
  t.deepEqual(planResource(domainKind, mapped(resource(spec), same)), [{ do: 'writeStatus', row: same, problem: null }]);
  const changed = planResource(domainKind, mapped(resource({ ...spec, active: false }), same));
  t.deepEqual(changed.map((action) => action.do), ['saveRow']);
  t.like(changed[0], { existing: same, input: { active: false } });
});

test('a row the API made and a resource that takes it over are saved again, to move the row to Kubernetes', (t) => {
  const apiRow = row({ groups: [11], managedBy: 'api' });
  t.deepEqual(planResource(domainKind, mapped(resource(spec), apiRow)).map((action) => action.do), ['saveRow']);
});

test('a spec the rules refuse writes why, per field, and touches no row', (t) => {
  const actions = planResource(domainKind, mapped(resource({ ...spec, notificationGroups: ['pager'] }), row({ groups: [11] })));
  t.is(actions.length, 1);
  t.like(actions[0], { do: 'writeStatus', row: null, problem: { reason: 'InvalidSpec' } });
  t.regex((actions[0] as { problem: { message: string } }).problem.message, /^spec\.notificationGroups no notification group named "pager"/);
});

test('an API-made resource: a hand edit is put back to the row, a deleted row takes the resource, an unseen uid is adopted', (t) => {
  const apiRow = row({ groups: [11], managedBy: 'api' });
  const edited = planResource(domainKind, mapped(resource({ ...spec, active: false }, { api: true }), apiRow));
  t.deepEqual(edited, [{ do: 'restoreSpec', row: apiRow, spec: { name: 'shop.example.com', notificationGroups: ['ops'], active: true } }]);
  t.deepEqual(planResource(domainKind, mapped(resource(spec, { api: true }), null)), [{ do: 'deleteResource' }]);
  const unseen = row({ groups: [11], managedBy: 'api', uid: null, ref: null });
  t.deepEqual(
    planResource(domainKind, mapped(resource({ ...spec, active: true }, { api: true }), unseen)).map((action) => action.do),
    ['adoptRow', 'writeStatus'],
  );
});
