import type { CoreV1Api } from '@kubernetes/client-node';
import type { Logger } from '../../src/log.js';
import { SOURCE_KINDS, type SourceRef } from './source.js';

/**
 * Events on the sources of discovered checks (an Ingress, an HTTPRoute, a Service), where the
 * people who annotated them look. A condition is told once when it starts or its message
 * changes, not on every reconcile; once it ends, a return is told again.
 */
export class SourceEvents {
  /** The message last told, by source uid and reason. */
  private readonly told = new Map<string, string>();

  constructor(
    private readonly core: CoreV1Api,
    private readonly component: string,
    private readonly logger: Logger,
  ) {}

  /** Tells `message` unless it was the last thing told for that reason; `null` ends the condition. */
  async state(source: SourceRef, type: 'Normal' | 'Warning', reason: string, message: string | null): Promise<void> {
    const key = `${source.uid}/${reason}`;
    if (message === null) return void this.told.delete(key);
    if (this.told.get(key) === message) return;
    await this.tell(source, type, reason, message);
    this.told.set(key, message);
  }

  /** Tells a one-off happening (a check went down, or recovered). */
  async tell(source: SourceRef, type: 'Normal' | 'Warning', reason: string, message: string): Promise<void> {
    const now = new Date();
    try {
      await this.core.createNamespacedEvent({
        namespace: source.namespace,
        body: {
          metadata: { generateName: `${source.name}.`, namespace: source.namespace },
          involvedObject: { apiVersion: SOURCE_KINDS[source.kind].apiVersion, kind: source.kind, namespace: source.namespace, name: source.name, uid: source.uid },
          type,
          reason,
          message: message.slice(0, 1024),
          source: { component: this.component },
          reportingComponent: this.component,
          firstTimestamp: now,
          lastTimestamp: now,
          count: 1,
        },
      });
    } catch (error) {
      this.logger.warn({ err: error, source, reason }, 'could not record a Kubernetes Event');
    }
  }

  /** Forgets every source but these (the ones that still exist), so the memory stays as large as the cluster. */
  retain(uids: ReadonlySet<string>): void {
    for (const key of this.told.keys()) if (!uids.has(key.slice(0, key.indexOf('/')))) this.told.delete(key);
  }
}
