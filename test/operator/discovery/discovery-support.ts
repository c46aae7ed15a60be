import { Writable } from 'node:stream';
import { KubeConfig } from '@kubernetes/client-node';
import { startOperator, type RunningOperator } from '../../../operator/vantage-operator.js';
import { loadSettings } from '../../../src/config/load-settings.js';
import { createLogger } from '../../../src/log.js';
import type { ApiHarness } from '../../api/helpers/api-harness.js';
import type { KubeTestServer } from '../../support/kube/index.js';
import { kubectl } from '../../support/kubectl.js';

export const LOCATIONS = 'eu-west,us-east,ap-south';

/** kubectl against the test server; `input` goes to its stdin (for `apply -f -`). */
export const kubectlOf = (kube: KubeTestServer) => ({
  run: (...args: string[]) => kubectl(kube.kubeconfigPath, args),
  apply: (manifest: string, ...args: string[]) => kubectl(kube.kubeconfigPath, ['apply', '-f', '-', ...args], manifest),
});

/** Every log line the operator wrote, as parsed JSON. */
export class LogLines extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }

  matching(pattern: RegExp): Array<Record<string, unknown>> {
    return this.lines.filter((line) => pattern.test(String(line.msg)));
  }
}

/** An operator against the test server, resyncing every second, that asks for the Gateway API every second. */
export async function startDiscoveringOperator(api: ApiHarness, kube: KubeTestServer, identity: string, logs: LogLines): Promise<RunningOperator> {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  return startOperator({
    kubeConfig,
    store: api.store,
    bus: api.bus,
    settings: loadSettings({
      VANTAGE_LOCATIONS: LOCATIONS,
      VANTAGE_OPERATOR_NAMESPACE: 'vantage-system',
      VANTAGE_OPERATOR_RESYNC_SECONDS: '1',
      VANTAGE_OPERATOR_LEASE_SECONDS: '3',
      VANTAGE_OPERATOR_STATUS_SECONDS: '1',
      VANTAGE_ALLOW_PRIVATE_TARGETS: '1',
    }),
    logger: createLogger(process.env.VANTAGE_TEST_LOG_LEVEL === 'debug' ? 'debug' : 'info', logs),
    namespace: 'vantage-system',
    identity,
    gatewayApiRecheckMs: 1000,
  });
}
