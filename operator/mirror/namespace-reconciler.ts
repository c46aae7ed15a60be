import type { EntityManager } from '@mikro-orm/postgresql';
import type { V1Namespace } from '@kubernetes/client-node';
import type { Bus } from '../../src/bus/bus.js';
import type { Logger } from '../../src/log.js';
import { commitChanges, type ChangeOutlets } from '../../src/services/change-log.js';
import { RuleRefusal } from '../../src/services/refusal.js';
import { Incident } from '../../src/store/entities/incident.js';
import { Workspace } from '../../src/store/entities/workspace.js';
import type { Store } from '../../src/store/orm.js';
import type { SupervisedInformer } from '../kube/supervised-informer.js';
import { setCondition, type Condition, type ConditionUpdate } from './conditions.js';
import { isApiOrigin, ORIGIN_LABEL, resourceRef, workspaceIdOf, type CustomResource } from './custom-resource.js';
import { deleting, hasFinalizer, planResource, problemsMessage, type NotSynced, type ResourceAction } from './resource-plan.js';
import type { MirrorContext, MirroredKind, MirroredRow, WorkspaceView } from './kinds/mirrored-kind.js';
import { resourceNameForRow, ROW_ID_LABEL } from './resource-name.js';
import type { EventRecorder } from './event-recorder.js';
import type { ResourceWriter } from './resource-writer.js';
import { decideStatusWrite } from './status-decision.js';
import { loadWorkspaceView } from './workspace-view.js';

type AnyKind = MirroredKind<MirroredRow>;

export interface NamespaceReconcilerOptions {
  store: Store;
  bus: Bus;
  writer: ResourceWriter;
  events: EventRecorder;
  logger: Logger;
  /** In order: checks before the windows that refer to them. */
  kinds: readonly AnyKind[];
  namespaces: SupervisedInformer<V1Namespace>;
  resources: ReadonlyMap<AnyKind, SupervisedInformer<CustomResource>>;
  locations: readonly string[];
  allowPrivateTargets: boolean;
  statusMinIntervalMs: number;
  /** Brings a held-back status write of one resource back at `atMs`. */
  holdStatus: (kind: AnyKind, resource: CustomResource, atMs: number) => void;
  now: () => Date;
}


/**
 * Converges one namespace: every Vantage custom resource in it against the rows of the workspace
 * its label names, both ways (DESIGN.md, Kubernetes). It reads the world each time (the informer
 * caches and the database) and acts on the difference, so running it twice changes nothing and
 * a missed event is healed by the next run. Returns when it wants to run again (a status write it
 * held back), if ever.
 */
export class NamespaceReconciler {
  /** When each resource's status was last written, by uid: bounds status writes per resource. */
  private readonly lastStatusWrite = new Map<string, number>();

  constructor(readonly options: NamespaceReconcilerOptions) {}

  /** Every uid of a Vantage custom resource in the cluster; null until every cache has listed once. */
  liveUids(): Set<string> | null {
    const uids = new Set<string>();
    for (const informer of this.options.resources.values()) {
      if (!informer.synced) return null;
      for (const resource of informer.list()) if (resource.metadata?.uid) uids.add(resource.metadata.uid);
    }
    return uids;
  }

  /** The namespace API-made rows of a workspace get their custom resources in: the oldest one labelled with it. */
  homeNamespace(workspaceId: number): string | null {
    const labelled = this.options.namespaces
      .list()
      .filter((ns) => workspaceIdOf(ns.metadata?.labels) === workspaceId && !ns.metadata?.deletionTimestamp)
      .sort((a, b) => String(a.metadata?.creationTimestamp ?? '').localeCompare(String(b.metadata?.creationTimestamp ?? '')) || a.metadata!.name!.localeCompare(b.metadata!.name!));
    return labelled[0]?.metadata?.name ?? null;
  }

  /** Forgets the status-write times of resources that no longer exist, so the map stays as large as the cluster. */
  pruneStatusWrites(): void {
    const live = this.liveUids();
    if (live === null) return;
    for (const uid of this.lastStatusWrite.keys()) if (!live.has(uid)) this.lastStatusWrite.delete(uid);
  }

