import { makeInformer, type Informer, type KubeConfig, type KubernetesListObject, type KubernetesObject } from '@kubernetes/client-node';
import type { Logger } from '../../src/log.js';
import { counter } from '../../src/metrics/registry.js';
import { jitteredBackoffMs } from '../../src/domain/backoff.js';
import { withTimeout } from '../../src/ops/with-timeout.js';

/** A list that takes longer is retried: a silent server must not leave a relist pending for good. */
const LIST_TIMEOUT_MS = 60_000;

const restarts = () => counter('vantage_operator_informer_restarts_total', 'informers restarted after an error', ['resource']);

export interface SupervisedInformerOptions<T extends KubernetesObject> {
  kubeConfig: KubeConfig;
  /** Name for logs and metrics, e.g. `uptimechecks`. */
  resource: string;
  path: string;
  list: () => Promise<KubernetesListObject<T>>;
  labelSelector?: string;
  /** A full relist at this interval heals whatever events a watch may have missed. */
  relistMs: number;
  logger: Logger;
  /** Told about every object that was added, changed or removed (by key `namespace/name`). */
  onChange: (key: string) => void;
}

export const objectKey = (object: KubernetesObject): string => `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;

/**
 * A list+watch cache that never stays down: client-node's informer stops on an error, so a
 * broken watch relists after a jittered backoff; a 410 Gone relists inside the informer; and a
 * periodic relist swaps in a fresh cache too, so a missed event is healed within one relist
 * interval.
 */
export class SupervisedInformer<T extends KubernetesObject> {
  private informer: Informer<T> & { list(namespace?: string): T[]; get(name: string, namespace?: string): T | undefined };
  /** A relisting informer that has not listed yet. */
  private pending: SupervisedInformer<T>['informer'] | undefined;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private relistTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private syncedOnce = false;

  constructor(private readonly options: SupervisedInformerOptions<T>) {
    this.informer = this.create(() => {
      this.syncedOnce = true;
    });
  }

  /** True once the first list has filled the cache: before that, absence from it means nothing. */
  get synced(): boolean {
    return this.syncedOnce;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.scheduleRelist();
    await this.informer.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.relistTimer);
    await this.pending?.stop();
    await this.informer.stop();
  }

  get(namespace: string, name: string): T | undefined {
    return this.informer.get(name, namespace || undefined);
  }

  list(namespace?: string): T[] {
    return this.informer.list(namespace);
  }

  /** Resolves when the first list has filled the cache. */
  async waitForSync(signal?: AbortSignal): Promise<void> {
    while (!this.syncedOnce && !signal?.aborted) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  private create(onListed: () => void): Informer<T> & { list(namespace?: string): T[]; get(name: string, namespace?: string): T | undefined } {
    const { kubeConfig, path, list, labelSelector, onChange, logger, resource } = this.options;
    const listed = async () => {
      const result = await withTimeout(list(), LIST_TIMEOUT_MS, `list of ${resource}`);
      this.failures = 0;
      setImmediate(onListed);
      return result;
    };
    const informer = makeInformer<T>(kubeConfig, path, listed, labelSelector) as Informer<T> & {
      list(namespace?: string): T[];
      get(name: string, namespace?: string): T | undefined;
    };
    for (const verb of ['add', 'update', 'delete'] as const) informer.on(verb, (object: T) => onChange(objectKey(object)));
    informer.on('error', (error: unknown) => {
      if (this.stopped || (this.informer !== informer && this.pending !== informer)) return;
      this.failures++;
      const delay = jitteredBackoffMs(this.failures, 500, 30_000);
      logger.warn({ err: error, resource, retryInMs: delay }, 'watch failed; relisting');
      restarts().inc({ resource });
      clearTimeout(this.restartTimer);
      this.restartTimer = setTimeout(() => {
        if (this.stopped) return;
        // A relist already under way tries its list again; a broken watch starts one, since events may be lost.
        if (this.pending === informer) void informer.start();
        else if (this.informer === informer) void this.relist();
      }, delay);
    });
    return informer;
  }

  private scheduleRelist(): void {
    clearTimeout(this.relistTimer);
    this.relistTimer = setTimeout(() => void this.relist(), this.options.relistMs);
  }

  /**
   * Lists anew into a fresh cache. The fresh informer serves reads only once it has listed, so
   * the cache never looks empty meanwhile; keys that vanished in between are reported.
   */
  private async relist(): Promise<void> {
    if (this.stopped || this.pending) return;
    const previous = this.informer;
    let swapped = false;
    const fresh = this.create(() => {
      if (this.stopped || swapped) return;
      swapped = true;
      this.syncedOnce = true;
      const after = new Set(fresh.list().map(objectKey));
      this.informer = fresh;
      this.pending = undefined;
      void previous.stop();
      for (const object of previous.list()) if (!after.has(objectKey(object))) this.options.onChange(objectKey(object));
      this.scheduleRelist();
    });
    this.pending = fresh;
    await fresh.start();
  }
}
