import { ApiException, V1MicroTime, type CoordinationV1Api, type V1Lease } from '@kubernetes/client-node';
import type { Logger } from '../../src/log.js';
import { gauge } from '../../src/metrics/registry.js';
import { withTimeout } from '../../src/ops/with-timeout.js';
import { decideLease, leaseTiming, observeLease, type LeaseObservation, type LeaseRecord } from './lease-decision.js';

const leaderGauge = () => gauge('vantage_operator_leader', '1 while this operator replica holds the leadership Lease and acts, else 0');

export interface LeaseElectorOptions {
  api: CoordinationV1Api;
  namespace: string;
  name: string;
  identity: string;
  durationSeconds: number;
  logger: Logger;
  /** Called when this replica starts acting (with a signal that aborts when it must stop) and when it stops. */
  onLeading: (term: AbortSignal) => void;
}

const record = (lease: V1Lease): LeaseRecord => ({
  holder: lease.spec?.holderIdentity || null,
  renewTime: lease.spec?.renewTime ? new Date(lease.spec.renewTime).toISOString() : null,
  resourceVersion: lease.metadata?.resourceVersion ?? '',
  durationSeconds: lease.spec?.leaseDurationSeconds ?? 15,
});

/** This process's monotonic clock: wall-clock steps and skew between replicas never move it. */
const monotonicMs = () => performance.now();

const isNotFound = (error: unknown) => error instanceof ApiException && error.code === 404;

/**
 * Leader election on a coordination.k8s.io/v1 Lease. Every replica keeps contending for as long
 * as it runs, and judges the holder gone only by its own monotonic clock (lease-decision.ts). The holder renews with the Lease's resourceVersion, so two replicas can never both
 * win a round; a holder that fails one renewal, or goes a renew deadline without one, stops acting
 * at once (its term's signal aborts) and contends again like everyone else.
 */
export class LeaseElector {
  private timer: NodeJS.Timeout | undefined;
  private term: AbortController | undefined;
  private lastRenewedAt = 0;
  private observation: LeaseObservation | undefined;
  private stopped = false;
  private readonly timing;

  constructor(private readonly options: LeaseElectorOptions) {
    this.timing = leaseTiming(options.durationSeconds);
    leaderGauge().set(0);
  }

  isLeader(): boolean {
    return this.term !== undefined;
  }

  start(): void {
    void this.round();
  }

  /** Stops contending and, when leading, frees the Lease so that another replica takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.term) {
      this.stepDown('stopping');
      await this.release().catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not free the leadership Lease; it expires by itself'));
    }
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    try {
      const won = await withTimeout(this.contend(), this.timing.renewDeadlineMs, 'leadership Lease round');
      if (won) {
        this.lastRenewedAt = monotonicMs();
        if (!this.term) this.stepUp();
      } else if (this.term) this.stepDown('another replica holds the Lease');
    } catch (error) {
      if (this.term) {
        this.options.logger.warn({ err: error }, 'leadership Lease renewal failed');
        this.stepDown('renewal failed');
      } else this.options.logger.debug({ err: error }, 'could not read or take the leadership Lease');
    }
    if (this.term && monotonicMs() - this.lastRenewedAt > this.timing.renewDeadlineMs) this.stepDown('no renewal within the deadline');
    if (!this.stopped) this.timer = setTimeout(() => void this.round(), this.timing.retryMs);
  }

  /** One round against the Lease: true when this replica holds it afterwards. */
  private async contend(): Promise<boolean> {
    const { api, namespace, name, identity, durationSeconds } = this.options;
    const now = new V1MicroTime();
    let lease: V1Lease | null = null;
    try {
      lease = await api.readNamespacedLease({ name, namespace });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    const current = lease ? record(lease) : null;
    const seenAt = monotonicMs();
    this.observation = observeLease(this.observation, current, seenAt);
    const decision = decideLease(current, identity, this.observation, seenAt);
    if (decision.action === 'wait') return false;
    const spec = { holderIdentity: identity, leaseDurationSeconds: durationSeconds, renewTime: now };
    if (decision.action === 'create') {
      try {
        await api.createNamespacedLease({
          namespace,
          body: { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace }, spec: { ...spec, acquireTime: now, leaseTransitions: 0 } },
        });
        return true;
      } catch (error) {
        if (error instanceof ApiException && error.code === 409) return false;
        throw error;
      }
    }
    const taking = decision.action === 'take-over';
    const body: V1Lease = {
      ...lease!,
      spec: {
        ...lease!.spec,
        ...spec,
        ...(taking ? { acquireTime: now, leaseTransitions: (lease!.spec?.leaseTransitions ?? 0) + 1 } : {}),
      },
    };
    try {
      await api.replaceNamespacedLease({ name, namespace, body });
      return true;
    } catch (error) {
      // Someone else wrote the Lease since it was read: this round is lost, the next one reads again.
      if (error instanceof ApiException && error.code === 409) return false;
      throw error;
    }
  }

  private async release(): Promise<void> {
    const { api, namespace, name, identity } = this.options;
    const lease = await api.readNamespacedLease({ name, namespace });
    if (lease.spec?.holderIdentity !== identity) return;
    await api.replaceNamespacedLease({ name, namespace, body: { ...lease, spec: { ...lease.spec, holderIdentity: '', renewTime: undefined } } });
  }

  private stepUp(): void {
    this.term = new AbortController();
    leaderGauge().set(1);
    this.options.logger.info({ identity: this.options.identity }, 'became the leader: acting');
    this.options.onLeading(this.term.signal);
  }

  private stepDown(reason: string): void {
    if (!this.term) return;
    this.term.abort();
    this.term = undefined;
    leaderGauge().set(0);
    this.options.logger.warn({ reason }, 'stopped leading: no longer acting, still contending');
  }
}