  async reconcile(namespace: string, signal: AbortSignal): Promise<void> {
    const { kinds, resources, namespaces, store, now } = this.options;
    const present = new Map(kinds.map((kind) => [kind, resources.get(kind)!.list(namespace)]));
    const workspaceId = workspaceIdOf(namespaces.get('', namespace)?.metadata?.labels);
    const em = store.em.fork() as EntityManager;
    const at = now();
    const view = workspaceId === null ? null : await loadWorkspaceView(em, workspaceId, at);
    if (!view) {
      const why = workspaceId === null
        ? { reason: 'NamespaceNotMapped', message: `namespace ${namespace} has no ${'vantage.dev/workspace-id'} label naming a workspace` }
        : { reason: 'WorkspaceNotFound', message: `namespace ${namespace} names workspace ${workspaceId}, which does not exist` };
      return this.reconcileUnmapped(em, present, why, signal);
    }
    const pass = new WorkspacePass(this, em, view, namespace, at);
    await pass.load();
    await pass.deleteOrphans();
    for (const kind of kinds) {
      for (const resource of present.get(kind)!) {
        if (signal.aborted) return;
        await pass.reconcileResource(kind, resource);
      }
    }
    if (!signal.aborted && this.homeNamespace(view.id) === namespace) await pass.mirrorApiRows();
  }

  /**
   * A status write held back for the interval, now due: only that resource's row is read and its
   * status written, without a pass over its namespace. A resource that changed meanwhile is left
   * to the namespace reconcile its change queued.
   */
  async writeHeldStatus(kind: AnyKind, namespace: string, name: string, uid: string): Promise<void> {
    const resource = this.options.resources.get(kind)!.get(namespace, name);
    if (!resource || resource.metadata?.uid !== uid || deleting(resource)) return;
    const synced = (resource.status?.conditions as Condition[] | undefined)?.find((condition) => condition.type === 'Synced');
    if (synced?.status !== 'True' || synced.observedGeneration !== resource.metadata?.generation) return;
    const em = this.options.store.em.fork() as EntityManager;
    const row = await em.findOne(kind.entity, { kubernetesUid: uid });
    if (!row) return;
    const openIncidentId = kind.openIncidentOf ? await kind.openIncidentOf(em, row.id) : null;
    await this.writeOutcome(kind, resource, row, kind.statusOf(row, this.options.now(), openIncidentId), null);
  }

  /** Custom resources in a namespace that maps to no workspace: deletions still clean up, everything else says why it waits. */
  private async reconcileUnmapped(
    em: EntityManager,
    present: Map<AnyKind, CustomResource[]>,
    why: NotSynced,
    signal: AbortSignal,
  ): Promise<void> {
    for (const [kind, list] of present) {
      for (const resource of list) {
        if (signal.aborted) return;
        if (deleting(resource)) await this.finishDeletion(em, kind, resource, null);
        else if (!isApiOrigin(resource)) await this.writeOutcome(kind, resource, null, null, why);
      }
    }
    return undefined;
  }

  /** Deletes the row a deleted custom resource maps to (by uid, wherever it is), then lets the resource go. */
  async finishDeletion(em: EntityManager, kind: AnyKind, resource: CustomResource, view: WorkspaceView | null): Promise<void> {
    const doomed = await em.findOne(kind.entity, { kubernetesUid: resource.metadata!.uid! });
    if (doomed) {
      const workspaceId = doomed.workspace.id;
      const clientId = view?.clientId ?? (await em.findOneOrFail(Workspace, workspaceId)).client.id;
      await this.deleteRow(em, kind, doomed, { workspaceId, clientId }, resourceRef(resource));
      this.options.logger.info({ kind: kind.kind, ref: resourceRef(resource), id: doomed.id }, 'custom resource deleted: row deleted');
    }
    if (hasFinalizer(resource)) await this.options.writer.removeFinalizer(kind.plural, resource);
  }

