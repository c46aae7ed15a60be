import test from 'ava';
import { NO_LIMIT } from '../../src/domain/plans.js';
import { pingCheck } from './helpers/check-bodies.js';
import { ApiHarness } from './helpers/api-harness.js';

let api: ApiHarness;

/** This installation lets a pro client hold 2 checks (VANTAGE_PLAN_PRO_UPTIME_CHECKS). */
test.before(async () => {
  api = await ApiHarness.start({}, { VANTAGE_PLAN_PRO_UPTIME_CHECKS: '2', VANTAGE_PLAN_PRO_NOTIFICATION_GROUPS: '7' });
});

test.after.always(async () => {
  await api?.close();
});

const createCheck = (account: Awaited<ReturnType<ApiHarness['account']>>) => api.call('POST', '/mobile/uptime-checks', { account, body: pingCheck() });

test.serial('plan limits are the installation settings; the 403 names the limit in force', async (t) => {
  const account = await api.account('pro');
  t.is((await createCheck(account)).status, 201);
  t.is((await createCheck(account)).status, 201);
  const over = await createCheck(account);
  t.is(over.status, 403);
  t.is(over.body.error.code, 'FORBIDDEN');
  t.regex(over.body.error.message, /the pro plan allows 2 uptime checks/);
  const bootstrap = await api.call('GET', '/mobile/auth/me', { account, workspace: null });
  t.like(bootstrap.body.data.entitlement.limits, { uptime_checks: 2, notification_groups: 7, domains: 500 });
});

test.serial('the unlimited plan (self-hosting) has every capability and no limit', async (t) => {
  const account = await api.account('pro');
  for (let i = 0; i < 2; i++) t.is((await createCheck(account)).status, 201);
  t.is((await createCheck(account)).status, 403);
  await api.setPlan(account, 'unlimited');
  for (let i = 0; i < 3; i++) t.is((await createCheck(account)).status, 201);
  const bootstrap = await api.call('GET', '/mobile/auth/me', { account, workspace: null });
  t.like(bootstrap.body.data.entitlement, { plan: 'unlimited', status: 'paid', active: true, capabilities: ['uptime_check.dns_tcp'] });
  t.like(bootstrap.body.data.entitlement.limits, { uptime_checks: NO_LIMIT, domains: NO_LIMIT, notification_groups: NO_LIMIT });
});
