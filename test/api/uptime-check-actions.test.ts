import test from 'ava';
import type { OnDemandProbe, RunSummary } from '../../src/api/on-demand-probe.js';
import { ActivityLogEntry } from '../../src/store/entities/activity-log.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { dnsCheck, httpCheck, pingCheck } from './helpers/check-bodies.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

const probed: number[] = [];
const probe: OnDemandProbe = {
  runNow: async (checkId: number): Promise<RunSummary> => {
    probed.push(checkId);
    if (checkId < 0) throw new Error('unreachable');
    return {
      runId: 77,
      state: 'DOWN',
      startedAt: new Date('2026-11-22T00:00:00Z'),
      finishedAt: new Date('2026-11-22T00:00:02Z'),
      failingLocations: 1,
      latencyMs: null,
      results: [{ location: 'eu-west', state: 'down', reason: 'connection refused', latencyMs: null, phases: {}, late: false }],
    };
  },
};

let api: ApiHarness;
let owner: Account;

test.before(async () => {
  api = await ApiHarness.start({ onDemandProbe: probe });
  owner = await api.account('pro');
});

test.after.always(async () => {
  await api?.close();
});

const create = async (account: Account, body: Record<string, unknown>): Promise<number> => {
  const res = await api.call('POST', '/mobile/uptime-checks', { account, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data.id as number;
};

test('pause and resume set the paused state, idempotently', async (t) => {
  const id = await create(owner, httpCheck());
  const paused = await api.call('POST', `/mobile/uptime-checks/${id}/pause`, { account: owner });
  t.deepEqual(paused.body, { success: true, data: { id, paused: true } });
  t.is((await api.call('POST', `/mobile/uptime-checks/${id}/pause`, { account: owner })).body.data.paused, true);
  t.like((await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner })).body.data, { paused: true, status: { label: 'paused' } });
  const resumed = await api.call('POST', `/mobile/uptime-checks/${id}/resume`, { account: owner });
  t.deepEqual(resumed.body, { success: true, data: { id, paused: false } });
  t.like((await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner })).body.data, { paused: false, status: { label: 'pending' } });
});

test('favorite toggles per user', async (t) => {
  const id = await create(owner, httpCheck());
  const colleague = await api.member(owner, { isAdmin: true });
  t.deepEqual((await api.call('POST', `/mobile/uptime-checks/${id}/favorite`, { account: owner })).body.data, { id, favorite: true });
  t.true((await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner })).body.data.favorite);
  t.false((await api.call('GET', `/mobile/uptime-checks/${id}`, { as: colleague, workspace: owner.workspaceId })).body.data.favorite);
  t.deepEqual((await api.call('POST', `/mobile/uptime-checks/${id}/favorite`, { account: owner })).body.data, { id, favorite: false });
  t.false((await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner })).body.data.favorite);
});

test('bulk-pause pauses or resumes the named checks of the workspace and answers counts', async (t) => {
  const account = await api.account('pro');
  const a = await create(account, pingCheck());
  const b = await create(account, pingCheck());
  const c = await create(account, pingCheck());
  const elsewhere = await create(owner, pingCheck());
  const managed = await create(account, pingCheck());
  const em = api.em;
  (await em.findOneOrFail(UptimeCheck, managed)).managedBy = 'kubernetes';
  await em.flush();

  const some = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account, body: { action: 'pause', ids: [a, b, b, elsewhere, 999999, managed] } });
  t.is(some.status, 200);
  t.deepEqual(some.body.data, { action: 'pause', matched: 3, changed: 2, unchanged: 0, skipped_managed: [managed], skipped_capability: [], not_found: [elsewhere, 999999] });
  t.false((await api.call('GET', `/mobile/uptime-checks/${elsewhere}`, { account: owner })).body.data.paused);

  const all = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account, body: { action: 'pause' } });
  t.like(all.body.data, { matched: 4, changed: 1, unchanged: 2, skipped_managed: [managed], not_found: [] });
  const resume = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account, body: { action: 'resume', ids: [a, c] } });
  t.like(resume.body.data, { matched: 2, changed: 2 });
  const paused = await api.call('GET', '/mobile/uptime-checks?paused=true', { account });
  t.deepEqual(paused.body.data.map((check: { id: number }) => check.id), [b]);
});