  /** A manifest's deletion judges no plan: the row goes through its service, with its activity-log entry, in one transaction. */
  async deleteRow(em: EntityManager, kind: AnyKind, row: MirroredRow, where: { workspaceId: number; clientId: number }, ref: string): Promise<void> {
    await commitChanges(this.outlets(em.fork() as EntityManager), { clientId: where.clientId, workspaceId: where.workspaceId, userId: null }, (unit) =>
      kind.remove(unit, where.workspaceId, row.id, { by: 'kubernetes', ref, uid: row.kubernetesUid ?? '' }),
    );
  }

  outlets(em: EntityManager): ChangeOutlets {
    return { em, bus: this.options.bus, logger: this.options.logger, now: this.options.now };
  }

  /**
   * Writes the status a resource should show: its row's fields, the Synced and Ready conditions,
   * and the generation they describe. A write held back for the interval is handed to
   * `holdStatus`, which brings it back alone when it is due.
   */
  async writeOutcome(
    kind: AnyKind,
    resource: CustomResource,
    row: MirroredRow | null,
    rowStatus: Record<string, unknown> | null,
    problem: NotSynced | null,
  ): Promise<void> {
    const at = this.options.now();
    const generation = resource.metadata?.generation;
    const current = resource.status ?? {};
    const synced: ConditionUpdate = problem
      ? { type: 'Synced', status: 'False', reason: problem.reason, message: problem.message }
      : { type: 'Synced', status: 'True', reason: isApiOrigin(resource) ? 'MirroredFromApi' : 'Applied', message: `row ${row!.id} matches the spec` };
    const ready: ConditionUpdate = problem
      ? { type: 'Ready', status: 'False', reason: problem.reason, message: problem.message }
      : { type: 'Ready', status: 'True', reason: 'Monitoring', message: `monitored as ${kind.notice} ${row!.id}` };
    if (generation !== undefined) {
      synced.observedGeneration = generation;
      ready.observedGeneration = generation;
    }
    const conditions = setCondition(setCondition(current.conditions as Condition[] | undefined, synced, at), ready, at);
    const desired: Record<string, unknown> = {
      ...(rowStatus ?? {}),
      ...(row ? { id: row.id } : {}),
      ...(generation !== undefined ? { observedGeneration: generation } : {}),
      conditions,
    };
    if (!row && current.id !== undefined && problem) Object.assign(desired, this.keptRowFields(current));
    const uid = resource.metadata!.uid!;
    const decision = decideStatusWrite(current, desired, this.lastStatusWrite.get(uid), at.getTime(), this.options.statusMinIntervalMs);
    if (decision.write === 'later') return this.options.holdStatus(kind, resource, decision.atMs);
    if (decision.write === 'none') return;
    const previousSynced = (current.conditions as Condition[] | undefined)?.find((c) => c.type === 'Synced');
    await this.options.writer.writeStatus(kind.plural, resource, desired);
    this.lastStatusWrite.set(uid, at.getTime());
    if (problem && (previousSynced?.status !== 'False' || previousSynced.message !== problem.message)) {
      await this.options.events.record(kind.kind, resource, 'Warning', problem.reason, problem.message).catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'could not record a Kubernetes Event'),
      );
    }
    return undefined;
  }

  /** A refused spec changes no row: the status keeps showing the row the last good spec made. */
  private keptRowFields(current: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'conditions' && key !== 'observedGeneration'));
  }
}

/** One reconcile of a namespace that maps to a workspace: the rows loaded once, then each resource against them. */
class WorkspacePass {
  private rows = new Map<AnyKind, MirroredRow[]>();
  private openIncidents = new Map<number, number>();

  constructor(
    private readonly reconciler: NamespaceReconciler,
    private readonly em: EntityManager,
    private readonly view: WorkspaceView,
    private readonly namespace: string,
    private readonly at: Date,
  ) {}

  private get options(): NamespaceReconcilerOptions {
    return this.reconciler.options;
  }

  async load(): Promise<void> {
    for (const kind of this.options.kinds) this.rows.set(kind, await kind.loadRows(this.em, [this.view.id]));
    const incidents = await this.em.find(Incident, { workspace: this.view.id, status: { $in: ['open', 'acknowledged'] } }, { fields: ['id', 'check'] });
    for (const incident of incidents) this.openIncidents.set(incident.check.id, incident.id);
  }

