import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpYaml, KubeConfig } from '@kubernetes/client-node';
import { loadCrds } from '../../../src/manifests/admission/index.js';
import { startKubeTestServer, type KubeTestServer } from '../../support/kube/index.js';
import { kubectl, type KubectlResult } from '../../support/kubectl.js';

export interface KubeFixture {
  kube: KubeTestServer;
  kubeConfig: KubeConfig;
  /** Runs kubectl against the server; `input` goes to its stdin (for `-f -`). */
  k(args: string[], input?: string): Promise<KubectlResult>;
  close(): Promise<void>;
}

/**
 * A test server over the repository's CRDs, each placed in the `vantage` category (as the repo's CRDs
 * are; the server's category support is what is tested), plus a kubeconfig.
 */
export async function startKubeFixture(): Promise<KubeFixture> {
  const directory = mkdtempSync(join(tmpdir(), 'vantage-crds-'));
  for (const crd of loadCrds()) {
    const names = crd.spec.names;
    names.categories = [...new Set([...(names.categories ?? []), 'vantage'])];
    writeFileSync(join(directory, `${names.plural}.yaml`), dumpYaml(crd));
  }
  const kube = await startKubeTestServer({ crdDirectory: directory });
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  return {
    kube,
    kubeConfig,
    k: (args, input) => kubectl(kube.kubeconfigPath, args, input),
    close: async () => {
      await kube.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A namespace manifest with the workspace label the operator reads. */
export const namespaceYaml = (name: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n  labels:\n    vantage.dev/workspace-id: "1"\n`;

/** A valid UptimeCheck manifest (crds/uptimechecks.yaml), with `extra` lines appended to its spec. */
export const uptimeCheckYaml = (namespace: string, name: string, hostname = 'shop.example.com', extra = '') => `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: ${name}
  namespace: ${namespace}
  labels:
    app: shop
spec:
  name: Shop
  checkType: http
  hostname: ${hostname}
  protocol: https
  path: /
  checkFrequency: 1
  triggerLocations: [eu-west, us-east]
  minFailingLocations: 2
${extra}`;