test('bulk-pause records an activity-log entry and publishes a change notice for each check it changed, and for no other', async (t) => {
  const account = await api.account('pro');
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push(await create(account, pingCheck()));
  const [first, second, third, fourth, fifth] = ids as [number, number, number, number, number];
  await api.call('POST', `/mobile/uptime-checks/${second}/pause`, { account });
  const em = api.em.fork();
  (await em.findOneOrFail(UptimeCheck, fourth)).managedBy = 'kubernetes';
  await em.flush();
  const versions = new Map((await api.em.fork().find(UptimeCheck, { id: ids })).map((check) => [check.id, check.version]));
  const published = api.bus.durable.length;

  const res = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account, body: { action: 'pause', ids: [fifth, first, second, third, fourth] } });
  t.like(res.body.data, { matched: 5, changed: 3, unchanged: 1, skipped_managed: [fourth] });

  // The file's other tests run beside this one on the same bus: only this account's checks are looked at.
  const notices = api.bus.durable.slice(published).filter((m) => ids.some((id) => m.subject === `vantage.changes.uptime_check.${id}`));
  t.deepEqual(notices.map((m) => m.data as { id: number; action: string }).map(({ id, action }) => [id, action]), [[first, 'paused'], [third, 'paused'], [fifth, 'paused']]);
  const entries = await api.em.fork().find(ActivityLogEntry, { resourceId: ids, action: 'uptime_check.pause', details: { bulk: true } }, { orderBy: { id: 'asc' }, populate: ['actor'] });
  t.deepEqual(entries.map((entry) => entry.resourceId), [first, third, fifth]);
  t.true(entries.every((entry) => entry.actor?.id === account.userId && entry.workspaceId === account.workspaceId));
  const after = await api.em.fork().find(UptimeCheck, { id: ids }, { orderBy: { id: 'asc' } });
  t.deepEqual(after.map((check) => [check.id, check.paused, check.version - versions.get(check.id)!]), [
    [first, true, 1],
    [second, true, 0],
    [third, true, 1],
    [fourth, false, 0],
    [fifth, true, 1],
  ]);
});

test('bulk-pause answers ids no check can have, past 32 bits up to 2^63, as not found, and changes nothing for them', async (t) => {
  const account = await api.account('pro');
  const a = await create(account, pingCheck());
  const res = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account, body: { action: 'pause', ids: [a, 2 ** 31, 2 ** 53 - 1] } });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.deepEqual(res.body.data, { action: 'pause', matched: 1, changed: 1, unchanged: 0, skipped_managed: [], skipped_capability: [], not_found: [2 ** 31, 2 ** 53 - 1] });
  const huge = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account, rawBody: '{"action":"resume","ids":[9223372036854775808]}' });
  t.not(huge.status, 500, JSON.stringify(huge.body));
  t.true((await api.call('GET', `/mobile/uptime-checks/${a}`, { account })).body.data.paused);
});

test('bulk-pause on resume leaves DNS/TCP checks the plan does not cover', async (t) => {
  const account = await api.account('pro');
  const dns = await create(account, dnsCheck());
  const http = await create(account, httpCheck());
  await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account, body: { action: 'pause' } });
  await api.setPlan(account, 'basic');
  const res = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account, body: { action: 'resume' } });
  t.like(res.body.data, { matched: 2, changed: 1, skipped_capability: [dns] });
  t.false((await api.call('GET', `/mobile/uptime-checks/${http}`, { account })).body.data.paused);
});

test('bulk-pause refuses an invalid body with 422', async (t) => {
  for (const body of [{}, { action: 'stop' }, { action: 'pause', ids: 'all' }, { action: 'pause', ids: [0] }, { action: 'pause', ids: [1.5] }, { action: 'pause', ids: Array(1001).fill(1) }]) {
    const res = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account: owner, body });
    t.is(res.status, 422, JSON.stringify(body).slice(0, 60));
    t.is(res.body.error.code, 'VALIDATION_ERROR');
    t.truthy(res.body.error.fields);
  }
});

test('test-now runs the on-demand probe and answers the run', async (t) => {
  const id = await create(owner, httpCheck());
  const res = await api.call('POST', `/mobile/uptime-checks/${id}/test-now`, { account: owner });
  t.is(res.status, 200);
  t.true(probed.includes(id));
  t.deepEqual(res.body.data, {
    id: 77,
    state: 'DOWN',
    started_at: '2026-11-22T00:00:00.000Z',
    finished_at: '2026-11-22T00:00:02.000Z',
    failing_locations: 1,
    latency_ms: null,
    in_maintenance: false,
    on_demand: true,
    results: [{ location: 'eu-west', state: 'down', reason: 'connection refused', latency_ms: null, late: false }],
  });
});