  private context(): MirrorContext {
    const { resources } = this.options;
    return {
      workspace: this.view,
      now: this.at,
      locations: this.options.locations,
      allowPrivateTargets: this.options.allowPrivateTargets,
      rowIdOfResource: (kind, name) => {
        const uid = resources.get(kind)?.get(this.namespace, name)?.metadata?.uid;
        return (this.rows.get(kind) ?? []).find((row) => uid !== undefined && row.kubernetesUid === uid)?.id ?? null;
      },
      resourceNameOfRow: (kind, id) => {
        const row = (this.rows.get(kind) ?? []).find((candidate) => candidate.id === id);
        if (!row?.kubernetesUid) return null;
        return resources.get(kind)?.list(this.namespace).find((resource) => resource.metadata?.uid === row.kubernetesUid)?.metadata?.name ?? null;
      },
    };
  }

  private rowStatus(kind: AnyKind, row: MirroredRow): Record<string, unknown> {
    return kind.statusOf(row, this.at, this.openIncidents.get(row.id) ?? null);
  }

  private rowOfResource(kind: AnyKind, resource: CustomResource): MirroredRow | null {
    const rows = this.rows.get(kind)!;
    const uid = resource.metadata!.uid!;
    const byUid = rows.find((row) => row.kubernetesUid === uid);
    if (byUid || !isApiOrigin(resource)) return byUid ?? null;
    // An API-made resource whose uid never reached its row (the write was cut off): its label names the row.
    const id = Number(resource.metadata?.labels?.[ROW_ID_LABEL]);
    const live = this.reconciler.liveUids();
    return rows.find((row) => row.id === id && row.managedBy === 'api' && (!row.kubernetesUid || (live !== null && !live.has(row.kubernetesUid)))) ?? null;
  }

  /** One resource: its snapshot read, its plan made (pure), the plan applied. */
  async reconcileResource(kind: AnyKind, resource: CustomResource): Promise<void> {
    const actions = planResource(kind, { resource, row: this.rowOfResource(kind, resource), context: this.context() });
    let current = resource;
    for (const action of actions) current = await this.apply(kind, current, action);
  }

  /** Carries out one planned action; returns the resource as it now is (a finalizer write changes its version). */
  private async apply(kind: AnyKind, resource: CustomResource, action: ResourceAction): Promise<CustomResource> {
    const ref = resourceRef(resource);
    switch (action.do) {
      case 'finishDeletion':
        await this.reconciler.finishDeletion(this.em, kind, resource, this.view);
        this.rows.set(kind, this.rows.get(kind)!.filter((row) => row.kubernetesUid !== resource.metadata!.uid));
        return resource;
      case 'addFinalizer':
        return this.options.writer.addFinalizer(kind.plural, resource);
      case 'deleteResource':
        this.options.logger.info({ kind: kind.kind, ref }, 'row deleted through the API: deleting its custom resource');
        await this.options.writer.delete(kind.plural, resource);
        return resource;
      case 'adoptRow':
        action.row.kubernetesUid = resource.metadata!.uid!;
        action.row.kubernetesRef = ref;
        await this.em.flush();
        return resource;
      case 'restoreSpec':
        this.options.logger.info({ kind: kind.kind, ref, id: action.row.id }, 'custom resource of an API-made row was edited: putting it back');
        await this.options.writer.replaceSpec(kind.plural, resource, action.spec);
        await this.options.events
          .record(kind.kind, resource, 'Normal', 'SpecRestored', `row ${action.row.id} is managed through the API; change it there`)
          .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not record a Kubernetes Event'));
        return resource;
      case 'writeStatus':
        await this.reconciler.writeOutcome(kind, resource, action.row, action.row ? this.rowStatus(kind, action.row) : null, action.problem);
        return resource;
      case 'saveRow':
        await this.saveRow(kind, resource, action.existing, action.input);
        return resource;
    }
  }

