import test from 'ava';
import { cycleKey } from '../../src/store/location-results-codec.js';
import { ActivityLogEntry } from '../../src/store/entities/activity-log.js';
import { NotificationGroup } from '../../src/store/entities/notification-group.js';
import { DailyAvailability, Run } from '../../src/store/entities/run.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { dnsCheck, httpCheck, pingCheck, tcpCheck } from './helpers/check-bodies.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let owner: Account;
let intruder: Account;

test.before(async () => {
  // us-east's agents cannot send ICMP here: ping may not use that location. No engine: test-now is 503.
  api = await ApiHarness.start({ probeSupport: (location, type) => type !== 'ping' || location !== 'us-east' });
  owner = await api.account('trial');
  intruder = await api.account('pro');
});

test.after.always(async () => {
  await api?.close();
});

const create = async (account: Account, body: Record<string, unknown>): Promise<number> => {
  const res = await api.call('POST', '/mobile/uptime-checks', { account, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data.id as number;
};

async function group(account: Account, name: string, workspaceId = account.workspaceId): Promise<number> {
  const em = api.em;
  const created = em.create(NotificationGroup, { workspace: workspaceId, name, webhookSecret: 'x'.repeat(32), emailAddresses: ['ops@example.com'] });
  await em.flush();
  return created.id;
}

test('create answers 201 with data.id; detail shows the configuration, defaults, status, groups and latest run', async (t) => {
  const groupId = await group(owner, 'On call');
  const res = await api.call('POST', '/mobile/uptime-checks', {
    account: owner,
    body: httpCheck({ name: 'Homepage', hostname: 'Example.COM:8443', path: '/health', notification_group_ids: [groupId], trigger_locations: ['eu-west', 'us-east'], min_failing_locations: 2 }),
  });
  t.is(res.status, 201);
  t.true(res.body.success);
  t.is(typeof res.body.data.id, 'number');
  const detail = await api.call('GET', `/mobile/uptime-checks/${res.body.data.id}`, { account: owner });
  t.is(detail.status, 200);
  t.like(detail.body.data, {
    id: res.body.data.id,
    name: 'Homepage',
    check_type: 'http',
    hostname: 'example.com:8443',
    protocol: 'https',
    path: '/health',
    check_frequency: 5,
    request_method: 'get',
    response_timeout: 10000,
    response_classes: ['2XX'],
    flag_follow_redirect: false,
    trigger_locations: ['eu-west', 'us-east'],
    min_failing_locations: 2,
    notification_group_ids: [groupId],
    status: { label: 'pending' },
    paused: false,
    favorite: false,
    entitlement_blocked: false,
    can_mutate: true,
    latest_run: null,
    dns_record_type: null,
    port: null,
  });
  t.deepEqual(detail.body.data.groups, [{ id: groupId, name: 'On call' }]);

  const em = api.em;
  const check = await em.findOneOrFail(UptimeCheck, res.body.data.id);
  em.create(Run, { check, cycleKey: cycleKey(`c-${check.id}`), startedAt: new Date(), finishedAt: new Date(), state: 'UP', failingLocations: 0, latencyMs: 42, results: [] });
  check.state = 'up';
  await em.flush();
  const withRun = await api.call('GET', `/mobile/uptime-checks/${check.id}`, { account: owner });
  t.like(withRun.body.data, { status: { label: 'up' }, latest_run: { state: 'UP', latency_ms: 42, failing_locations: 0 } });
});

test('answers written by PostgreSQL go out with the JSON type and the length in bytes of a text beyond ASCII', async (t) => {
  const account = await api.account('pro');
  const name = 'Café ✓ 𝔘nicode "quoted" \\ back';
  const id = await create(account, httpCheck({ name, hostname: 'bytes.example.com' }));
  for (const path of ['/mobile/uptime-checks?limit=50', `/mobile/uptime-checks/${id}`, '/mobile/search?q=Caf', '/mobile/incidents', '/mobile/dashboard/summary']) {
    const res = await api.call('GET', path, { account });
    t.is(res.status, 200, path);
    t.is(res.headers.get('content-type'), 'application/json; charset=utf-8', path);
    t.is(Number(res.headers.get('content-length')), Buffer.byteLength(res.text), path);
    t.true(res.body.success, path);
  }
  const list = await api.call('GET', '/mobile/uptime-checks?limit=50', { account });
  t.is(list.body.data[0].name, name);
  const head = await api.call('HEAD', '/mobile/uptime-checks?limit=50', { account });
  t.is(head.status, 200);
  t.is(head.headers.get('content-type'), 'application/json; charset=utf-8');
  t.is(Number(head.headers.get('content-length')), Buffer.byteLength(list.text));
  t.is(head.text, '');
});

test('every check type can be created, with its own fields only', async (t) => {
  for (const body of [pingCheck(), dnsCheck({ dns_record_type: 'MX', dns_expected_values: ['10 mx.example.org', 'mx2.example.org'] }), tcpCheck({ banner_match_operator: 'contains', banner_match_value: 'SSH-2.0' })]) {
    const id = await create(owner, body);
    const detail = await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner });
    t.is(detail.body.data.check_type, body.check_type);
    t.is(detail.body.data.protocol, null);
    t.deepEqual(detail.body.data.response_classes, []);
  }
  // Fields of another type: ignored when blank (as forms send them), refused when set.
  const blank = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: pingCheck({ port: null, protocol: '', dns_expected_values: [], flag_follow_redirect: false }) });
  t.is(blank.status, 201);
  const set = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: pingCheck({ port: 443, path: '/x' }) });
  t.is(set.status, 422);
  t.deepEqual(Object.keys(set.body.error.fields).sort(), ['path', 'port']);
});

