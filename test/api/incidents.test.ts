import test from 'ava';
import { Incident, IncidentNote } from '../../src/store/entities/incident.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let owner: Account;
let checkId: number;
let cycle = 0;

async function seedIncident(account: Account, check: number, values: Partial<Pick<Incident, 'status' | 'severity' | 'openedAt'>> = {}): Promise<number> {
  const em = api.em;
  const incident = em.create(Incident, {
    workspace: account.workspaceId,
    check,
    severity: values.severity ?? 'major',
    status: values.status ?? 'open',
    failedLocations: ['eu-west', 'us-east'],
    openedByCycle: `test-${process.pid}-${++cycle}`,
    openedAt: values.openedAt ?? new Date(),
  });
  await em.flush();
  return incident.id;
}

async function seedCheck(account: Account, name: string): Promise<number> {
  const em = api.em;
  const check = em.create(UptimeCheck, {
    workspace: account.workspaceId,
    name,
    checkType: 'http',
    hostname: 'example.com',
    protocol: 'https',
    checkFrequency: 5,
    responseTimeout: 10000,
    triggerLocations: ['eu-west', 'us-east'],
    minFailingLocations: 1,
  });
  await em.flush();
  return check.id;
}

test.before(async () => {
  api = await ApiHarness.start();
  owner = await api.account('trial');
  checkId = await seedCheck(owner, 'Shop');
});

test.after.always(async () => {
  await api?.close();
});

test('list filters by status, severity and opened range, newest first, paginated', async (t) => {
  const account = await api.account('trial');
  const check = await seedCheck(account, 'Listed');
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
  const a = await seedIncident(account, check, { openedAt: day(1), severity: 'critical', status: 'resolved' });
  const b = await seedIncident(account, check, { openedAt: day(2), status: 'acknowledged' });
  const c = await seedIncident(account, check, { openedAt: day(3) });
  const ids = async (query: string) => {
    const res = await api.call('GET', `/mobile/incidents${query}`, { account });
    t.is(res.status, 200, query);
    return res.body.data.map((i: { id: number }) => i.id);
  };
  t.deepEqual(await ids(''), [c, b, a]);
  t.deepEqual(await ids('?status=open'), [c]);
  t.deepEqual(await ids('?status=acknowledged'), [b]);
  t.deepEqual(await ids('?status=resolved'), [a]);
  t.deepEqual(await ids('?severity=critical'), [a]);
  t.deepEqual(await ids('?severity=major'), [c, b]);
  t.deepEqual(await ids('?from=2026-01-02&to=2026-01-02T23:59:59Z'), [b]);
  t.deepEqual(await ids('?from=2026-01-03T00:00:00Z'), [c]);
  const paged = await api.call('GET', '/mobile/incidents?limit=1&offset=1', { account });
  t.deepEqual(paged.body.pagination, { limit: 1, offset: 1, total: 3 });
  t.is(paged.body.data[0].id, b);
  t.like(paged.body.data[0], { check: { id: check, name: 'Listed' }, status: 'acknowledged', severity: 'major', failed_locations: ['eu-west', 'us-east'] });
  const defaults = await api.call('GET', '/mobile/incidents', { account });
  t.is(defaults.body.pagination.limit, 50);
  t.is((await api.call('GET', '/mobile/incidents?limit=200', { account })).status, 200);
});

test('bad filters are 400 BAD_REQUEST', async (t) => {
  for (const query of ['status=closed', 'severity=minor', 'from=yesterday', 'to=2026-13-01', 'limit=0', 'limit=201', 'offset=-1', 'from=2026-02-02&to=2026-02-01', 'limit=abc']) {
    const res = await api.call('GET', `/mobile/incidents?${query}`, { account: owner });
    t.is(res.status, 400, query);
    t.is(res.body.error.code, 'BAD_REQUEST', query);
  }
});

test('detail shows check, failure locations and notes; other ids are 404', async (t) => {
  const id = await seedIncident(owner, checkId, { severity: 'critical' });
  const res = await api.call('GET', `/mobile/incidents/${id}`, { account: owner });
  t.is(res.status, 200);
  t.like(res.body.data, {
    id,
    check: { id: checkId, name: 'Shop' },
    status: 'open',
    severity: 'critical',
    acknowledged_at: null,
    acknowledged_by: null,
    resolved_at: null,
    resolved_by: null,
    resolution_notes: null,
    failed_locations: ['eu-west', 'us-east'],
    notes: [],
  });
  t.truthy(Date.parse(res.body.data.opened_at));
  for (const path of ['/mobile/incidents/999999', '/mobile/incidents/abc']) {
    const missing = await api.call('GET', path, { account: owner });
    t.is(missing.status, 404, path);
    t.is(missing.body.error.code, 'NOT_FOUND');
  }
});

test('acknowledge: open → acknowledged with who and when and a note; again is idempotent', async (t) => {
  const id = await seedIncident(owner, checkId);
  const first = await api.call('POST', `/mobile/incidents/${id}/acknowledge`, { account: owner });
  t.is(first.status, 200);
  t.is(first.body.data.status, 'acknowledged');
  t.deepEqual(first.body.data.acknowledged_by, { id: owner.userId, email_address: owner.email });
  t.truthy(Date.parse(first.body.data.acknowledged_at));
  t.is(first.body.data.notes.length, 1);
  t.like(first.body.data.notes[0], { body: 'Acknowledged.', author: { id: owner.userId } });
  const again = await api.call('POST', `/mobile/incidents/${id}/acknowledge`, { account: owner });
  t.is(again.status, 200);
  t.is(again.body.data.status, 'acknowledged');
  t.is(again.body.data.acknowledged_at, first.body.data.acknowledged_at);
  t.is(again.body.data.notes.length, 1);
  t.true(api.bus.durable.some((m) => m.subject === `vantage.changes.incident.${id}`));
});

