import type { Logger } from '../../src/log.js';
import { WorkQueue } from '../work-queue.js';
import { ORIGIN_LABEL, resourceRef, type CustomResource } from './custom-resource.js';
import type { AnyKind, MirrorCaches } from './mirror-caches.js';
import { parseKey, resourceKey } from './reconcile-key.js';
import { planResource, type ResourceAction } from './resource-plan.js';
import { ROW_ID_LABEL } from './resource-name.js';
import type { ResourceWriter } from './resource-writer.js';
import { planRow, type RowAction } from './row-plan.js';
import type { RowWriter } from './row-writer.js';
import type { ReadScope, SnapshotReader } from './snapshot-reader.js';
import type { StatusWriter } from './status-writer.js';

/** Before every cache has listed, a key waits this long: absence from a cache would mean nothing yet. */
const UNSYNCED_RETRY_MS = 1_000;

export interface KindReconcilerOptions {
  kind: AnyKind;
  caches: MirrorCaches;
  reader: SnapshotReader;
  resources: ResourceWriter;
  rows: RowWriter;
  statuses: StatusWriter;
  logger: Logger;
}

/** The resource as the actions so far left it (a finalizer write changes its version), and the earliest time to come back. */
interface Progress {
  resource: CustomResource | null;
  againAtMs: number | undefined;
}

const earliest = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/**
 * The reconciler of one kind, in the controller-runtime shape: its own work queue of keys, a
 * custom resource's `namespace/name` or an API-made row's `row:<id>`; each key's snapshot read,
 * its plan made (pure), the plan applied. What differs between kinds is the kind's
 * (operator/mirror/kinds/<kind>/); nothing here names one.
 */
export class KindReconciler {
  private readonly queue: WorkQueue;

  constructor(private readonly options: KindReconcilerOptions) {
    this.queue = new WorkQueue((key) => this.reconcile(key), options.logger.child({ component: 'queue', kind: options.kind.kind }));
  }

  get kind(): AnyKind {
    return this.options.kind;
  }

  enqueue(key: string, atMs?: number): void {
    this.queue.add(key, atMs);
  }

  /** Works the queue while the signal lives (while this replica leads). */
  run(signal: AbortSignal): Promise<void> {
    return this.queue.run(signal);
  }

  /** Converges one key; returns when to run it again (a held-back status write, a spec waiting for a resource it names), if ever. */
  async reconcile(key: string): Promise<number | undefined> {
    if (!this.options.caches.synced()) return Date.now() + UNSYNCED_RETRY_MS;
    const parsed = parseKey(key);
    if ('rowId' in parsed) return this.reconcileRow(parsed.rowId);
    const { snapshot, scope } = await this.options.reader.readResource(this.kind, parsed.namespace, parsed.name);
    const progress: Progress = { resource: snapshot.resource, againAtMs: undefined };
    for (const action of planResource(this.kind, snapshot)) await this.applyToResource(key, action, scope, progress);
    return progress.againAtMs;
  }

  private async reconcileRow(id: number): Promise<number | undefined> {
    const { snapshot, scope } = await this.options.reader.readRow(this.kind, id);
    let againAtMs: number | undefined;
    for (const action of planRow(this.kind, snapshot)) againAtMs = earliest(againAtMs, await this.applyToRow(action, scope));
    return againAtMs;
  }

  /** Carries out one planned action on a resource key. */
  private async applyToResource(key: string, action: ResourceAction, scope: ReadScope, progress: Progress): Promise<void> {
    const { kind, logger, resources, rows, statuses } = this.options;
    switch (action.do) {
      case 'forgetResource':
        statuses.forget(key);
        return;
      case 'deleteRow':
        await rows.remove(scope.em, kind, action.row, action.row.kubernetesRef ?? key);
        logger.info(
          { kind: kind.kind, ref: action.row.kubernetesRef ?? key, id: action.row.id },
          action.why === 'resourceDeleted' ? 'custom resource deleted: row deleted' : 'custom resource gone while the operator was away: row deleted',
        );
        return;
      case 'requeueAfter':
        progress.againAtMs = earliest(progress.againAtMs, scope.at.getTime() + action.ms);
        return;
    }
    const resource = progress.resource!;
    const ref = resourceRef(resource);
    switch (action.do) {
      case 'removeFinalizer':
        progress.resource = await resources.removeFinalizer(kind.plural, resource);
        return;
      case 'addFinalizer':
        progress.resource = await resources.addFinalizer(kind.plural, resource);
        return;
      case 'deleteResource':
        logger.info({ kind: kind.kind, ref }, 'row deleted through the API: deleting its custom resource');
        await resources.delete(kind.plural, resource);
        return;
      case 'adoptRow':
        action.row.kubernetesUid = resource.metadata!.uid!;
        action.row.kubernetesRef = ref;
        await scope.em.flush();
        return;
      case 'restoreSpec':
        logger.info({ kind: kind.kind, ref, id: action.row.id }, 'custom resource of an API-made row was edited: putting it back');
        await resources.replaceSpec(kind.plural, resource, action.spec);
        await statuses.record(resource, 'Normal', 'SpecRestored', `row ${action.row.id} is managed through the API; change it there`);
        return;
      case 'writeStatus':
        progress.againAtMs = earliest(progress.againAtMs, await statuses.write(resource, action.row, action.row ? scope.statusOf(action.row) : null, action.problem));
        return;
      case 'saveRow': {
        const saved = await rows.save(scope.em, kind, scope.view!, action.existing, action.input, { ref, uid: resource.metadata!.uid! });
        if ('refused' in saved) {
          progress.againAtMs = earliest(progress.againAtMs, await statuses.write(resource, null, null, saved.refused));
          return;
        }
        logger.info({ kind: kind.kind, ref, id: saved.row.id, action: action.existing ? 'updated' : 'created' }, 'custom resource applied to its row');
        progress.againAtMs = earliest(progress.againAtMs, await statuses.write(resource, saved.row, scope.statusOf(saved.row), null));
        return;
      }
    }
  }

  /** Carries out one planned action on a row key; returns when to come back, if ever. */
  private async applyToRow(action: RowAction, scope: ReadScope): Promise<number | undefined> {
    const { kind, logger, resources, rows } = this.options;
    switch (action.do) {
      case 'deleteRow':
        await rows.remove(scope.em, kind, action.row, action.row.kubernetesRef ?? '');
        logger.info({ kind: kind.kind, ref: action.row.kubernetesRef, id: action.row.id }, 'custom resource gone while the operator was away: row deleted');
        return undefined;
      case 'requeueAfter':
        return scope.at.getTime() + action.ms;
      case 'createResource': {
        const labels = { [ORIGIN_LABEL]: 'api', [ROW_ID_LABEL]: String(action.row.id) };
        const created = await resources.apply(kind.kind, kind.plural, action.namespace, action.name, labels, action.spec);
        action.row.kubernetesUid = created.metadata!.uid!;
        action.row.kubernetesRef = resourceKey(action.namespace, action.name);
        await scope.em.flush();
        logger.info({ kind: kind.kind, ref: action.row.kubernetesRef, id: action.row.id }, 'API-made row mirrored as a custom resource');
        return undefined;
      }
    }
  }
}