test('a duplicate name in the workspace is 409 CONFLICT; the same name in another workspace is fine', async (t) => {
  await create(owner, httpCheck({ name: 'Same name' }));
  const again = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: pingCheck({ name: 'Same name' }) });
  t.is(again.status, 409);
  t.is(again.body.error.code, 'CONFLICT');
  const second = await api.workspace(owner, 'Elsewhere');
  t.is((await api.call('POST', '/mobile/uptime-checks', { account: owner, workspace: second, body: pingCheck({ name: 'Same name' }) })).status, 201);
  // Renaming onto an existing name conflicts too.
  const other = await create(owner, pingCheck({ name: 'Another name' }));
  const rename = await api.call('POST', `/mobile/uptime-checks/${other}/update`, { account: owner, body: pingCheck({ name: 'Same name' }) });
  t.is(rename.status, 409);
});

test('notification groups of another workspace are refused with 422, and the refused create writes nothing', async (t) => {
  // An account of its own: the other tests' creates would move the count of entries.
  const owner = await api.account('trial');
  const second = await api.workspace(owner, 'Groups elsewhere');
  const foreign = await group(owner, 'Other workspace group', second);
  const own = await group(owner, 'Own group');
  const entries = () => api.em.fork().count(ActivityLogEntry, { client: owner.clientId, action: 'uptime_check.create' });
  const entriesBefore = await entries();
  const res = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: httpCheck({ name: 'Refused groups', notification_group_ids: [own, foreign] }) });
  t.is(res.status, 422);
  t.regex(res.body.error.fields.notification_group_ids, new RegExp(String(foreign)));
  const intruderGroup = await group(intruder, 'Intruder group');
  const cross = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: httpCheck({ name: 'Refused groups', notification_group_ids: [intruderGroup] }) });
  t.is(cross.status, 422);
  t.is(await api.em.fork().count(UptimeCheck, { workspace: owner.workspaceId, name: 'Refused groups' }), 0);
  t.is(await entries(), entriesBefore);
  const accepted = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: httpCheck({ name: 'Refused groups', notification_group_ids: [own] }) });
  t.is(accepted.status, 201, accepted.text);
  t.is(await entries(), entriesBefore + 1);
});

test('update replaces the whole configuration; check_type cannot change', async (t) => {
  const id = await create(owner, httpCheck({ path: '/old', request_method: 'head', response_classes: ['2XX', '3XX'], check_frequency: 1 }));
  const res = await api.call('POST', `/mobile/uptime-checks/${id}/update`, { account: owner, body: { name: 'Replaced', hostname: 'example.com', protocol: 'http' } });
  t.is(res.status, 200);
  t.like(res.body.data, { id, name: 'Replaced', protocol: 'http', path: '/', request_method: 'get', response_classes: ['2XX'], check_frequency: 5, check_type: 'http' });
  const changed = await api.call('POST', `/mobile/uptime-checks/${id}/update`, { account: owner, body: pingCheck({ name: 'Replaced' }) });
  t.is(changed.status, 422);
  t.truthy(changed.body.error.fields.check_type);
  const same = await api.call('POST', `/mobile/uptime-checks/${id}/update`, { account: owner, body: httpCheck({ name: 'Replaced' }) });
  t.is(same.status, 200);
});