test('two concurrent acknowledges record exactly one transition', async (t) => {
  for (let round = 0; round < 3; round++) {
    const id = await seedIncident(owner, checkId);
    const answers = await Promise.all([1, 2, 3].map(() => api.call('POST', `/mobile/incidents/${id}/acknowledge`, { account: owner })));
    t.deepEqual(answers.map((a) => a.status), [200, 200, 200]);
    t.true(answers.every((a) => a.body.data.status === 'acknowledged'));
    const em = api.em;
    t.is(await em.count(IncidentNote, { incident: id }), 1);
    const log = await api.call('GET', `/admin/activity-log?action=incident.acknowledge&resource_type=incident&resource_id=${id}`, { account: owner, workspace: null });
    t.is(log.body.pagination.total, 1);
  }
});

test('resolve from open and from acknowledged stores notes; resolving again is 409', async (t) => {
  const open = await seedIncident(owner, checkId);
  const res = await api.call('POST', `/mobile/incidents/${open}/resolve`, { account: owner, body: { resolution_notes: '  Restarted the pool  ' } });
  t.is(res.status, 200);
  t.is(res.body.data.status, 'resolved');
  t.is(res.body.data.resolution_notes, 'Restarted the pool');
  t.deepEqual(res.body.data.resolved_by, { id: owner.userId, email_address: owner.email });
  t.is(res.body.data.notes.at(-1).body, 'Resolved: Restarted the pool');
  const again = await api.call('POST', `/mobile/incidents/${open}/resolve`, { account: owner });
  t.is(again.status, 409);
  t.is(again.body.error.code, 'CONFLICT');
  const ack = await api.call('POST', `/mobile/incidents/${open}/acknowledge`, { account: owner });
  t.is(ack.status, 409);

  const acknowledged = await seedIncident(owner, checkId, { status: 'acknowledged' });
  const noBody = await api.call('POST', `/mobile/incidents/${acknowledged}/resolve`, { account: owner });
  t.is(noBody.status, 200);
  t.is(noBody.body.data.status, 'resolved');
  t.is(noBody.body.data.resolution_notes, null);
  const notice = api.bus.durable.find((m) => m.subject === `vantage.changes.incident.${acknowledged}`);
  t.like(notice?.data as object, { kind: 'incident', id: acknowledged, action: 'updated' });
});

test('resolution_notes: 5000 characters pass, 5001 and non-strings are 422', async (t) => {
  const ok = await seedIncident(owner, checkId);
  t.is((await api.call('POST', `/mobile/incidents/${ok}/resolve`, { account: owner, body: { resolution_notes: 'x'.repeat(5000) } })).status, 200);
  const id = await seedIncident(owner, checkId);
  for (const body of [{ resolution_notes: 'x'.repeat(5001) }, { resolution_notes: 42 }]) {
    const res = await api.call('POST', `/mobile/incidents/${id}/resolve`, { account: owner, body });
    t.is(res.status, 422);
    t.is(res.body.error.code, 'VALIDATION_ERROR');
    t.truthy(res.body.error.fields.resolution_notes);
  }
  t.is((await api.call('GET', `/mobile/incidents/${id}`, { account: owner })).body.data.status, 'open');
});

test('permission, entitlement, method and isolation', async (t) => {
  const id = await seedIncident(owner, checkId);
  const reader = await api.member(owner, { permissions: { manage_incidents: false }, shareWorkspaces: [owner.workspaceId] });
  t.is((await api.call('GET', `/mobile/incidents/${id}`, { as: reader, workspace: owner.workspaceId })).status, 200);
  const denied = await api.call('POST', `/mobile/incidents/${id}/acknowledge`, { as: reader, workspace: owner.workspaceId });
  t.is(denied.status, 403);
  t.regex(denied.body.error.message, /manage_incidents/);

  const expired = await api.account('expired');
  const expiredCheck = await seedCheck(expired, 'Old');
  const expiredIncident = await seedIncident(expired, expiredCheck);
  t.is((await api.call('GET', `/mobile/incidents/${expiredIncident}`, { account: expired })).status, 200);
  const refused = await api.call('POST', `/mobile/incidents/${expiredIncident}/resolve`, { account: expired });
  t.is(refused.status, 402);
  t.is(refused.body.error.code, 'ENTITLEMENT_REQUIRED');

  const other = await api.account('trial');
  t.is((await api.call('GET', `/mobile/incidents/${id}`, { account: other })).status, 404);
  t.is((await api.call('POST', `/mobile/incidents/${id}/acknowledge`, { account: other })).status, 404);
  const foreignHeader = await api.call('GET', '/mobile/incidents', { account: other, workspace: owner.workspaceId });
  t.is(foreignHeader.status, 403);
  const otherWorkspace = await api.workspace(owner, 'Second');
  t.is((await api.call('GET', `/mobile/incidents/${id}`, { account: owner, workspace: otherWorkspace })).status, 404);
  t.is((await api.call('GET', '/mobile/incidents', { account: owner, workspace: null })).status, 400);
  t.is((await api.call('GET', '/mobile/incidents', { as: null })).status, 401);
  const wrongMethod = await api.call('GET', `/mobile/incidents/${id}/acknowledge`, { account: owner });
  t.is(wrongMethod.status, 405);
  t.is(wrongMethod.body.error.code, 'METHOD_NOT_ALLOWED');
  t.is((await api.call('DELETE', `/mobile/incidents/${id}`, { account: owner })).status, 405);
});
