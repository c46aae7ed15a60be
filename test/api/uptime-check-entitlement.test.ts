import test from 'ava';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { dnsCheck, httpCheck, pingCheck, tcpCheck } from './helpers/check-bodies.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;

test.before(async () => {
  api = await ApiHarness.start({
    onDemandProbe: {
      runNow: async () => {
        const at = new Date();
        return { runId: null, state: 'UP', startedAt: at, finishedAt: at, failingLocations: 0, latencyMs: 5, results: [] };
      },
    },
  });
});

test.after.always(async () => {
  await api?.close();
});

const create = async (account: Account, body: Record<string, unknown>): Promise<number> => {
  const res = await api.call('POST', '/mobile/uptime-checks', { account, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data.id as number;
};

test('an inactive account gets 402 ENTITLEMENT_REQUIRED on every mutation, but can still read', async (t) => {
  const account = await api.account('trial');
  const id = await create(account, httpCheck({ name: 'Before expiry' }));
  await api.setPlan(account, 'expired');
  const mutations: Array<[string, unknown]> = [
    ['/mobile/uptime-checks', httpCheck()],
    [`/mobile/uptime-checks/${id}/update`, httpCheck()],
    [`/mobile/uptime-checks/${id}/delete`, undefined],
    [`/mobile/uptime-checks/${id}/pause`, undefined],
    [`/mobile/uptime-checks/${id}/resume`, undefined],
    [`/mobile/uptime-checks/${id}/favorite`, undefined],
    [`/mobile/uptime-checks/${id}/test-now`, undefined],
    ['/mobile/uptime-checks/bulk-pause', { action: 'pause' }],
  ];
  for (const [path, body] of mutations) {
    const res = await api.call('POST', path, { account, body });
    t.is(res.status, 402, path);
    t.is(res.body.error.code, 'ENTITLEMENT_REQUIRED', path);
  }
  const detail = await api.call('GET', `/mobile/uptime-checks/${id}`, { account });
  t.is(detail.status, 200);
  t.like(detail.body.data, { name: 'Before expiry', entitlement_blocked: true });
  const list = await api.call('GET', '/mobile/uptime-checks', { account });
  t.true(list.body.data.every((c: { entitlement_blocked: boolean }) => c.entitlement_blocked));
  for (const suffix of ['/runs', '/latency', '/sla-calendar', '/export-csv']) {
    t.is((await api.call('GET', `/mobile/uptime-checks/${id}${suffix}`, { account })).status, 200, suffix);
  }
});

test('a trial past its end counts as inactive', async (t) => {
  const account = await api.account('trial');
  const em = api.em;
  const { Client } = await import('../../src/store/entities/client.js');
  const client = await em.findOneOrFail(Client, account.clientId);
  client.trialEndsAt = new Date(Date.now() - 1000);
  await em.flush();
  const res = await api.call('POST', '/mobile/uptime-checks', { account, body: httpCheck() });
  t.is(res.status, 402);
});

test('DNS and TCP without the capability: create, update, resume and test-now are 403 PLAN_CAPABILITY_REQUIRED', async (t) => {
  const account = await api.account('pro');
  const dns = await create(account, dnsCheck());
  const tcp = await create(account, tcpCheck());
  const http = await create(account, httpCheck());
  await api.call('POST', `/mobile/uptime-checks/${tcp}/pause`, { account });
  await api.setPlan(account, 'basic');

  for (const body of [dnsCheck(), tcpCheck(), tcpCheck({ port: 25 })]) {
    const res = await api.call('POST', '/mobile/uptime-checks', { account, body });
    t.is(res.status, 403);
    t.is(res.body.error.code, 'PLAN_CAPABILITY_REQUIRED');
  }
  for (const [id, action, body] of [
    [dns, 'update', dnsCheck()],
    [tcp, 'resume', undefined],
    [dns, 'test-now', undefined],
  ] as const) {
    const res = await api.call('POST', `/mobile/uptime-checks/${id}/${action}`, { account, body });
    t.is(res.status, 403, action);
    t.is(res.body.error.code, 'PLAN_CAPABILITY_REQUIRED', action);
  }
  // Pausing, deleting and reading stay allowed; HTTP and ping are not affected.
  t.is((await api.call('POST', `/mobile/uptime-checks/${dns}/pause`, { account })).status, 200);
  t.is((await api.call('POST', '/mobile/uptime-checks', { account, body: pingCheck() })).status, 201);
  t.is((await api.call('POST', `/mobile/uptime-checks/${http}/test-now`, { account })).status, 200);
  const detail = await api.call('GET', `/mobile/uptime-checks/${dns}`, { account });
  t.like(detail.body.data, { entitlement_blocked: true, check_type: 'dns' });
  const httpDetail = await api.call('GET', `/mobile/uptime-checks/${http}`, { account });
  t.false(httpDetail.body.data.entitlement_blocked);
  t.is((await api.call('POST', `/mobile/uptime-checks/${dns}/delete`, { account })).status, 200);
});

test('the plan limit of checks is 403 FORBIDDEN naming the limit', async (t) => {
  const account = await api.account('basic');
  const second = await api.workspace(account, 'Second');
  const em = api.em;
  // 49 checks spread over two workspaces: the limit counts the whole client.
  for (let i = 0; i < 49; i++) {
    em.create(UptimeCheck, {
      workspace: i % 2 ? second : account.workspaceId,
      name: `filler ${i}`,
      checkType: 'ping',
      hostname: 'example.com',
      checkFrequency: 5,
      responseTimeout: 10_000,
      triggerLocations: ['eu-west'],
      minFailingLocations: 1,
    });
  }
  await em.flush();
  t.is((await api.call('POST', '/mobile/uptime-checks', { account, body: pingCheck() })).status, 201);
  const over = await api.call('POST', '/mobile/uptime-checks', { account, body: pingCheck() });
  t.is(over.status, 403);
  t.is(over.body.error.code, 'FORBIDDEN');
  t.regex(over.body.error.message, /limit.*50 uptime checks/);
});

test('without manage_uptime_checks a member reads but cannot change checks (403 FORBIDDEN)', async (t) => {
  const account = await api.account('pro');
  const id = await create(account, httpCheck());
  const viewer = await api.member(account, { permissions: { manage_uptime_checks: false }, shareWorkspaces: [account.workspaceId] });
  for (const [path, body] of [
    ['/mobile/uptime-checks', httpCheck()],
    [`/mobile/uptime-checks/${id}/update`, httpCheck()],
    [`/mobile/uptime-checks/${id}/delete`, undefined],
    [`/mobile/uptime-checks/${id}/pause`, undefined],
    [`/mobile/uptime-checks/${id}/resume`, undefined],
    [`/mobile/uptime-checks/${id}/test-now`, undefined],
    ['/mobile/uptime-checks/bulk-pause', { action: 'pause' }],
  ] as const) {
    const res = await api.call('POST', path, { as: viewer, workspace: account.workspaceId, body });
    t.is(res.status, 403, path);
    t.is(res.body.error.code, 'FORBIDDEN');
    t.regex(res.body.error.message, /manage_uptime_checks/);
  }
  t.is((await api.call('GET', `/mobile/uptime-checks/${id}`, { as: viewer, workspace: account.workspaceId })).status, 200);
  // Favorite is the viewer's own flag.
  t.is((await api.call('POST', `/mobile/uptime-checks/${id}/favorite`, { as: viewer, workspace: account.workspaceId })).status, 200);
});
