import test from 'ava';
import fc from 'fast-check';
import { MemoryStatusPageSource, statusPage } from './fixtures.js';
import { getWithHost, startPublicServer, type PublicServer } from './public-server.js';

/**
 * Hostile requests to the public routes: raw path segments, Host headers, conditional and
 * encoding headers. Every answer is below 500, a page is served only under its own slug or custom
 * domain, and the server keeps answering.
 */

const HOSTILE_SEGMENTS = ['%00', 'a%00b', '%ff', '%ED%A0%80', '%F0%9F%98%80', '..', '%2e%2e', '%2F', '<script>', '%3Cscript%3E', 'acme%00', 'ACME', 'acme.', 'x'.repeat(5000), '', 'acme', 'assets', 'feed.atom', 'badge', 'c1', 'status.svg'];
const HOSTILE_HOSTS = ['status.acme.example', 'STATUS.ACME.EXAMPLE.', 'evil.example', '127.0.0.1', '[::1]:80', 'a b', 'status.acme.example:99999', '%00', 'x'.repeat(300), ''];
const HEADERS = fc.record({
  'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"', '', ',,,', '"'.repeat(100)),
  'accept-encoding': fc.constantFrom('gzip', 'gzip;q=0', 'br', '*', 'identity', ''),
}, { requiredKeys: [] });

let server: PublicServer;
test.before(async () => {
  const source = new MemoryStatusPageSource(statusPage(), statusPage({ slug: 'custom', title: 'Custom' }));
  source.domains.set('status.acme.example', 'custom');
  server = await startPublicServer(source);
});
test.after.always(async () => {
  await server?.close();
});

test('any path under /status, any Host and header: below 500, and a page only where it belongs', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.constantFrom(...HOSTILE_SEGMENTS), { minLength: 0, maxLength: 5 }),
      fc.constantFrom(...HOSTILE_HOSTS),
      HEADERS,
      async (segments, host, headers) => {
        const path = `/${['status', ...segments].join('/')}`;
        const answer = await getWithHost(server.port, path, host, headers as Record<string, string>);
        t.true(answer.status < 500, `${path} on ${host}: ${answer.status}`);
        if (answer.status === 200 && answer.headers['content-type'] === 'text/html; charset=utf-8') {
          const custom = /^status\.acme\.example\.?(?::\d+)?$/i.test(host);
          t.regex(answer.body, custom ? /<h1>Custom<\/h1>/ : /<h1>(Acme services|Custom)<\/h1>/, `${path} on ${host}`);
        }
      },
    ),
    { numRuns: 120, seed: 20_261_126 },
  );
  t.is((await fetch(`${server.origin}/status/acme`)).status, 200, 'still answering');
});
