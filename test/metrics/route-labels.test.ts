import test from 'ava';
import { ApiHarness } from '../api/helpers/api-harness.js';

/**
 * One route, one label, whatever the answer: a success, a refused query, missing credentials and
 * a missing resource of one route are all counted under its template, never under the raw path
 * or a shorter pattern.
 */
test('success and failure of one route share one route label', async (t) => {
  const api = await ApiHarness.start();
  t.teardown(() => api.close());
  const account = await api.account('trial');
  t.is((await api.call('GET', '/mobile/uptime-checks', { account })).status, 200);
  t.is((await api.call('GET', '/mobile/uptime-checks?limit=0', { account })).status, 400);
  t.is((await api.call('GET', '/mobile/uptime-checks', {})).status, 401);
  t.is((await api.call('GET', '/mobile/uptime-checks/424242', { account })).status, 404);
  t.is((await api.call('GET', '/mobile/uptime-checks/424243', { account })).status, 404);
  t.is((await api.call('PATCH', '/mobile/uptime-checks', { account })).status, 405);
  t.is((await api.call('GET', '/mobile/no-such-route', { account })).status, 404);

  const text = await (await fetch(`${api.origin}/metrics`)).text();
  const labels = text.split('\n').filter((line) => line.startsWith('vantage_http_request_duration_seconds_count{'));
  const routeOf = (line: string) => /route="([^"]*)"/.exec(line)?.[1];
  const statusOf = (line: string) => /status="([^"]*)"/.exec(line)?.[1];
  const methodOf = (line: string) => /method="([^"]*)"/.exec(line)?.[1];
  const list = labels.filter((line) => methodOf(line) === 'GET' && routeOf(line)?.includes('uptime-checks'));
  t.deepEqual(
    list.map((line) => `${routeOf(line)} ${statusOf(line)}`).sort(),
    ['/app/api/v1/mobile/uptime-checks 2xx', '/app/api/v1/mobile/uptime-checks 4xx', '/app/api/v1/mobile/uptime-checks/:id 4xx'],
  );
  const collection = labels.find((line) => methodOf(line) === 'GET' && routeOf(line) === '/app/api/v1/mobile/uptime-checks' && statusOf(line) === '4xx');
  t.regex(collection ?? '', / 2$/, 'the 400 and the 401 are both under the route');
  t.regex(labels.find((line) => routeOf(line) === '/app/api/v1/mobile/uptime-checks/:id') ?? '', / 2$/, 'two ids, one series');
  t.truthy(labels.find((line) => methodOf(line) === 'PATCH' && routeOf(line) === '/app/api/v1/mobile/uptime-checks' && statusOf(line) === '4xx'));
  t.truthy(labels.find((line) => routeOf(line) === 'unmatched' && statusOf(line) === '4xx'), 'a path no route knows');
  t.false(labels.some((line) => /route="\/mobile\//.test(line)), 'no label without the API base path');
});
