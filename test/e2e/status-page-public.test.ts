import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { freshDatabase } from '../support/database.js';
import { startHttpTarget } from '../support/http-target.js';
import { startServe, stopServe, type ServeProcess } from '../support/serve-process.js';

/**
 * A public status page as its visitors meet it, in the product as it runs: a page made through
 * the API is served without authentication, a failing check shows on it (with its incident)
 * long before the cached answer would have aged out, and a public update appears there and in the
 * feed, while the check's host name and the incident's private notes never do.
 */

const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'vantage-status-page-'));
const target = await startHttpTarget();
const authorization = `Basic ${Buffer.from('owner@status.test:status-test-password').toString('base64')}`;

let serve: ServeProcess;
test.before(async () => {
  serve = await startServe({
    DATABASE_URL: database.databaseUrl,
    VANTAGE_DATA_DIR: dataDir,
    VANTAGE_LOCATIONS: 'loc-a',
    VANTAGE_ALLOW_PRIVATE_TARGETS: '1',
    VANTAGE_ADMIN_EMAIL: 'owner@status.test',
    VANTAGE_ADMIN_PASSWORD: 'status-test-password',
  });
});
test.after.always(async () => {
  if (serve) await stopServe(serve);
  target.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, workspaceId: number | null, body?: unknown): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = { authorization };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (workspaceId !== null) headers['x-workspace-id'] = String(workspaceId);
  const response = await fetch(`${serve.baseUrl}/app/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, json: await response.json() };
}

const publicGet = async (path: string): Promise<{ status: number; text: string; headers: Headers }> => {
  const response = await fetch(`${serve.baseUrl}${path}`);
  return { status: response.status, text: await response.text(), headers: response.headers };
};

/** Reads a public answer until it satisfies `done`; the page's max age is 30 s, so anything well under that came from a change notice. */
async function publicUntil(path: string, done: (text: string) => boolean, withinMs: number): Promise<{ text: string; afterMs: number }> {
  const began = Date.now();
  for (;;) {
    const { text } = await publicGet(path);
    if (done(text)) return { text, afterMs: Date.now() - began };
    if (Date.now() - began > withinMs) return { text, afterMs: Number.POSITIVE_INFINITY };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test.serial('a page made through the API is public; a failing check and a public update show on it within one refresh; nothing private does', async (t) => {
  const me = await call('GET', '/mobile/auth/me', null);
  const workspaceId: number = me.json.data.current_workspace_id;
  const check = await call('POST', '/mobile/uptime-checks', workspaceId, {
    name: 'Internal API probe',
    check_type: 'http',
    hostname: `127.0.0.1:${target.port}`,
    protocol: 'http',
    path: '/',
    check_frequency: 1,
    request_method: 'get',
    response_timeout: 2000,
    trigger_locations: ['loc-a'],
    min_failing_locations: 1,
    response_classes: ['2XX'],
    flag_follow_redirect: false,
    notification_group_ids: [],
  });
  t.is(check.status, 201, JSON.stringify(check.json));
  const checkId: number = check.json.data.id;
  const page = await call('POST', '/mobile/status-pages', workspaceId, {
    slug: 'acme',
    title: 'Acme status',
    components: [{ uptime_check_id: checkId, display_name: 'Public API', group: 'Backend' }],
  });
  t.is(page.status, 201, JSON.stringify(page.json));

  t.is((await call('POST', `/mobile/uptime-checks/${checkId}/test-now`, workspaceId)).json.data.state, 'UP');
  const up = await publicUntil('/status/acme/summary.json', (text) => JSON.parse(text).components?.[0]?.state === 'operational', 10_000);
  t.true(up.afterMs < 10_000, up.text);
  const html = await publicGet('/status/acme');
  t.is(html.status, 200);
  t.regex(html.headers.get('content-type') ?? '', /text\/html/);
  t.regex(html.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  t.true(html.text.includes('Public API'));
  t.false(html.text.includes('127.0.0.1'), 'host names are hidden by default');
  t.false(html.text.includes('Internal API probe'), 'only the public display name is shown');

  target.status = 503;
  t.is((await call('POST', `/mobile/uptime-checks/${checkId}/test-now`, workspaceId)).json.data.state, 'DOWN');
  const down = await publicUntil('/status/acme/summary.json', (text) => {
    const summary = JSON.parse(text);
    return summary.components?.[0]?.state === 'down' && summary.activeIncidents?.length === 1;
  }, 15_000);
  t.true(down.afterMs < 15_000, `the page did not show the failure and its incident: ${down.text}`);

  const incidents = await call('GET', '/mobile/incidents?status=open', workspaceId);
  const incidentId: number = incidents.json.data[0].id;
  t.is((await call('POST', `/mobile/incidents/${incidentId}/acknowledge`, workspaceId)).status, 200);
  const update = await call('POST', `/mobile/incidents/${incidentId}/public-updates`, workspaceId, { state: 'identified', body: 'A bad deploy; rolling back.' });
  t.is(update.status, 201, JSON.stringify(update.json));
  const shown = await publicUntil('/status/acme', (text) => text.includes('A bad deploy; rolling back.'), 15_000);
  t.true(shown.afterMs < 15_000, 'the public update reached the page');
  const feed = await publicGet('/status/acme/feed.atom');
  t.is(feed.status, 200);
  t.true(feed.text.includes('A bad deploy; rolling back.'));

  const resolved = await call('POST', `/mobile/incidents/${incidentId}/resolve`, workspaceId, { resolution_notes: 'private: the on-call phone is 555-0100' });
  t.is(resolved.status, 200, JSON.stringify(resolved.json));
  const past = await publicUntil('/status/acme/summary.json', (text) => JSON.parse(text).activeIncidents?.length === 0, 15_000);
  t.true(past.afterMs < 15_000, 'the resolved incident left the active ones');
  const after = await publicGet('/status/acme');
  t.true(after.text.includes('A bad deploy; rolling back.'), 'a resolved incident stays among the past ones with its updates');
  for (const answer of [after.text, (await publicGet('/status/acme/feed.atom')).text, past.text]) {
    t.false(answer.includes('555-0100'), 'private notes never reach a public answer');
    t.false(answer.includes(`127.0.0.1:${target.port}`));
  }

  const badge = await publicGet(`/status/acme/badge/c${checkId}/status.svg`);
  t.is(badge.status, 200);
  t.regex(badge.headers.get('content-type') ?? '', /image\/svg\+xml/);
  t.is((await publicGet('/status/no-such-page')).status, 404);
});
