import test from 'ava';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let owner: Account;
let checkId: number;
let domainId: number;
let pages = 0;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const slug = () => `page-${++pages}-${process.pid}`;
const create = (account: Account, body: Record<string, unknown>) => api.call('POST', '/mobile/status-pages', { account, body });

async function uploadLogo(account: Account, id: number, bytes: Buffer, part = 'logo') {
  const form = new FormData();
  form.append(part, new Blob([bytes], { type: 'image/png' }), 'logo.png');
  const basic = `Basic ${Buffer.from(`${account.email}:${account.password}`).toString('base64')}`;
  const res = await fetch(`${api.origin}/app/api/v1/mobile/status-pages/${id}/upload-logo`, { method: 'POST', headers: { authorization: basic, 'x-workspace-id': String(account.workspaceId) }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

test.before(async () => {
  api = await ApiHarness.start();
  owner = await api.account('pro');
  checkId = (await api.call('POST', '/mobile/uptime-checks', { account: owner, body: { name: 'Api', check_type: 'http', hostname: 'api.example.com', protocol: 'https' } })).body.data.id;
  domainId = (await api.call('POST', '/mobile/domains', { account: owner, body: { name: 'example.com' } })).body.data.id;
});

test.after.always(async () => {
  await api?.close();
});

test('create, detail, list, update and delete a page with grouped components, links and a custom domain', async (t) => {
  const name = slug();
  const created = await create(owner, {
    slug: name,
    title: '  Acme status ',
    components: [
      { uptime_check_id: checkId, display_name: 'API', group: 'Backend' },
      { domain_id: domainId, display_name: 'Web certificate' },
    ],
    custom_domain: 'Status.Acme.Example.',
    time_zone: 'Europe/Berlin',
    links: [{ label: 'Home', url: 'https://acme.example/' }],
    frame_ancestors: ['https://intranet.acme.example'],
  });
  t.is(created.status, 201, created.text);
  const page = created.body.data;
  t.like(page, { slug: name, title: 'Acme status', description: '', show_host_names: false, custom_domain: 'status.acme.example', time_zone: 'Europe/Berlin', enabled: true, logo: null, public_path: `/status/${name}`, can_mutate: true });
  t.deepEqual(page.components, [
    { uptime_check_id: checkId, domain_id: null, display_name: 'API', group: 'Backend' },
    { uptime_check_id: null, domain_id: domainId, display_name: 'Web certificate', group: null },
  ]);
  t.deepEqual(page.frame_ancestors, ['https://intranet.acme.example']);
  const detail = await api.call('GET', `/mobile/status-pages/${page.id}`, { account: owner });
  t.deepEqual(detail.body.data, page);
  const listed = await api.call('GET', '/mobile/status-pages', { account: owner });
  t.true(listed.body.data.some((p: { id: number }) => p.id === page.id));
  const updated = await api.call('POST', `/mobile/status-pages/${page.id}/update`, { account: owner, body: { components: [{ domain_id: domainId, display_name: 'Only cert' }], show_host_names: true, custom_domain: null } });
  t.is(updated.status, 200, updated.text);
  t.like(updated.body.data, { title: 'Acme status', show_host_names: true, custom_domain: null, time_zone: 'Europe/Berlin' });
  t.is(updated.body.data.components.length, 1);
  const activity = await api.em.getConnection().execute<Array<{ action: string }>>(`select action from activity_log where resource_type = 'status_page' and resource_id = ? order by id`, [page.id]);
  t.deepEqual(activity.map((row) => row.action), ['status_page.create', 'status_page.update']);
  t.is((await api.call('POST', `/mobile/status-pages/${page.id}/delete`, { account: owner })).status, 200);
  t.is((await api.call('GET', `/mobile/status-pages/${page.id}`, { account: owner })).status, 404);
});

test('slug and custom domain are unique in the installation: 409 even across clients', async (t) => {
  const name = slug();
  t.is((await create(owner, { slug: name, title: 'A', custom_domain: 'a.status.example' })).status, 201);
  const other = await api.account('trial');
  const sameSlug = await create(other, { slug: name, title: 'B' });
  t.is(sameSlug.status, 409);
  t.is(sameSlug.body.error.code, 'CONFLICT');
  t.is((await create(other, { slug: slug(), title: 'B', custom_domain: 'A.Status.Example' })).status, 409);
});

test('components must be checks and domains of the same workspace', async (t) => {
  const other = await api.account('trial');
  const foreignCheck = (await api.call('POST', '/mobile/uptime-checks', { account: other, body: { name: 'F', check_type: 'http', hostname: 'f.example', protocol: 'https' } })).body.data.id;
  const res = await create(owner, { slug: slug(), title: 'T', components: [{ uptime_check_id: foreignCheck, display_name: 'F' }] });
  t.is(res.status, 422);
  t.regex(res.body.error.fields['components[0].uptime_check_id'], /not an uptime check of this workspace/);
  const missingDomain = await create(owner, { slug: slug(), title: 'T', components: [{ domain_id: 2_000_000_000, display_name: 'X' }] });
  t.is(missingDomain.status, 422);
});

test('hostile and malformed fields: 422 naming the field, never a 500', async (t) => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ slug: 'Has Caps' }, 'slug'],
    [{ slug: '-dash' }, 'slug'],
    [{ slug: 'a'.repeat(64) }, 'slug'],
    [{ title: '' }, 'title'],
    [{ title: 't'.repeat(201) }, 'title'],
    [{ description: 'd'.repeat(2001) }, 'description'],
    [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
    [{ time_zone: '../../etc/passwd' }, 'time_zone'],
    [{ custom_domain: 'http://evil.example/' }, 'custom_domain'],
    [{ custom_domain: '127.0.0.1' }, 'custom_domain'],
    [{ custom_domain: 'localhost' }, 'custom_domain'],
    [{ links: [{ label: 'x', url: 'javascript:alert(1)' }] }, 'links'],
    [{ links: [{ label: 'x', url: 'data:text/html,<script>alert(1)</script>' }] }, 'links'],
    [{ links: [{ label: 'x', url: '/relative' }] }, 'links'],
    [{ links: [{ label: 'x', url: 'https://user:pw@example.com/' }] }, 'links'],
    [{ links: [{ label: 'x', url: `https://example.com/${'a'.repeat(2048)}` }] }, 'links'],
    [{ links: Array.from({ length: 21 }, () => ({ label: 'x', url: 'https://example.com/' })) }, 'links'],
    [{ frame_ancestors: ['*'] }, 'frame_ancestors'],
    [{ frame_ancestors: ['https://example.com/path'] }, 'frame_ancestors'],
    [{ frame_ancestors: ["https://example.com; script-src 'unsafe-inline'"] }, 'frame_ancestors'],
    [{ components: [{ uptime_check_id: 2 ** 63, display_name: 'big' }] }, 'components'],
    [{ components: [{ uptime_check_id: checkId, domain_id: domainId, display_name: 'both' }] }, 'components'],
    [{ components: [{ display_name: 'neither' }] }, 'components'],
    [{ components: [{ uptime_check_id: checkId, display_name: 'a' }, { uptime_check_id: checkId, display_name: 'b' }] }, 'components'],
    [{ components: [{ uptime_check_id: checkId, display_name: 'n'.repeat(201) }] }, 'components'],
  ];
  for (const [fields, field] of cases) {
    const res = await create(owner, { slug: slug(), title: 'T', ...fields });
    t.is(res.status, 422, JSON.stringify(fields).slice(0, 100));
    t.is(res.body.error.code, 'VALIDATION_ERROR');
    t.true(Object.keys(res.body.error.fields).some((key) => key.startsWith(field)), `${field}: ${JSON.stringify(res.body.error.fields)}`);
  }
  for (const raw of ['{"slug":"nul-\\u0000","title":"T"}', '{"slug":"x","title":"lone \\ud800"}']) {
    const res = await api.call('POST', '/mobile/status-pages', { account: owner, rawBody: raw });
    t.true(res.status === 422 || res.status === 400, raw);
  }
  t.is((await create(owner, { title: 'no slug' })).status, 422);
});

