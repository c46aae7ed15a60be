import test from 'ava';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ProbeResult } from '../../src/bus/messages.js';

/*
 * Ping without NET_RAW, as the chart's agent pods run: the agent falls back from a raw socket to an
 * ICMP datagram socket, which the kernel allows to groups inside net.ipv4.ping_group_range. Each
 * case runs a child in a fresh network namespace (so the sysctl can be set for it alone and
 * nothing leaves the machine) as root or as nobody with every capability dropped.
 */

const run = promisify(execFile);
const helper = fileURLToPath(new URL('./helpers/ping-in-child.js', import.meta.url));
const everyGroup = '0 2147483647';
const noGroup = '1 0';

interface ChildReport {
  kind: 'raw' | 'datagram' | null;
  announced: string[];
  results: ProbeResult[];
}

async function pingInNamespace(groupRange: string, user: 'root' | 'nobody', timeoutMs: number, addresses: string[]): Promise<ChildReport> {
  const asUser = user === 'nobody' ? 'setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all --bounding-set=-all ' : '';
  const script = [
    'ip link set lo up',
    'ip route add 198.51.100.0/24 dev lo',
    `echo "${groupRange}" > /proc/sys/net/ipv4/ping_group_range`,
    `exec ${asUser}"${process.execPath}" "${helper}" ${timeoutMs} ${addresses.join(' ')}`,
  ].join(' && ');
  const { stdout } = await run('unshare', ['--net', 'sh', '-c', script], { timeout: 30_000 });
  return JSON.parse(stdout) as ChildReport;
}

// unshare --net and setpriv need root; elsewhere these cases cannot set up their namespace.
const namespaced = process.getuid?.() === 0 ? test : test.skip;
const skipReason = process.getuid?.() === 0 ? '' : ' (skipped: needs root for unshare --net and setpriv)';

namespaced(`without NET_RAW the agent pings over an ICMP datagram socket, both families${skipReason}`, async (t) => {
  const report = await pingInNamespace(everyGroup, 'nobody', 2000, ['127.0.0.1', '::1']);
  t.is(report.kind, 'datagram');
  t.true(report.announced.includes('ping'), 'ping is announced');
  for (const result of report.results) {
    t.is(result.state, 'up', result.reason ?? '');
    t.deepEqual(result.ping?.received, 1);
    t.true((result.ping?.rttMs ?? -1) >= 0);
  }
});

namespaced(`many pings in parallel on one datagram socket each get their own reply${skipReason}`, async (t) => {
  const addresses = Array.from({ length: 200 }, (_, i) => (i % 2 ? '127.0.0.1' : '127.0.0.2'));
  const report = await pingInNamespace(everyGroup, 'nobody', 5000, addresses);
  t.is(report.kind, 'datagram');
  t.is(report.results.filter((result) => result.state === 'up').length, 200);
});

namespaced(`over a datagram socket an address that never answers is down at its timeout${skipReason}`, async (t) => {
  const report = await pingInNamespace(everyGroup, 'nobody', 300, ['198.51.100.1', '127.0.0.1']);
  const [silent, loopback] = report.results;
  t.is(silent!.state, 'down');
  t.is(silent!.reason, 'timeout after 300 ms');
  t.deepEqual(silent!.ping, { sent: 1, received: 0, rttMs: null });
  t.is(loopback!.state, 'up', 'a reply to another echo is not mistaken for the silent one');
});

namespaced(`a raw socket is preferred where it opens${skipReason}`, async (t) => {
  const report = await pingInNamespace(everyGroup, 'root', 2000, ['127.0.0.1']);
  t.is(report.kind, 'raw');
  t.is(report.results[0]!.state, 'up');
});

namespaced(`without NET_RAW and outside ping_group_range ping is unsupported, not down, and not announced${skipReason}`, async (t) => {
  const report = await pingInNamespace(noGroup, 'nobody', 300, ['127.0.0.1']);
  t.is(report.kind, null);
  t.false(report.announced.includes('ping'));
  t.is(report.results[0]!.state, 'unsupported');
  t.regex(report.results[0]!.reason ?? '', /needs root or CAP_NET_RAW.*ping_group_range/);
});