test('update replaces the groups (added, kept, removed); a foreign group is 422 and changes nothing; the name may stay', async (t) => {
  const [first, second, third] = [await group(owner, 'First'), await group(owner, 'Second'), await group(owner, 'Third')];
  const id = await create(owner, httpCheck({ name: 'Grouped', notification_group_ids: [first, second] }));
  const groupsOf = async () => (await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner })).body.data.notification_group_ids;
  const update = (fields: Record<string, unknown>) => api.call('POST', `/mobile/uptime-checks/${id}/update`, { account: owner, body: httpCheck({ name: 'Grouped', ...fields }) });
  t.is((await update({ notification_group_ids: [second, third] })).status, 200);
  t.deepEqual(await groupsOf(), [second, third]);
  const foreign = await group(intruder, 'Not yours');
  const refused = await update({ hostname: 'changed.example.com', notification_group_ids: [third, foreign] });
  t.is(refused.status, 422);
  t.regex(refused.body.error.fields.notification_group_ids, new RegExp(String(foreign)));
  const detail = await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner });
  t.like(detail.body.data, { hostname: 'example.com', notification_group_ids: [second, third] });
  t.is((await update({ notification_group_ids: [] })).status, 200);
  t.deepEqual(await groupsOf(), []);
});

test('a check managed by Kubernetes cannot be changed through the API (409 naming the manifest)', async (t) => {
  const id = await create(owner, httpCheck());
  const em = api.em;
  const check = await em.findOneOrFail(UptimeCheck, id);
  check.managedBy = 'kubernetes';
  check.kubernetesRef = 'monitoring/homepage';
  await em.flush();
  const detail = await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner });
  t.like(detail.body.data, { can_mutate: false, managed_by: 'kubernetes', kubernetes_ref: 'monitoring/homepage' });
  for (const action of ['update', 'delete', 'pause', 'resume']) {
    const res = await api.call('POST', `/mobile/uptime-checks/${id}/${action}`, { account: owner, body: httpCheck() });
    t.is(res.status, 409, action);
    t.is(res.body.error.code, 'CONFLICT');
    t.regex(res.body.error.message, /monitoring\/homepage/);
  }
  t.is((await api.call('POST', `/mobile/uptime-checks/${id}/favorite`, { account: owner })).status, 200);
});

test('delete removes the check; its id is then 404', async (t) => {
  const id = await create(owner, pingCheck());
  const res = await api.call('POST', `/mobile/uptime-checks/${id}/delete`, { account: owner });
  t.is(res.status, 200);
  t.deepEqual(res.body, { success: true, data: { id } });
  t.is((await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner })).status, 404);
  t.is((await api.call('POST', `/mobile/uptime-checks/${id}/delete`, { account: owner })).status, 404);
});

test('unknown and malformed ids are 404 NOT_FOUND', async (t) => {
  for (const path of ['/mobile/uptime-checks/999999', '/mobile/uptime-checks/abc', '/mobile/uptime-checks/1.5', '/mobile/uptime-checks/999999/runs']) {
    const res = await api.call('GET', path, { account: owner });
    t.is(res.status, 404, path);
    t.is(res.body.error.code, 'NOT_FOUND');
  }
  t.is((await api.call('POST', '/mobile/uptime-checks/999999/pause', { account: owner })).status, 404);
});

