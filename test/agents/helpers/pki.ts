import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyPair {
  key: string;
  cert: string;
}

export interface TestPki {
  caPem: string;
  /** localhost, 127.0.0.1 and the extra names asked for, valid now. */
  valid: KeyPair;
  /** localhost and 127.0.0.1, not after yesterday. */
  expired: KeyPair;
  /** Only other.example: wrong for localhost. */
  wrongHost: KeyPair;
  /** Not issued by the CA at all. */
  selfSigned: KeyPair;
}

/** A throw-away CA and leaf certificates made with the openssl CLI (P-256: fast handshakes). */
export function createTestPki(extraNames: readonly string[] = []): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'vantage-pki-'));
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  };
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  try {
    openssl('req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Vantage Test CA/O=Vantage', '-days', '2');
    const leaf = (name: string, altNames: string, days: string): KeyPair => {
      openssl('req', ...ecKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
      writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${altNames}\n`);
      openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', days, '-extfile', `${name}.ext`);
      return { key: readFileSync(join(dir, `${name}.key`), 'utf8'), cert: readFileSync(join(dir, `${name}.pem`), 'utf8') };
    };
    const valid = leaf('localhost', ['DNS:localhost', 'IP:127.0.0.1', ...extraNames.map((name) => `DNS:${name}`)].join(','), '2');
    // A negative validity puts notAfter before now: the quickest expired certificate openssl 3.0 makes.
    const expired = leaf('expired', 'DNS:localhost,IP:127.0.0.1', '-1');
    const wrongHost = leaf('other', 'DNS:other.example', '2');
    openssl('req', '-x509', ...ecKey, '-keyout', 'self.key', '-out', 'self.pem', '-subj', '/CN=localhost', '-days', '2', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1');
    const selfSigned = { key: readFileSync(join(dir, 'self.key'), 'utf8'), cert: readFileSync(join(dir, 'self.pem'), 'utf8') };
    return { caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'), valid, expired, wrongHost, selfSigned };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
