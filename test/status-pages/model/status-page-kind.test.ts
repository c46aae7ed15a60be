import test from 'ava';
import type { MirrorContext, MirroredKind, MirroredRow } from '../../../operator/mirror/kinds/mirrored-kind.js';
import { statusPageKind } from '../../../operator/mirror/kinds/status-page/kind.js';
import { resolveEntitlement } from '../../../src/domain/entitlement.js';
import { admitCustomResource, loadCrds } from '../../../src/manifests/admission/index.js';

const crd = loadCrds().find((candidate) => candidate.spec.names.plural === 'statuspages')!;

const manifest = (spec: Record<string, unknown>, name = 'shop-status') => ({
  apiVersion: 'monitoring.vantage.dev/v1',
  kind: 'StatusPage',
  metadata: { name, namespace: 'team-a' },
  spec: { title: 'Shop', ...spec },
});

/** Resources of the namespace by kind and name, with their row ids. */
const rows: Record<string, Record<string, number>> = { UptimeCheck: { api: 11 }, Domain: { 'shop-cert': 21 } };
const context: MirrorContext = {
  workspace: { id: 1, clientId: 1, entitlement: resolveEntitlement({ plan: 'pro', trialEndsAt: null }, new Date()), groupIdByName: new Map(), groupNameById: new Map() },
  now: new Date(),
  locations: ['eu-west'],
  allowPrivateTargets: false,
  rowIdOfResource: (kind: MirroredKind<MirroredRow>, name: string) => rows[kind.kind]?.[name] ?? null,
  resourceNameOfRow: (kind: MirroredKind<MirroredRow>, id: number) => Object.entries(rows[kind.kind] ?? {}).find(([, rowId]) => rowId === id)?.[0] ?? null,
};

const full = {
  slug: 'shop',
  title: 'Shop',
  description: 'Everything we run',
  components: [
    { uptimeCheck: 'api', displayName: 'API', group: 'Backend' },
    { domain: 'shop-cert', displayName: 'Certificate' },
  ],
  showHostNames: true,
  customDomain: 'status.shop.example',
  timeZone: 'Europe/Berlin',
  links: [{ label: 'Home', url: 'https://shop.example/' }],
  enabled: true,
  frameAncestors: ['https://intranet.shop.example'],
};

test('a full manifest is admitted by the CRD, read by the API rules, and spelled back as it was', (t) => {
  t.true(admitCustomResource(crd, manifest(full)).allowed);
  const verdict = statusPageKind.read(full, 'shop-status', context, null);
  if (!verdict.ok) return t.fail(JSON.stringify(verdict.problems));
  t.like(verdict.input, { slug: 'shop', customDomain: 'status.shop.example', timeZone: 'Europe/Berlin' });
  t.deepEqual(verdict.input.components, [
    { checkId: 11, domainId: null, displayName: 'API', groupName: 'Backend' },
    { checkId: null, domainId: 21, displayName: 'Certificate', groupName: null },
  ]);
  t.deepEqual(statusPageKind.specOfInput(verdict.input, context), full);
});

test('left-out fields take their defaults: the slug is the resource name, host names hidden, UTC', (t) => {
  const verdict = statusPageKind.read({ title: 'Shop' }, 'shop-status', context, null);
  if (!verdict.ok) return t.fail(JSON.stringify(verdict.problems));
  t.deepEqual(statusPageKind.specOfInput(verdict.input, context), { slug: 'shop-status', title: 'Shop', showHostNames: false, timeZone: 'UTC', enabled: true });
});

test('refused by the CRD as by the API: two targets in a component, a javascript: link, a bad slug, a name that is no slug', (t) => {
  const refusedByCrd: Array<[Record<string, unknown>, string]> = [
    [{ components: [{ uptimeCheck: 'api', domain: 'shop-cert', displayName: 'Both' }] }, 'both'],
    [{ components: [{ displayName: 'Neither' }] }, 'neither'],
    [{ links: [{ label: 'x', url: 'javascript:alert(1)' }] }, 'javascript link'],
    [{ slug: 'Not A Slug' }, 'slug'],
    [{ frameAncestors: ['https://example.com/path'] }, 'frame ancestor with a path'],
    [{ title: '   ' }, 'blank title'],
  ];
  for (const [spec, why] of refusedByCrd) {
    t.false(admitCustomResource(crd, manifest(spec)).allowed, `CRD: ${why}`);
    t.false(statusPageKind.read({ title: 'Shop', ...spec }, 'shop-status', context, null).ok, `API: ${why}`);
  }
  t.false(admitCustomResource(crd, manifest({}, 'shop.status')).allowed, 'a resource name with a dot needs spec.slug');
  t.true(admitCustomResource(crd, manifest({ slug: 'shop' }, 'shop.status')).allowed);
});

test('the operator refuses what only it can judge: unknown resources, time zones, custom domains', (t) => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ components: [{ uptimeCheck: 'missing', displayName: 'X' }] }, 'components[0].uptimeCheck'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ customDomain: '127.0.0.1' }, 'customDomain'],
    [{ links: [{ label: 'x', url: 'https://user:pw@example.com/' }] }, 'links'],
  ];
  for (const [spec, field] of cases) {
    const verdict = statusPageKind.read({ title: 'Shop', ...spec }, 'shop-status', context, null);
    t.false(verdict.ok, field);
    if (!verdict.ok) t.truthy(verdict.problems[field], `${field}: ${JSON.stringify(verdict.problems)}`);
  }
});

test('a page whose component has no resource to name cannot be spelled as a manifest yet', (t) => {
  const verdict = statusPageKind.read({ title: 'Shop', components: [{ uptimeCheck: 'api', displayName: 'API' }] }, 'shop', context, null);
  if (!verdict.ok) return t.fail();
  const orphan = { ...verdict.input, components: [{ checkId: 99, domainId: null, displayName: 'API made', groupName: null }] };
  t.is(statusPageKind.specOfInput(orphan, context), null);
});
