import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes a kubeconfig for the test server (context "test", namespace default, any token); returns its path. */
export function writeKubeconfig(url: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'vantage-kube-')), 'kubeconfig');
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    // client-node refuses a plain-HTTP server unless TLS verification is off; nothing here is TLS.
    clusters: [{ name: 'test', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
    users: [{ name: 'test', user: { token: 'test-token' } }],
    contexts: [{ name: 'test', context: { cluster: 'test', user: 'test', namespace: 'default' } }],
    'current-context': 'test',
  };
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}