test('client B can neither read nor change client A\'s checks by id (404), nor see them in lists', async (t) => {
  const id = await create(owner, httpCheck({ name: 'Private to A' }));
  const reads = ['', '/runs', '/latency', '/sla-calendar', '/export-csv'];
  for (const suffix of reads) {
    const res = await api.call('GET', `/mobile/uptime-checks/${id}${suffix}`, { account: intruder });
    t.is(res.status, 404, suffix);
    t.false(res.text.includes('Private to A'));
  }
  for (const action of ['update', 'delete', 'pause', 'resume', 'favorite', 'test-now']) {
    const res = await api.call('POST', `/mobile/uptime-checks/${id}/${action}`, { account: intruder, body: httpCheck() });
    t.is(res.status, 404, action);
  }
  const bulk = await api.call('POST', '/mobile/uptime-checks/bulk-pause', { account: intruder, body: { action: 'pause', ids: [id] } });
  t.is(bulk.status, 200);
  t.like(bulk.body.data, { matched: 0, changed: 0, not_found: [id] });
  const list = await api.call('GET', '/mobile/uptime-checks?limit=200', { account: intruder });
  t.false(list.text.includes('Private to A'));
  const untouched = await api.call('GET', `/mobile/uptime-checks/${id}`, { account: owner });
  t.like(untouched.body.data, { name: 'Private to A', paused: false });
  // The intruder using A's workspace id is refused at the door.
  t.is((await api.call('GET', `/mobile/uptime-checks/${id}`, { account: intruder, workspace: owner.workspaceId })).status, 403);
});

test('mutations write an activity-log entry and publish a change notice after commit', async (t) => {
  const before = api.bus.durable.length;
  const id = await create(owner, pingCheck({ name: 'Audited' }));
  await api.call('POST', `/mobile/uptime-checks/${id}/update`, { account: owner, body: pingCheck({ name: 'Audited 2' }) });
  await api.call('POST', `/mobile/uptime-checks/${id}/pause`, { account: owner });
  await api.call('POST', `/mobile/uptime-checks/${id}/resume`, { account: owner });
  await api.call('POST', `/mobile/uptime-checks/${id}/favorite`, { account: owner });
  await api.call('POST', `/mobile/uptime-checks/${id}/delete`, { account: owner });
  const notices = api.bus.durable.slice(before).filter((m) => m.subject === `vantage.changes.uptime_check.${id}`);
  t.deepEqual(notices.map((m) => (m.data as { action: string }).action), ['created', 'updated', 'paused', 'resumed', 'deleted']);
  for (const m of notices) t.like(m.data as object, { kind: 'uptime_check', id });
  const entries = await api.em.find(ActivityLogEntry, { resourceId: id, resourceType: 'uptime_check' }, { orderBy: { id: 'asc' }, populate: ['actor'] });
  t.deepEqual(entries.map((e) => e.action), [
    'uptime_check.create',
    'uptime_check.update',
    'uptime_check.pause',
    'uptime_check.resume',
    'uptime_check.favorite',
    'uptime_check.delete',
  ]);
  t.true(entries.every((e) => e.actor?.id === owner.userId && e.workspaceId === owner.workspaceId));
  // A refused mutation leaves no trace.
  const quiet = await api.account('trial');
  t.is((await api.call('POST', '/mobile/uptime-checks', { account: quiet, body: pingCheck({ check_frequency: 3 }) })).status, 422);
  t.is((await api.call('POST', '/mobile/uptime-checks/999999/pause', { account: quiet })).status, 404);
  t.is(await api.em.count(ActivityLogEntry, { client: quiet.clientId }), 0);
});

