import test from 'ava';
import { ActivityLogEntry } from '../../src/store/entities/activity-log.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { ApiHarness, type Account } from '../api/helpers/api-harness.js';
import { pingCheck } from '../api/helpers/check-bodies.js';
import { engineName } from '../support/database.js';

let api: ApiHarness;

test.before(async () => {
  api = await ApiHarness.start();
});

test.after.always(async () => {
  await api?.close();
});

/** Fills the client up to `count` checks directly, so the requests race for the last few places. */
async function fill(account: Account, count: number, workspaceId = account.workspaceId): Promise<void> {
  const em = api.em;
  for (let i = 0; i < count; i++) {
    em.create(UptimeCheck, {
      workspace: workspaceId,
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
}

const create = (account: Account, body: Record<string, unknown>) => api.call('POST', '/mobile/uptime-checks', { account, body });

test(`${engineName()}: 32 concurrent creates for the last 6 places of a plan: exactly 6 created, the rest 403`, async (t) => {
  const account = await api.account('basic');
  await fill(account, 44);
  const answers = await Promise.all(Array.from({ length: 32 }, () => create(account, pingCheck())));
  const statuses = answers.map((answer) => answer.status);
  t.is(statuses.filter((status) => status === 201).length, 6, statuses.join(' '));
  t.is(statuses.filter((status) => status === 403).length, 26, statuses.join(' '));
  for (const answer of answers.filter((candidate) => candidate.status === 403)) t.is(answer.body.error.code, 'FORBIDDEN');
  t.is(await api.em.count(UptimeCheck, { workspace: { client: account.clientId } }), 50);
  // A refused create writes neither its row nor its entry: its statement judged the limit before writing.
  t.is(await api.em.count(ActivityLogEntry, { client: account.clientId, action: 'uptime_check.create' }), 6);
});

test(`${engineName()}: 16 concurrent creates in two workspaces of one client for its last 5 places: the limit counts both workspaces`, async (t) => {
  const account = await api.account('basic');
  const second = await api.workspace(account, 'Second');
  await fill(account, 25);
  await fill(account, 20, second);
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, i) => api.call('POST', '/mobile/uptime-checks', { account, workspace: i % 2 ? second : account.workspaceId, body: pingCheck() })),
  );
  const statuses = answers.map((answer) => answer.status);
  t.is(statuses.filter((status) => status === 201).length, 5, statuses.join(' '));
  t.is(statuses.filter((status) => status === 403).length, 11, statuses.join(' '));
  t.is(await api.em.count(UptimeCheck, { workspace: { client: account.clientId } }), 50);
});

test(`${engineName()}: 16 concurrent creates of one name: exactly one created, the rest 409`, async (t) => {
  const account = await api.account('pro');
  const answers = await Promise.all(Array.from({ length: 16 }, () => create(account, pingCheck({ name: 'Only once' }))));
  const statuses = answers.map((answer) => answer.status);
  t.is(statuses.filter((status) => status === 201).length, 1, statuses.join(' '));
  t.is(statuses.filter((status) => status === 409).length, 15, statuses.join(' '));
  t.is(await api.em.count(UptimeCheck, { workspace: account.workspaceId, name: 'Only once' }), 1);
});

test(`${engineName()}: concurrent creates of domains stay within the plan's domain limit`, async (t) => {
  const account = await api.account('basic');
  const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => api.call('POST', '/mobile/domains', { account, body: { name: `site${i}.example.com` } })));
  const created = answers.filter((answer) => answer.status === 201).length;
  t.is(created, 25, answers.map((answer) => answer.status).join(' '));
});

test(`${engineName()}: 16 concurrent updates renaming 16 checks to one name: exactly one renamed, the rest 409`, async (t) => {
  const account = await api.account('pro');
  const ids: number[] = [];
  for (let i = 0; i < 16; i++) ids.push((await create(account, pingCheck())).body.data.id);
  const answers = await Promise.all(ids.map((id) => api.call('POST', `/mobile/uptime-checks/${id}/update`, { account, body: pingCheck({ name: 'Taken once' }) })));
  const statuses = answers.map((answer) => answer.status);
  t.is(statuses.filter((status) => status === 200).length, 1, statuses.join(' '));
  t.is(statuses.filter((status) => status === 409).length, 15, statuses.join(' '));
  t.is(await api.em.count(UptimeCheck, { workspace: account.workspaceId, name: 'Taken once' }), 1);
  t.is(await api.em.count(ActivityLogEntry, { client: account.clientId, action: 'uptime_check.update' }), 1);
});