test('permission manage_status_pages, active plan and the plan limit', async (t) => {
  const account = await api.account('basic');
  const reader = await api.member(account, { permissions: { manage_status_pages: false }, shareWorkspaces: [account.workspaceId] });
  const denied = await create(reader, { slug: slug(), title: 'T' });
  t.is(denied.status, 403);
  t.regex(denied.body.error.message, /manage_status_pages/);
  t.is((await api.call('GET', '/mobile/status-pages', { account: reader })).status, 200);
  t.is((await create(account, { slug: slug(), title: 'first' })).status, 201);
  const over = await create(account, { slug: slug(), title: 'second' });
  t.is(over.status, 403);
  t.regex(over.body.error.message, /status pages/);
  await api.setPlan(account, 'expired');
  t.is((await create(account, { slug: slug(), title: 'T' })).status, 402);
});

test('logo: PNG, JPEG or WebP by content, stored and shown, removable; others refused', async (t) => {
  const id = (await create(owner, { slug: slug(), title: 'Logo' })).body.data.id;
  const stored = await uploadLogo(owner, id, PNG);
  t.is(stored.status, 200);
  t.deepEqual(stored.body.data.logo, { content_type: 'image/png', size_bytes: PNG.length });
  const svg = await uploadLogo(owner, id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
  t.is(svg.status, 422);
  t.truthy(svg.body.error.fields.logo);
  t.is((await uploadLogo(owner, id, PNG, 'image')).status, 422);
  t.is((await uploadLogo(owner, id, Buffer.alloc(2 * 1024 * 1024 + 1, 0x89))).status, 413);
  const removed = await api.call('POST', `/mobile/status-pages/${id}/delete-logo`, { account: owner });
  t.is(removed.body.data.logo, null);
});

test('public updates of an incident: posted and listed apart from its notes; bad state or body 422', async (t) => {
  const em = api.em;
  const [{ id: incidentId }] = await em.getConnection().execute(
    `insert into incidents (workspace_id, check_id, status, severity, failed_locations, opened_by_cycle, opened_at) values (?, ?, 'open', 'major', '[]', ?, now()) returning id`,
    [owner.workspaceId, checkId, `cycle-${process.pid}`],
  );
  const path = `/mobile/incidents/${incidentId}/public-updates`;
  const posted = await api.call('POST', path, { account: owner, body: { state: 'identified', body: '  The database is slow.  ' } });
  t.is(posted.status, 201, posted.text);
  t.like(posted.body.data, { incident_id: incidentId, state: 'identified', body: 'The database is slow.', author: { id: owner.userId, email_address: owner.email } });
  await api.call('POST', path, { account: owner, body: { state: 'resolved', body: 'Fixed.' } });
  const listed = await api.call('GET', path, { account: owner });
  t.deepEqual(listed.body.data.map((u: { state: string }) => u.state), ['identified', 'resolved']);
  const incident = await api.call('GET', `/mobile/incidents/${incidentId}`, { account: owner });
  t.is(incident.body.data.status, 'open', 'a public update does not resolve the incident');
  for (const body of [{ state: 'fixed', body: 'x' }, { state: 'monitoring', body: '   ' }, { state: 'monitoring', body: 'b'.repeat(5001) }]) {
    const res = await api.call('POST', path, { account: owner, body });
    t.is(res.status, 422, JSON.stringify(body).slice(0, 60));
  }
  const stranger = await api.account('trial');
  t.is((await api.call('GET', path, { account: stranger })).status, 404);
  t.is((await api.call('POST', path, { account: stranger, body: { state: 'monitoring', body: 'x' } })).status, 404);
});