  /** A resource's spec written to its row through the row's service, in one transaction with its log entry; the status says how it went. */
  private async saveRow(kind: AnyKind, resource: CustomResource, existing: MirroredRow | null, input: unknown): Promise<void> {
    const ref = resourceRef(resource);
    const owner = { workspaceId: this.view.id, clientId: this.view.clientId, entitlement: this.view.entitlement };
    let row: MirroredRow;
    try {
      row = await commitChanges(this.reconciler.outlets(this.em.fork() as EntityManager), { clientId: this.view.clientId, workspaceId: this.view.id, userId: null }, (unit) =>
        kind.save(unit, owner, existing, input, { by: 'kubernetes', ref, uid: resource.metadata!.uid! }),
      );
    } catch (error) {
      if (!(error instanceof RuleRefusal)) throw error;
      return this.reconciler.writeOutcome(kind, resource, null, null, this.notSynced(kind, error));
    }
    this.rows.set(kind, [...this.rows.get(kind)!.filter((candidate) => candidate.id !== row.id), row]);
    this.options.logger.info({ kind: kind.kind, ref, id: row.id, action: existing ? 'updated' : 'created' }, 'custom resource applied to its row');
    return this.reconciler.writeOutcome(kind, resource, row, this.rowStatus(kind, row), null);
  }

  /** The services' refusals as a Synced condition; a taken name says who holds it. */
  private notSynced(kind: AnyKind, refusal: RuleRefusal): NotSynced {
    if (refusal.reason === 'NameTaken' && refusal.owner) {
      const by = refusal.owner.kubernetesRef ? `the custom resource ${refusal.owner.kubernetesRef}` : 'the API';
      return { reason: 'NameTaken', message: `${kind.kind} "${refusal.owner.name}" already exists in workspace ${this.view.id} (row ${refusal.owner.id}, made by ${by})` };
    }
    const message = refusal.fields ? problemsMessage(refusal.fields) : refusal.message;
    return { reason: refusal.reason, message };
  }

  /** Kubernetes-managed rows whose resource is gone (deleted while the operator was away, finalizer and all): deleted. */
  async deleteOrphans(): Promise<void> {
    const live = this.reconciler.liveUids();
    if (live === null) return;
    for (const kind of this.options.kinds) {
      for (const row of this.rows.get(kind)!) {
        if (row.managedBy !== 'kubernetes' || (row.kubernetesUid !== null && live.has(row.kubernetesUid))) continue;
        await this.reconciler.deleteRow(this.em, kind, row, { workspaceId: this.view.id, clientId: this.view.clientId }, row.kubernetesRef ?? '');
        this.options.logger.info({ kind: kind.kind, ref: row.kubernetesRef, id: row.id }, 'custom resource gone while the operator was away: row deleted');
      }
      this.rows.set(kind, this.rows.get(kind)!.filter((row) => row.managedBy !== 'kubernetes' || (row.kubernetesUid !== null && live.has(row.kubernetesUid))));
    }
  }

  /** API-made rows without their resource get one, in the workspace's home namespace. */
  async mirrorApiRows(): Promise<void> {
    const live = this.reconciler.liveUids();
    if (live === null) return;
    const context = this.context();
    for (const kind of this.options.kinds) {
      for (const row of this.rows.get(kind)!) {
        if (row.managedBy !== 'api' || (row.kubernetesUid !== null && live.has(row.kubernetesUid))) continue;
        const spec = kind.specOf(row, context);
        if (!spec) continue;
        const name = resourceNameForRow(kind.kind, row);
        const created = await this.options.writer.apply(kind.kind, kind.plural, this.namespace, name, { [ORIGIN_LABEL]: 'api', [ROW_ID_LABEL]: String(row.id) }, spec);
        row.kubernetesUid = created.metadata!.uid!;
        row.kubernetesRef = `${this.namespace}/${name}`;
        await this.em.flush();
        this.options.logger.info({ kind: kind.kind, ref: row.kubernetesRef, id: row.id }, 'API-made row mirrored as a custom resource');
      }
    }
  }
}
