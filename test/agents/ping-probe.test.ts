import test from 'ava';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ProbeResult } from '../../src/bus/messages.js';
import { pingSupported, probePing } from '../../agents/probes/ping.js';
import { localOptions, never } from './helpers/specs.js';

const run = promisify(execFile);
const supported = pingSupported();
const pingTest = supported ? test : test.skip;

pingTest('ICMP echo to 127.0.0.1 is up with an RTT', async (t) => {
  const result = await probePing({ type: 'ping', hostname: '127.0.0.1', timeoutMs: 1000 }, never, localOptions);
  t.is(result.state, 'up', result.reason ?? '');
  t.is(result.ping?.sent, 1);
  t.is(result.ping?.received, 1);
  t.true((result.ping?.rttMs ?? -1) >= 0);
});

pingTest('ICMPv6 echo to ::1 is up', async (t) => {
  const result = await probePing({ type: 'ping', hostname: '::1', timeoutMs: 1000 }, never, localOptions);
  t.is(result.state, 'up', result.reason ?? '');
  t.is(result.ping?.received, 1);
});

pingTest('many pings in parallel share the socket and each gets its own reply', async (t) => {
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) => probePing({ type: 'ping', hostname: i % 2 ? '127.0.0.1' : '127.0.0.2', timeoutMs: 2000 }, never, localOptions)),
  );
  t.true(results.every((result) => result.state === 'up'));
});

pingTest('an address that never answers is down after the timeout', async (t) => {
  // A new network namespace holds only a loopback device; 198.51.100.0/24 (TEST-NET-2) routed to
  // it is dropped unanswered because the namespace does not forward. Nothing leaves the machine.
  const helper = fileURLToPath(new URL('./helpers/ping-in-child.js', import.meta.url));
  const script = `ip link set lo up && ip route add 198.51.100.0/24 dev lo && exec "${process.execPath}" "${helper}" 300 198.51.100.1`;
  const { stdout } = await run('unshare', ['--net', 'sh', '-c', script]);
  const result = (JSON.parse(stdout) as { results: ProbeResult[] }).results[0]!;
  t.is(result.state, 'down');
  t.is(result.reason, 'timeout after 300 ms');
  t.deepEqual(result.ping, { sent: 1, received: 0, rttMs: null });
  t.true(result.latencyMs >= 290 && result.latencyMs < 1000);
});

pingTest('private targets are refused unless allowed', async (t) => {
  const result = await probePing({ type: 'ping', hostname: '127.0.0.1', timeoutMs: 1000 }, never, { allowPrivateTargets: false });
  t.is(result.reason, 'private address refused');
});
