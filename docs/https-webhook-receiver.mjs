#!/usr/bin/env node
// A local HTTPS receiver for Vantage webhooks, with its own private certificate authority.
//
//   node docs/https-webhook-receiver.mjs [--dir .vantage-receiver] [--port 9443]
//
// The first start makes <dir>/ca.pem (a private CA, kept for later starts) and a certificate for
// localhost, 127.0.0.1 and ::1 signed by it (with the openssl command), then serves
// https://localhost:<port>/. Vantage trusts only the system's authorities, so start it with
//
//   VANTAGE_EXTRA_CA_FILE=$PWD/.vantage-receiver/ca.pem npm start
//
// Each request is printed on one line. When <dir>/secret holds the group's webhook_secret (read
// again at every request), the X-Vantage-Signature header is checked: a valid one answers 204, an
// invalid one 401; without the file every request answers 204, marked "unverified".
import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { dir: { type: 'string', default: '.vantage-receiver' }, port: { type: 'string', default: '9443' } } });
const dir = resolve(values.dir);
const port = Number(values.port);

function makeCertificates() {
  mkdirSync(dir, { recursive: true });
  const openssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  if (!existsSync(join(dir, 'ca.pem'))) {
    openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '365', '-subj', '/CN=Vantage webhook receiver CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  }
  if (!existsSync(join(dir, 'server.pem'))) {
    openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
    writeFileSync(join(dir, 'server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
    openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '365', '-extfile', 'server.ext');
  }
}

/** The group's webhook_secret, when <dir>/secret holds it. */
function secret() {
  const file = join(dir, 'secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, at most five minutes old. */
function signatureValid(key, header, body) {
  const parts = Object.fromEntries(String(header ?? '').split(',').map((part) => part.trim().split('=', 2)));
  if (!/^\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac('sha256', key).update(`${parts.t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

makeCertificates();
const server = createServer({ key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) }, (req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk)).on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const key = secret();
    const verdict = key === null ? 'unverified' : signatureValid(key, req.headers['x-vantage-signature'], body) ? 'signed by Vantage' : 'REFUSED (bad signature)';
    console.log(`${verdict}: ${req.method} ${req.url} ${req.headers['x-vantage-event'] ?? ''} ${body}`);
    res.writeHead(verdict.startsWith('REFUSED') ? 401 : 204).end();
  });
});
server.listen(port, () => {
  console.log(`listening on https://localhost:${port}/ — start Vantage with VANTAGE_EXTRA_CA_FILE=${join(dir, 'ca.pem')}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
