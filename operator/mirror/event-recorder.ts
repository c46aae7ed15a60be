import { ApiException, PatchStrategy, setHeaderOptions, type CoreV1Api } from '@kubernetes/client-node';
import { GROUP, VERSION } from '../resources/common.js';
import type { CustomResource } from './custom-resource.js';
import { decideEvent, type SeenEvent } from './event-decision.js';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const WINDOW_MS = 10 * 60_000;

/** Kubernetes Events on the custom resources, for `kubectl describe` and `kubectl get events`; repeats raise a count. */
export class EventRecorder {
  /** By object, type, reason and message; oldest first, so expired entries are dropped from the front. */
  private readonly seen = new Map<string, SeenEvent>();

  constructor(
    private readonly core: CoreV1Api,
    private readonly component: string,
    private readonly now: () => number = Date.now,
  ) {}

  async record(kind: string, resource: CustomResource, type: 'Normal' | 'Warning', reason: string, message: string): Promise<void> {
    const nowMs = this.now();
    this.forgetExpired(nowMs);
    const key = JSON.stringify([resource.metadata!.uid, type, reason, message]);
    const namespace = resource.metadata!.namespace!;
    const decision = decideEvent(this.seen.get(key), nowMs, WINDOW_MS);
    this.seen.delete(key);
    if (decision.action === 'count') {
      try {
        await this.core.patchNamespacedEvent({ name: decision.name, namespace, body: { count: decision.count, lastTimestamp: new Date(nowMs) } }, mergePatch);
        this.seen.set(key, { name: decision.name, count: decision.count, lastMs: nowMs });
        return;
      } catch (error) {
        // The Event expired on the server (its TTL is shorter than ours): start a new one.
        if (!(error instanceof ApiException && error.code === 404)) throw error;
      }
    }
    const created = await this.core.createNamespacedEvent({
      namespace,
      body: {
        metadata: { generateName: `${resource.metadata!.name}.`, namespace },
        involvedObject: {
          apiVersion: `${GROUP}/${VERSION}`,
          kind,
          namespace,
          name: resource.metadata!.name!,
          uid: resource.metadata!.uid!,
          resourceVersion: resource.metadata!.resourceVersion!,
        },
        type,
        reason,
        message: message.slice(0, 1024),
        source: { component: this.component },
        reportingComponent: this.component,
        firstTimestamp: new Date(nowMs),
        lastTimestamp: new Date(nowMs),
        count: 1,
      },
    });
    this.seen.set(key, { name: created.metadata!.name!, count: 1, lastMs: nowMs });
  }

  private forgetExpired(nowMs: number): void {
    for (const [key, seen] of this.seen) {
      if (nowMs - seen.lastMs <= WINDOW_MS) return;
      this.seen.delete(key);
    }
  }
}