test('the list paginates and filters by status, search, paused and favorite', async (t) => {
  const account = await api.account('pro');
  const ids: Record<string, number> = {};
  for (const [name, hostname] of [['Alpha shop', 'shop.example.com'], ['Beta API', 'api.example.com'], ['Gamma', 'SHOP-2.example.net'], ['Delta', 'db.example.org'], ['Epsilon 100%', 'e.example.org']] as const) {
    ids[name] = await create(account, pingCheck({ name, hostname }));
  }
  const em = api.em;
  (await em.findOneOrFail(UptimeCheck, ids['Beta API']!)).state = 'up';
  (await em.findOneOrFail(UptimeCheck, ids['Gamma']!)).state = 'down';
  (await em.findOneOrFail(UptimeCheck, ids['Delta']!)).state = 'unknown';
  await em.flush();
  await api.call('POST', `/mobile/uptime-checks/${ids['Alpha shop']}/pause`, { account });
  await api.call('POST', `/mobile/uptime-checks/${ids['Delta']}/favorite`, { account });

  const names = async (query: string) => {
    const res = await api.call('GET', `/mobile/uptime-checks${query}`, { account });
    t.is(res.status, 200, query);
    return res.body.data.map((c: { name: string }) => c.name);
  };
  const all = await api.call('GET', '/mobile/uptime-checks', { account });
  t.deepEqual(all.body.pagination, { limit: 50, offset: 0, total: 5 });
  t.like(all.body.data[0], { name: 'Alpha shop', status: { label: 'paused' }, paused: true });
  const paged = await api.call('GET', '/mobile/uptime-checks?limit=2&offset=2', { account });
  t.deepEqual(paged.body.pagination, { limit: 2, offset: 2, total: 5 });
  t.deepEqual(paged.body.data.map((c: { name: string }) => c.name), ['Delta', 'Epsilon 100%']);
  t.deepEqual(await names('?status=all'), ['Alpha shop', 'Beta API', 'Delta', 'Epsilon 100%', 'Gamma']);
  t.deepEqual(await names('?status=up'), ['Beta API']);
  t.deepEqual(await names('?status=down'), ['Gamma']);
  t.deepEqual(await names('?status=unknown'), ['Delta', 'Epsilon 100%']);
  t.deepEqual(await names('?status=paused'), ['Alpha shop']);
  t.deepEqual(await names('?search=SHOP'), ['Alpha shop', 'Gamma']);
  t.deepEqual(await names('?search=100%25'), ['Epsilon 100%']);
  t.deepEqual(await names('?search=_'), []);
  // Three letters or digits in a row go through the trigram indexes: the same matching, wildcards literal.
  t.deepEqual(await names('?search=shop-2'), ['Gamma']);
  t.deepEqual(await names('?search=ON 100%25'), ['Epsilon 100%']);
  t.deepEqual(await names('?search=100_'), []);
  t.deepEqual(await names('?search=100%25&favorite=false'), ['Epsilon 100%']);
  t.deepEqual(await names('?search=example&favorite=true'), ['Delta']);
  const searchedPage = await api.call('GET', '/mobile/uptime-checks?search=example&limit=1&offset=1', { account });
  t.deepEqual([searchedPage.body.data[0].name, searchedPage.body.pagination], ['Beta API', { limit: 1, offset: 1, total: 5 }]);
  t.deepEqual(await names('?paused=true'), ['Alpha shop']);
  t.deepEqual(await names('?paused=1'), ['Alpha shop']);
  t.deepEqual(await names('?paused=0'), ['Beta API', 'Delta', 'Epsilon 100%', 'Gamma']);
  t.deepEqual(await names('?favorite=true'), ['Delta']);
  t.deepEqual(await names('?favorite=false&status=unknown'), ['Epsilon 100%']);
  const totalOf = async (query: string) => (await api.call('GET', `/mobile/uptime-checks${query}`, { account })).body.pagination.total;
  t.deepEqual([await totalOf('?favorite=true'), await totalOf('?favorite=false'), await totalOf('?favorite=true&status=unknown'), await totalOf('?favorite=false&status=up')], [1, 4, 1, 1]);
  t.deepEqual(await names('?limit=200&offset=10'), []);
  t.deepEqual(await names('?limit=1'), ['Alpha shop']);
});

test('every page of every filter is its slice of the whole list, whether walked from the start or from the end', async (t) => {
  const account = await api.account('pro');
  const states = ['up', 'down', 'unknown', 'pending', 'up'] as const;
  const em = api.em;
  for (let n = 0; n < 13; n++) {
    const id = await create(account, pingCheck({ name: `Paged ${String.fromCharCode(109 - n)}${n}`, hostname: `paged-${n}.example.com` }));
    (await em.findOneOrFail(UptimeCheck, id)).state = states[n % states.length]!;
    await em.flush();
    if (n % 4 === 0) await api.call('POST', `/mobile/uptime-checks/${id}/pause`, { account });
    if (n % 3 === 0) await api.call('POST', `/mobile/uptime-checks/${id}/favorite`, { account });
  }
  const list = async (query: string) => {
    const res = await api.call('GET', `/mobile/uptime-checks?${query}`, { account });
    t.is(res.status, 200, query);
    return { names: res.body.data.map((c: { name: string }) => c.name) as string[], total: res.body.pagination.total as number };
  };
  for (const filter of ['', '&status=up', '&status=unknown', '&status=paused', '&paused=false', '&favorite=true', '&favorite=false', '&favorite=false&status=unknown']) {
    const whole = await list(`limit=200${filter}`);
    t.is(whole.names.length, whole.total, filter);
    for (const limit of [1, 4]) {
      for (let offset = 0; offset <= whole.total + 1; offset++) {
        t.deepEqual(await list(`limit=${limit}&offset=${offset}${filter}`), { names: whole.names.slice(offset, offset + limit), total: whole.total }, `limit=${limit}&offset=${offset}${filter}`);
      }
    }
  }
});

