import test from 'ava';
import { probeHttp } from '../../agents/probes/http.js';
import { probeTls } from '../../agents/probes/tls.js';
import { createTestPki, type TestPki } from './helpers/pki.js';
import { closedPort, startDnsServer, startHttpServer, startHttpsServer, type DnsServer, type Running } from './helpers/servers.js';
import { httpSpec, localOptions, never } from './helpers/specs.js';

let pki: TestPki;
const servers: Record<'valid' | 'expired' | 'wrongHost' | 'selfSigned', Running> = {} as never;
let plain: Running;
let dns: DnsServer;
let options: typeof localOptions & { extraCa: string[]; resolver: string };

test.before(async () => {
  pki = createTestPki();
  for (const kind of ['valid', 'expired', 'wrongHost', 'selfSigned'] as const) {
    servers[kind] = await startHttpsServer(pki[kind], (request, response) => {
      if (request.url === '/to-plain') return void response.writeHead(302, { location: `http://127.0.0.1:${plain.port}/` }).end();
      response.end('secure');
    });
  }
  plain = await startHttpServer((_request, response) => response.end('plain'));
  dns = await startDnsServer({ 'localhost.test': [{ type: 'A', name: 'localhost.test', ttl: 60, data: '127.0.0.1' }] });
  options = { ...localOptions, extraCa: [pki.caPem], resolver: `127.0.0.1:${dns.port}` };
});

test.after.always(async () => {
  await Promise.all([...Object.values(servers), plain, dns].map((server) => server.close()));
});

const https = (kind: keyof typeof servers, host = '127.0.0.1') =>
  httpSpec({ protocol: 'https', hostname: `${host}:${servers[kind].port}` });

test('a valid certificate from the extra CA is up with a TLS phase', async (t) => {
  const result = await probeHttp(https('valid'), never, options);
  t.is(result.state, 'up', result.reason ?? '');
  t.true((result.phases.tlsMs ?? -1) >= 0);
  t.true((result.phases.connectMs ?? -1) >= 0);
});

test('without the extra CA the same server is down with a TLS reason', async (t) => {
  const result = await probeHttp(https('valid'), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.reason, 'TLS error: unable to verify the first certificate');
});

test('an expired certificate is down', async (t) => {
  const result = await probeHttp(https('expired'), never, options);
  t.is(result.state, 'down');
  t.is(result.reason, 'TLS error: certificate has expired');
});

test('a certificate for another host is down', async (t) => {
  const result = await probeHttp(https('wrongHost'), never, options);
  t.is(result.state, 'down');
  t.is(result.reason, 'TLS error: certificate does not match the host name');
});

test('a self-signed certificate is down', async (t) => {
  const result = await probeHttp(https('selfSigned'), never, options);
  t.is(result.state, 'down');
  t.is(result.reason, 'TLS error: self-signed certificate');
});

test('a name is resolved with the configured resolver and sent as SNI and Host', async (t) => {
  const result = await probeHttp(https('valid', 'localhost.test'), never, options);
  // The leaf names localhost, not localhost.test: reaching the hostname check proves SNI and resolution worked.
  t.is(result.reason, 'TLS error: certificate does not match the host name');
  t.true((result.phases.dnsMs ?? -1) >= 0);
});

test('an https redirect to http is followed', async (t) => {
  const result = await probeHttp({ ...https('valid'), path: '/to-plain' }, never, options);
  t.is(result.state, 'up', result.reason ?? '');
});

test('TLS probe reads certificate metadata and verdicts', async (t) => {
  const result = await probeTls({ type: 'tls', hostname: '127.0.0.1', port: servers.valid.port, timeoutMs: 2000 }, never, options);
  t.is(result.state, 'up');
  const certificate = result.certificate!;
  t.is(certificate.subject, 'CN=localhost');
  t.is(certificate.issuer, 'CN=Vantage Test CA, O=Vantage');
  t.deepEqual(certificate.subjectAltNames, ['localhost', '127.0.0.1']);
  t.regex(certificate.notAfter, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
  t.true(Date.parse(certificate.notAfter) > Date.now());
  t.true(Date.parse(certificate.notBefore) <= Date.now());
  t.regex(certificate.fingerprintSha256, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  t.regex(certificate.serialNumber, /^[0-9A-F]+$/);
  t.true(certificate.trusted);
  t.true(certificate.hostnameMatches);
  t.is(certificate.verificationError, null);
  t.is(certificate.chain[0]?.fingerprintSha256, certificate.fingerprintSha256);
  t.true((result.phases.tlsMs ?? -1) >= 0);
});

test('TLS probe reports an expired certificate as data, still up', async (t) => {
  const result = await probeTls({ type: 'tls', hostname: '127.0.0.1', port: servers.expired.port, timeoutMs: 2000 }, never, options);
  t.is(result.state, 'up');
  t.false(result.certificate!.trusted);
  t.is(result.certificate!.verificationError, 'certificate has expired');
  t.true(Date.parse(result.certificate!.notAfter) < Date.now());
});

test('TLS probe checks the host name against SANs', async (t) => {
  const result = await probeTls({ type: 'tls', hostname: 'localhost.test', port: servers.wrongHost.port, timeoutMs: 2000 }, never, options);
  t.is(result.state, 'up');
  t.true(result.certificate!.trusted);
  t.false(result.certificate!.hostnameMatches);
  t.deepEqual(result.certificate!.subjectAltNames, ['other.example']);
});

test('TLS probe without the CA: untrusted, with the reason', async (t) => {
  const result = await probeTls({ type: 'tls', hostname: '127.0.0.1', port: servers.valid.port, timeoutMs: 2000 }, never, localOptions);
  t.false(result.certificate!.trusted);
  t.is(result.certificate!.verificationError, 'unable to verify the first certificate');
});

test('TLS probe against a plain HTTP server is down', async (t) => {
  const result = await probeTls({ type: 'tls', hostname: '127.0.0.1', port: plain.port, timeoutMs: 2000 }, never, options);
  t.is(result.state, 'down');
  t.regex(result.reason ?? '', /^TLS error: /);
});

test('TLS probe: connection refused', async (t) => {
  const result = await probeTls({ type: 'tls', hostname: '127.0.0.1', port: await closedPort(), timeoutMs: 2000 }, never, options);
  t.is(result.state, 'down');
  t.is(result.reason, 'connection refused');
});
