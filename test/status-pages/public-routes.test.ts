import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import test from 'ava';
import { assetPath, STATUS_PAGE_ENHANCEMENT, STATUS_PAGE_STYLESHEET } from '../../src/status-pages/assets/status-page-assets.js';
import { MemoryStatusPageSource, statusPage } from './fixtures.js';
import { parseXml, xmlElements } from './markup.js';
import { getWithHost, startPublicServer, type PublicServer } from './public-server.js';

let source: MemoryStatusPageSource;
let server: PublicServer;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3d6c6a00000000049454e44ae426082', 'hex');

test.before(async () => {
  source = new MemoryStatusPageSource(
    statusPage(),
    statusPage({ slug: 'embeddable', frameAncestors: ['https://intranet.acme.example', "https://x.example; script-src 'unsafe-inline'", 'javascript:alert(1)'] }),
    statusPage({ slug: 'hidden' }),
    statusPage({ slug: 'with-logo', logoPath: '/status/with-logo/logo' }),
    statusPage({ slug: 'svg-logo', logoPath: '/status/svg-logo/logo' }),
    statusPage({ slug: 'custom', title: 'Custom domain page' }),
  );
  source.disabled.add('hidden');
  source.domains.set('status.acme.example', 'custom');
  source.logos.set('with-logo', { contentType: 'image/png', bytes: PNG });
  source.logos.set('svg-logo', { contentType: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
  server = await startPublicServer(source, { publicUrl: 'https://status.example/' });
});
test.after.always(async () => {
  await server?.close();
});

test('GET /status/{slug}: the page, under a CSP without unsafe-inline or unsafe-eval, not framable by default', async (t) => {
  const res = await fetch(`${server.origin}/status/acme`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'text/html; charset=utf-8');
  const csp = res.headers.get('content-security-policy')!;
  t.regex(csp, /default-src 'none'/);
  t.regex(csp, /style-src 'self'/);
  t.regex(csp, /script-src 'self'/);
  t.regex(csp, /img-src 'self' data:/);
  t.regex(csp, /frame-ancestors 'none'/);
  t.notRegex(csp, /unsafe-inline|unsafe-eval/);
  t.is(res.headers.get('x-frame-options'), 'DENY');
  t.is(res.headers.get('x-content-type-options'), 'nosniff');
  t.is(res.headers.get('referrer-policy'), 'no-referrer');
  t.regex(res.headers.get('cache-control')!, /^public, max-age=30, stale-while-revalidate=30, stale-if-error=\d+$/);
  t.is(res.headers.get('set-cookie'), null);
  const head = await fetch(`${server.origin}/status/acme`, { method: 'HEAD' });
  t.is(head.status, 200);
  t.is(head.headers.get('etag'), res.headers.get('etag'));
  t.is(await head.text(), '');
  const html = await res.text();
  t.true(html.includes('<h1>Acme services</h1>'));
  t.true(html.includes(`<link rel="stylesheet" href="${assetPath(STATUS_PAGE_STYLESHEET)}">`));
});

test('a page that allows embedding names only valid origins in frame-ancestors and drops X-Frame-Options', async (t) => {
  const res = await fetch(`${server.origin}/status/embeddable`);
  t.is(res.status, 200);
  t.regex(res.headers.get('content-security-policy')!, /frame-ancestors https:\/\/intranet\.acme\.example$/);
  t.notRegex(res.headers.get('content-security-policy')!, /unsafe-inline|javascript/);
  t.is(res.headers.get('x-frame-options'), null);
});

test('an unknown slug and a disabled page answer the same 404 page', async (t) => {
  const unknown = await fetch(`${server.origin}/status/no-such-page`);
  const disabled = await fetch(`${server.origin}/status/hidden`);
  t.is(unknown.status, 404);
  t.is(disabled.status, 404);
  const body = await unknown.text();
  t.is(await disabled.text(), body);
  t.regex(body, /Status page not found/);
  t.is(unknown.headers.get('content-type'), 'text/html; charset=utf-8');
  for (const path of ['/status/hidden/feed.atom', '/status/hidden/summary.json', '/status/hidden/badge/c1/status.svg', '/status/%00/feed.rss', `/status/${'a'.repeat(300)}`, '/status/%F0%9F%98%80']) {
    const res = await fetch(`${server.origin}${path}`);
    t.is(res.status, 404, path);
    t.is(await res.text(), body, path);
  }
});

test('ETag and If-None-Match: 304 without a body; gzip for clients that accept it', async (t) => {
  const first = await fetch(`${server.origin}/status/acme`);
  const etag = first.headers.get('etag')!;
  t.regex(etag, /^W\/"[A-Za-z0-9_-]+"$/);
  const again = await fetch(`${server.origin}/status/acme`, { headers: { 'if-none-match': `"other", ${etag}` } });
  t.is(again.status, 304);
  t.is(await again.text(), '');
  t.is(again.headers.get('etag'), etag);
  t.is((await fetch(`${server.origin}/status/acme`, { headers: { 'if-none-match': '"other"' } })).status, 200);
  const gzipped = await getWithHost(server.port, '/status/acme', '127.0.0.1', { 'accept-encoding': 'gzip' });
  t.is(gzipped.headers['content-encoding'], 'gzip');
  t.regex(String(gzipped.headers.vary), /Accept-Encoding/);
  t.true(gunzipSync(gzipped.raw).toString('utf8').includes('<h1>Acme services</h1>'));
});

test('brotli for clients that accept it, gzip when brotli is refused with q=0, the bytes as they are when both are', async (t) => {
  const brotli = await getWithHost(server.port, '/status/acme', '127.0.0.1', { 'accept-encoding': 'gzip, deflate, br, zstd' });
  t.is(brotli.headers['content-encoding'], 'br');
  t.is(Number(brotli.headers['content-length']), brotli.raw.length);
  const page = brotliDecompressSync(brotli.raw).toString('utf8');
  t.true(page.includes('<h1>Acme services</h1>'));
  const gzipped = await getWithHost(server.port, '/status/acme', '127.0.0.1', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
  t.is(gzipped.headers['content-encoding'], 'gzip');
  t.is(gunzipSync(gzipped.raw).toString('utf8'), page);
  const plain = await getWithHost(server.port, '/status/acme', '127.0.0.1', { 'accept-encoding': 'br;q=0, gzip; q=0.0' });
  t.is(plain.headers['content-encoding'], undefined);
  t.is(plain.raw.toString('utf8'), page);
  t.is(brotli.headers.etag, plain.headers.etag);
});

test('a change notice shows the new page at once; without one the cached page is served', async (t) => {
  const before = await (await fetch(`${server.origin}/status/custom`, { headers: { host: 'x' } })).text();
  source.pages.set('custom', statusPage({ slug: 'custom', title: 'Custom domain page, renamed' }));
  t.is(await (await fetch(`${server.origin}/status/custom`)).text(), before);
  server.routes.changed(['custom']);
  t.true((await (await fetch(`${server.origin}/status/custom`)).text()).includes('Custom domain page, renamed'));
  source.pages.set('custom', statusPage({ slug: 'custom', title: 'Custom domain page' }));
  server.routes.changed(null);
});

test('the feeds parse and list the incidents, with absolute links on the public URL', async (t) => {
  const atom = await fetch(`${server.origin}/status/acme/feed.atom`);
  t.is(atom.headers.get('content-type'), 'application/atom+xml; charset=utf-8');
  const feed = parseXml(await atom.text());
  t.is(feed.attributes.xmlns, 'http://www.w3.org/2005/Atom');
  const entries = xmlElements(feed, 'entry');
  t.deepEqual(entries.map((entry) => xmlElements(entry, 'title')[0]!.text), ['Checkout is slow (Identified)', 'API errors after a deploy (Resolved)']);
  t.is(xmlElements(entries[0]!, 'id')[0]!.text, 'https://status.example/status/acme#incident-7');
  t.regex(xmlElements(entries[0]!, 'content')[0]!.text, /Failing over\./);
  const rss = await fetch(`${server.origin}/status/acme/feed.rss`);
  t.is(rss.headers.get('content-type'), 'application/rss+xml; charset=utf-8');
  const channel = parseXml(await rss.text());
  t.deepEqual(xmlElements(channel, 'link').map((link) => link.text)[0], 'https://status.example/status/acme');
  t.is(xmlElements(channel, 'item').length, 2);
});

test('summary.json has the documented shape and may be read from any site', async (t) => {
  const res = await fetch(`${server.origin}/status/acme/summary.json`);
  t.is(res.headers.get('access-control-allow-origin'), '*');
  const summary = (await res.json()) as Record<string, any>;
  t.is(summary.schemaVersion, 1);
  t.like(summary.page, { slug: 'acme', title: 'Acme services', url: 'https://status.example/status/acme', state: 'partial_outage', stateText: 'Partial outage' });
  t.deepEqual(summary.components.map((component: { key: string }) => component.key), ['c1', 'c2', 'd3']);
  t.like(summary.components[2], { name: 'acme.example certificate', group: 'Web sites', certificateDaysLeft: 40 });
  t.like(summary.activeIncidents[0], { id: 7, state: 'identified', url: 'https://status.example/status/acme#incident-7' });
  t.is(summary.activeIncidents[0].latestUpdate.body, 'The database primary ran out of disk.\nFailing over.');
  t.is(summary.maintenance[0].state, 'scheduled');
});

test('badges: status, 30-day availability, and a certificate only for a domain', async (t) => {
  const status = await fetch(`${server.origin}/status/acme/badge/c2/status.svg`);
  t.is(status.status, 200);
  t.is(status.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  t.is(status.headers.get('cross-origin-resource-policy'), 'cross-origin');
  t.is(xmlElements(parseXml(await status.text()), 'title')[0]!.text, 'API: down');
  const availability = await (await fetch(`${server.origin}/status/acme/badge/c2/availability.svg`)).text();
  t.is(xmlElements(parseXml(availability), 'title')[0]!.text, 'API 30 days: 95.00%');
  const certificate = await (await fetch(`${server.origin}/status/acme/badge/d3/certificate.svg`)).text();
  t.is(xmlElements(parseXml(certificate), 'title')[0]!.text, 'acme.example certificate certificate: 40 days left');
  t.is((await fetch(`${server.origin}/status/acme/badge/c1/certificate.svg`)).status, 404);
  t.is((await fetch(`${server.origin}/status/acme/badge/c9/status.svg`)).status, 404);
  t.is((await fetch(`${server.origin}/status/acme/badge/c1/other.svg`)).status, 404);
});

test('the logo: a raster image as uploaded; never SVG; none for a page without one', async (t) => {
  const logo = await fetch(`${server.origin}/status/with-logo/logo`);
  t.is(logo.status, 200);
  t.is(logo.headers.get('content-type'), 'image/png');
  t.deepEqual(Buffer.from(await logo.arrayBuffer()), PNG);
  t.is((await fetch(`${server.origin}/status/svg-logo/logo`)).status, 404);
  t.is((await fetch(`${server.origin}/status/acme/logo`)).status, 404);
});

test('assets: the stylesheet and script by their hashed names, kept for good; anything else 404', async (t) => {
  const css = await fetch(`${server.origin}${assetPath(STATUS_PAGE_STYLESHEET)}`);
  t.is(css.status, 200);
  t.is(css.headers.get('content-type'), 'text/css; charset=utf-8');
  t.is(css.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  t.regex(await css.text(), /prefers-color-scheme: dark/);
  const js = await fetch(`${server.origin}${assetPath(STATUS_PAGE_ENHANCEMENT)}`);
  t.is(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
  t.is((await fetch(`${server.origin}/status/assets/other.js`)).status, 404);
  t.is((await fetch(`${server.origin}/status/assets/..%2F..%2Fpackage.json`)).status, 404);
});

test('a custom domain serves its page at / and only its page; any other host falls through', async (t) => {
  const root = await getWithHost(server.port, '/', 'Status.Acme.Example:8443');
  t.is(root.status, 200);
  t.true(root.body.includes('<h1>Custom domain page</h1>'));
  t.is(root.headers.location, undefined);
  t.is((await getWithHost(server.port, '/status/custom/feed.atom', 'status.acme.example')).status, 200);
  t.is((await getWithHost(server.port, '/status/acme', 'status.acme.example')).status, 404, 'another page is not served on this domain');
  t.is((await getWithHost(server.port, '/status/acme/summary.json', 'status.acme.example')).status, 404);
  const other = await getWithHost(server.port, '/', 'evil.example');
  t.is(other.status, 404);
  t.is(other.body, 'fell through to the app');
  t.is((await getWithHost(server.port, '/', 'status.acme.example.evil.example')).body, 'fell through to the app');
});

test('the database away: the cached page is still served; a page never loaded answers the error', async (t) => {
  const local = new MemoryStatusPageSource(statusPage());
  const isolated = await startPublicServer(local);
  try {
    t.is((await fetch(`${isolated.origin}/status/acme`)).status, 200);
    local.failing = true;
    isolated.routes.changed(['acme']);
    const stale = await fetch(`${isolated.origin}/status/acme`);
    t.is(stale.status, 200);
    t.true((await stale.text()).includes('<h1>Acme services</h1>'));
    t.is((await fetch(`${isolated.origin}/status/never-loaded`)).status, 503);
    local.failing = false;
    t.is((await fetch(`${isolated.origin}/status/never-loaded`)).status, 404);
  } finally {
    await isolated.close();
  }
});

test('cache hits make no load; concurrent first requests make one', async (t) => {
  const local = new MemoryStatusPageSource(statusPage());
  const isolated = await startPublicServer(local);
  try {
    await Promise.all(Array.from({ length: 10 }, () => fetch(`${isolated.origin}/status/acme`).then((res) => res.text())));
    t.is(local.loads, 1);
    await fetch(`${isolated.origin}/status/acme/feed.atom`).then((res) => res.text());
    await fetch(`${isolated.origin}/status/acme/badge/c1/status.svg`).then((res) => res.text());
    t.is(local.loads, 1, 'feeds and badges render from the cached view');
  } finally {
    await isolated.close();
  }
});

test('a change notice during a load: that request sees the page as read, the next one the changed page', async (t) => {
  const local = new MemoryStatusPageSource(statusPage());
  let entered!: () => void;
  const loading = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // Reads the page when called, answers only when released: the database read that a change overtakes.
  const bySlug = async (slug: string) => {
    const read = await local.bySlug(slug);
    entered();
    await gate;
    return read;
  };
  const isolated = await startPublicServer({ bySlug, slugForHost: (host) => local.slugForHost(host), logo: (slug) => local.logo(slug) });
  try {
    const first = fetch(`${isolated.origin}/status/acme`).then((res) => res.text());
    await loading;
    local.pages.set('acme', statusPage({ title: 'Renamed while loading' }));
    isolated.routes.changed(['acme']);
    release();
    t.true((await first).includes('<h1>Acme services</h1>'));
    t.true((await (await fetch(`${isolated.origin}/status/acme`)).text()).includes('<h1>Renamed while loading</h1>'));
  } finally {
    await isolated.close();
  }
});