test('bad list filters are 400 BAD_REQUEST naming the parameter', async (t) => {
  const bad: Array<[string, string]> = [
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=x', 'offset'],
    ['status=broken', 'status'],
    ['paused=yes', 'paused'],
    ['paused=2', 'paused'],
    ['favorite=TRUE1', 'favorite'],
    [`search=${'a'.repeat(201)}`, 'search'],
  ];
  for (const [query, field] of bad) {
    const res = await api.call('GET', `/mobile/uptime-checks?${query}`, { account: owner });
    t.is(res.status, 400, query);
    t.is(res.body.error.code, 'BAD_REQUEST');
    t.truthy(res.body.error.fields?.[field], `${query}: ${JSON.stringify(res.body.error)}`);
  }
  t.is((await api.call('GET', '/mobile/uptime-checks?limit=200&offset=0', { account: owner })).status, 200);
});

test('options: locations per check type, allowed values, defaults and limits', async (t) => {
  const res = await api.call('GET', '/mobile/uptime-checks/options', { account: owner });
  t.is(res.status, 200);
  const data = res.body.data;
  t.deepEqual(data.check_types.http.locations, ['eu-west', 'us-east', 'ap-south']);
  t.like(data.check_types.dns, { allowed_by_plan: true, capability: 'uptime_check.dns_tcp' });
  t.deepEqual(data.check_frequencies, [1, 2, 5, 10, 15]);
  t.deepEqual(data.request_methods, ['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);
  t.deepEqual(data.dns_record_types, ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT']);
  t.deepEqual(data.banner_match_operators, ['none', 'contains', 'not_contains']);
  t.like(data.limits, { response_timeout_min_ms: 1000, response_timeout_max_ms: 30000, dns_expected_values_max: 20, banner_match_value_max_bytes: 512 });
  t.like(data.defaults, { request_method: 'get', response_timeout: 10000, check_frequency: 5 });
  const basic = await api.account('basic');
  const basicOptions = await api.call('GET', '/mobile/uptime-checks/options', { account: basic });
  t.false(basicOptions.body.data.check_types.tcp.allowed_by_plan);
  t.true(basicOptions.body.data.check_types.http.allowed_by_plan);
});

test('options: ping lists only locations whose agents can send ICMP', async (t) => {
  const res = await api.call('GET', '/mobile/uptime-checks/options', { account: owner });
  t.deepEqual(res.body.data.check_types.ping.locations, ['eu-west', 'ap-south']);
  t.deepEqual(res.body.data.check_types.tcp.locations, ['eu-west', 'us-east', 'ap-south']);
  const refused = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: pingCheck({ trigger_locations: ['us-east'] }) });
  t.is(refused.status, 422);
  t.truthy(refused.body.error.fields.trigger_locations);
  const ok = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: pingCheck() });
  t.is(ok.status, 201);
  const detail = await api.call('GET', `/mobile/uptime-checks/${ok.body.data.id}`, { account: owner });
  t.deepEqual(detail.body.data.trigger_locations, ['eu-west', 'ap-south']);
});

test('test-now without an engine is 503 SERVICE_UNAVAILABLE in the envelope', async (t) => {
  const id = await create(owner, httpCheck());
  const res = await api.call('POST', `/mobile/uptime-checks/${id}/test-now`, { account: owner });
  t.is(res.status, 503);
  t.is(res.body.error.code, 'SERVICE_UNAVAILABLE');
});

test('the check\'s daily rollup is not touched by reads', async (t) => {
  const id = await create(owner, pingCheck());
  t.is(await api.em.count(DailyAvailability, { check: id }), 0);
  await api.call('GET', `/mobile/uptime-checks/${id}/sla-calendar`, { account: owner });
  t.is(await api.em.count(DailyAvailability, { check: id }), 0);
});
