import { request } from 'node:http';
import test from 'ava';
import { ApiHarness } from './helpers/api-harness.js';

let api: ApiHarness;
let published: ApiHarness;

test.before(async () => {
  [api, published] = await Promise.all([ApiHarness.start(), ApiHarness.start({}, { VANTAGE_PUBLIC_URL: 'https://status.example.com/' })]);
});
test.after.always(async () => {
  await Promise.all([api?.close(), published?.close()]);
});

test('GET / answers a page that leads to /docs and says how to sign in (plain text for curl)', async (t) => {
  const res = await fetch(`${api.origin}/`, { headers: { accept: '*/*' } });
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type')!, /^text\/plain/);
  const text = await res.text();
  t.true(text.includes(`${api.origin}/docs/`), text);
  t.true(text.includes(`${api.origin}/app/api/v1/openapi.json`));
  t.true(text.includes(`curl -u you@example.com:PASSWORD ${api.origin}/app/api/v1/mobile/auth/me`));
  t.regex(text, /HTTP Basic/);
  t.regex(text, /VANTAGE_ADMIN_EMAIL/);
  t.regex(text, /vantage admin reset-password/);
  t.is(res.headers.get('x-content-type-options'), 'nosniff');

  // Where it leads answers.
  t.is((await fetch(`${api.origin}/docs/`)).status, 200);
  t.is((await fetch(`${api.origin}/app/api/v1/openapi.json`)).status, 200);
});

test('a browser gets HTML with links, under a CSP that allows nothing from outside', async (t) => {
  const res = await fetch(`${api.origin}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type')!, /^text\/html/);
  t.regex(res.headers.get('content-security-policy')!, /default-src 'none'/);
  const html = await res.text();
  t.true(html.includes('<a href="/docs/">'), html);
  t.regex(html, /HTTP Basic/);
});

test('any other Accept still gets the text; HEAD answers too', async (t) => {
  const json = await fetch(`${api.origin}/`, { headers: { accept: 'application/json' } });
  t.is(json.status, 200);
  t.regex(await json.text(), /\/docs\//);
  t.is((await fetch(`${api.origin}/`, { method: 'HEAD' })).status, 200);
});

test('VANTAGE_PUBLIC_URL is the address the page names', async (t) => {
  const text = await (await fetch(`${published.origin}/`)).text();
  t.true(text.includes('https://status.example.com/docs/'), text);
  t.true(text.includes('curl -u you@example.com:PASSWORD https://status.example.com/app/api/v1/mobile/auth/me'));
});

test('a hostile Host header is escaped in the HTML', async (t) => {
  const { port } = new URL(api.origin);
  const { status, html } = await new Promise<{ status: number; html: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { host: '"><script>alert(1)</script>', accept: 'text/html' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, html: body }));
    });
    req.on('error', reject);
    req.end();
  });
  t.is(status, 200);
  t.false(html.includes('<script>'), html);
  t.true(html.includes('&lt;script&gt;'), html);
});
