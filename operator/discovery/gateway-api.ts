import { ApisApi, type KubeConfig } from '@kubernetes/client-node';
import type { Logger } from '../../src/log.js';
import { GATEWAY_GROUP } from './http-route.js';

/**
 * Watches whether the cluster serves the Gateway API (gateway.networking.k8s.io/v1): asked at
 * start and every `recheckMs`, so routes are discovered once the CRDs are installed. Absence is
 * one log line, not an error: clusters without the Gateway API are normal.
 */
export class GatewayApiPresence {
  private timer: NodeJS.Timeout | undefined;
  private present: boolean | undefined;
  private stopped = false;

  constructor(
    private readonly kubeConfig: KubeConfig,
    private readonly recheckMs: number,
    private readonly logger: Logger,
    private readonly onChange: (present: boolean) => Promise<void>,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.check();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async check(): Promise<void> {
    try {
      const groups = await this.kubeConfig.makeApiClient(ApisApi).getAPIVersions();
      const served = groups.groups.some((group) => group.name === GATEWAY_GROUP && group.versions.some((version) => version.version === 'v1'));
      if (served !== this.present) {
        this.present = served;
        if (served) this.logger.info('Gateway API (gateway.networking.k8s.io/v1) found: discovering HTTPRoutes');
        else this.logger.info('Gateway API (gateway.networking.k8s.io/v1) not served by this cluster: HTTPRoute discovery is off until its CRDs are installed');
        await this.onChange(served);
      }
    } catch (error) {
      this.logger.debug({ err: error }, 'could not ask which API groups the cluster serves; asking again later');
    } finally {
      if (!this.stopped) this.timer = setTimeout(() => void this.check(), this.recheckMs);
    }
  }
}
