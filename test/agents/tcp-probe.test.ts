import test from 'ava';
import type { Static } from '@sinclair/typebox';
import type { TcpProbeSpec } from '../../src/bus/messages.js';
import { probeTcp } from '../../agents/probes/tcp.js';
import { closedPort, startTcpServer, type Running } from './helpers/servers.js';
import { localOptions, never } from './helpers/specs.js';

const servers: Record<string, Running> = {};

test.before(async () => {
  servers.ssh = await startTcpServer((socket) => socket.write('SSH-2.0-OpenSSH_9.6\r\n'));
  servers.silent = await startTcpServer(() => undefined);
  servers.chatty = await startTcpServer((socket) => socket.write(Buffer.concat([Buffer.alloc(5000, 'a'), Buffer.from('NEEDLE')])));
  servers.closes = await startTcpServer((socket) => socket.end());
  servers.slowBanner = await startTcpServer((socket) => {
    const timer = setTimeout(() => socket.write('220 mail ready\r\n'), 100);
    socket.on('close', () => clearTimeout(timer));
  });
});

test.after.always(() => Promise.all(Object.values(servers).map((server) => server.close())));

const tcp = (server: string, overrides: Partial<Static<typeof TcpProbeSpec>> = {}): Static<typeof TcpProbeSpec> => ({
  type: 'tcp',
  hostname: '127.0.0.1',
  port: servers[server]!.port,
  bannerOperator: 'none',
  bannerValue: '',
  timeoutMs: 1000,
  ...overrides,
});

test('operator none is up as soon as it connects', async (t) => {
  const result = await probeTcp(tcp('silent'), never, localOptions);
  t.is(result.state, 'up');
  t.true(result.latencyMs < 500, `latency ${result.latencyMs}`);
  t.true((result.phases.connectMs ?? -1) >= 0);
});

test('contains: the banner holds the value', async (t) => {
  const result = await probeTcp(tcp('ssh', { bannerOperator: 'contains', bannerValue: 'SSH' }), never, localOptions);
  t.is(result.state, 'up');
  t.is(result.banner, 'SSH-2.0-OpenSSH_9.6\r\n');
  t.true(result.latencyMs < 500, 'stops reading once the value is seen');
});

test('contains: a banner sent later is waited for', async (t) => {
  const result = await probeTcp(tcp('slowBanner', { bannerOperator: 'contains', bannerValue: '220' }), never, localOptions);
  t.is(result.state, 'up');
  t.true((result.phases.firstByteMs ?? 0) >= 90);
});

test('contains: missing value is down with a readable reason', async (t) => {
  const result = await probeTcp(tcp('ssh', { bannerOperator: 'contains', bannerValue: 'SMTP', timeoutMs: 1000 }), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.reason, 'banner does not contain "SMTP"');
  t.is(result.banner, 'SSH-2.0-OpenSSH_9.6\r\n');
});

test('contains against a silent server reads until the timeout, then judges', async (t) => {
  const result = await probeTcp(tcp('silent', { bannerOperator: 'contains', bannerValue: 'SSH', timeoutMs: 300 }), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.reason, 'banner does not contain "SSH"');
  t.true(result.latencyMs >= 290);
});

test('not_contains: silent server is up after the read window', async (t) => {
  const result = await probeTcp(tcp('silent', { bannerOperator: 'not_contains', bannerValue: 'ERROR', timeoutMs: 300 }), never, localOptions);
  t.is(result.state, 'up');
});

test('not_contains: the value present is down', async (t) => {
  const result = await probeTcp(tcp('ssh', { bannerOperator: 'not_contains', bannerValue: 'OpenSSH' }), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.reason, 'banner contains "OpenSSH"');
});

test('at most 4 KiB is read: a value past it is not seen', async (t) => {
  const result = await probeTcp(tcp('chatty', { bannerOperator: 'contains', bannerValue: 'NEEDLE' }), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.banner?.length, 4096);
});

test('a server that closes at once: none is up, contains is down', async (t) => {
  t.is((await probeTcp(tcp('closes'), never, localOptions)).state, 'up');
  const contains = await probeTcp(tcp('closes', { bannerOperator: 'contains', bannerValue: 'x' }), never, localOptions);
  t.is(contains.state, 'down');
  t.is(contains.banner, '');
});

test('connection refused', async (t) => {
  const result = await probeTcp({ ...tcp('silent'), port: await closedPort() }, never, localOptions);
  t.is(result.state, 'down');
  t.is(result.reason, 'connection refused');
});

test('private targets are refused unless allowed', async (t) => {
  const result = await probeTcp(tcp('silent'), never, { allowPrivateTargets: false });
  t.is(result.reason, 'private address refused');
});
