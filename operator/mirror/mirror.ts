import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Bus } from '../../src/bus/bus.js';
import type { ChangeNotice } from '../../src/bus/messages.js';
import type { Logger } from '../../src/log.js';
import type { Store } from '../../src/store/orm.js';
import { resourceRef } from './custom-resource.js';
import { resourcesNaming } from './naming-resources.js';
import type { EventRecorder } from './event-recorder.js';
import { KindReconciler } from './kind-reconciler.js';
import type { MirroredRow } from './kinds/mirrored-kind.js';
import type { AnyKind, MirrorCaches } from './mirror-caches.js';
import { rowKey } from './reconcile-key.js';
import type { ResourceWriter } from './resource-writer.js';
import { RowWriter } from './row-writer.js';
import { SnapshotReader } from './snapshot-reader.js';
import { StatusWriter } from './status-writer.js';

export interface MirrorOptions {
  store: Store;
  bus: Bus;
  writer: ResourceWriter;
  events: EventRecorder;
  logger: Logger;
  kinds: readonly AnyKind[];
  caches: MirrorCaches;
  locations: readonly string[];
  allowPrivateTargets: boolean;
  statusMinIntervalMs: number;
  now: () => Date;
}

/**
 * The custom resources and the rows, mirrored both ways (DESIGN.md, Kubernetes): one
 * `KindReconciler` per kind of the registry, and the sources that put keys in their queues
 * (watch events, the resources that name a changed one, the API's change notices, the resync).
 */
export class Mirror {
  private readonly reconcilers: Map<AnyKind, KindReconciler>;
  /** Workspaces already reported as holding API-made rows but no namespace. */
  private readonly unplacedLogged = new Set<number>();
  /** The current leadership term while this replica leads: only a leader reads the database for keys. */
  private term: AbortSignal | undefined;

  constructor(private readonly options: MirrorOptions) {
    const { store, bus, writer, events, logger, caches, now } = options;
    const reader = new SnapshotReader({ store, caches, locations: options.locations, allowPrivateTargets: options.allowPrivateTargets, now });
    const rows = new RowWriter({ bus, logger, now });
    this.reconcilers = new Map(
      options.kinds.map((kind) => [
        kind,
        new KindReconciler({
          kind,
          caches,
          reader,
          resources: writer,
          rows,
          statuses: new StatusWriter({ kind, writer, events, logger, minIntervalMs: options.statusMinIntervalMs, now }),
          logger,
        }),
      ]),
    );
  }

  /** Works every kind's queue while the signal lives. */
  async run(signal: AbortSignal): Promise<void> {
    this.term = signal;
    await Promise.all([...this.reconcilers.values()].map((reconciler) => reconciler.run(signal)));
  }

  /** A resource of `kind` changed at `key`: it, and every resource whose spec names it. */
  resourceChanged(kind: AnyKind, key: string): void {
    this.reconcilerOf(kind).enqueue(key);
    const slash = key.indexOf('/');
    const [namespace, name] = [key.slice(0, slash), key.slice(slash + 1)];
    const inNamespace = (other: AnyKind) => this.options.caches.resourcesOf(other).list(namespace);
    for (const naming of resourcesNaming(this.options.kinds, kind, name, inNamespace)) this.reconcilerOf(naming.kind).enqueue(naming.key);
  }

  /** A namespace changed (its workspace label, say): its resources, and the API-made rows it may now be home to. */
  namespaceChanged(namespace: string): void {
    for (const [kind, reconciler] of this.reconcilers) {
      for (const resource of this.options.caches.resourcesOf(kind).list(namespace)) reconciler.enqueue(resourceRef(resource));
    }
    const workspaceId = this.options.caches.workspaceOf(namespace);
    if (workspaceId === null || !this.term || this.term.aborted) return;
    this.sweepRows({ workspace: workspaceId }).catch((error: unknown) =>
      this.options.logger.debug({ err: error, namespace }, 'could not look for the rows a namespace is home to; the next resync does'),
    );
  }

  /** A change made through the API reaches its row's key and its resource's at once instead of at the next resync. */
  async noticed(notice: ChangeNotice): Promise<void> {
    const kind = this.options.kinds.find((candidate) => candidate.notice === notice.kind);
    if (!kind) return;
    const reconciler = this.reconcilerOf(kind);
    reconciler.enqueue(rowKey(notice.id));
    for (const resource of this.options.caches.labelledWith(kind, notice.id)) reconciler.enqueue(resourceRef(resource));
    const row = await (this.options.store.em.fork() as EntityManager).findOne(kind.entity, { id: notice.id }, { fields: ['kubernetesRef'] });
    if (row?.kubernetesRef) this.resourceChanged(kind, row.kubernetesRef);
  }

  /** Everything again: every resource of every kind, and the rows whose resource is missing (deleted while the operator was away, or never made). */
  async resync(): Promise<void> {
    for (const [kind, reconciler] of this.reconcilers) {
      for (const resource of this.options.caches.resourcesOf(kind).list()) reconciler.enqueue(resourceRef(resource));
    }
    await this.sweepRows({});
  }

  /**
   * Rows (of the workspace `where` names, or all) whose custom resource does not exist get their
   * row key; an API-made row of a workspace no namespace maps to is reported once instead.
   */
  private async sweepRows(where: FilterQuery<MirroredRow>): Promise<void> {
    const { caches, store, logger } = this.options;
    // Before every cache has listed, a missing resource or namespace means nothing yet.
    if (!caches.synced()) return;
    const homes = new Map<number, string | null>();
    const homeOf = (workspaceId: number) => {
      if (!homes.has(workspaceId)) homes.set(workspaceId, caches.homeNamespace(workspaceId));
      return homes.get(workspaceId)!;
    };
    for (const [kind, reconciler] of this.reconcilers) {
      const rows = await (store.em.fork() as EntityManager).find(kind.entity, where, { fields: ['id', 'workspace', 'managedBy', 'kubernetesRef', 'kubernetesUid'] });
      for (const row of rows) {
        if (caches.holds(kind, row)) continue;
        if (row.managedBy === 'kubernetes' || homeOf(row.workspace.id) !== null) {
          reconciler.enqueue(rowKey(row.id));
        } else if (!this.unplacedLogged.has(row.workspace.id)) {
          this.unplacedLogged.add(row.workspace.id);
          logger.warn(
            { workspaceId: row.workspace.id },
            `workspace ${row.workspace.id} has rows made through the API but no namespace labelled vantage.dev/workspace-id=${row.workspace.id}: they get no custom resources`,
          );
        }
      }
    }
  }

  private reconcilerOf(kind: AnyKind): KindReconciler {
    const reconciler = this.reconcilers.get(kind);
    if (!reconciler) throw new Error(`${kind.kind} is not in the kinds registry`);
    return reconciler;
  }
}
