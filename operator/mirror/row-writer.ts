import type { EntityManager } from '@mikro-orm/postgresql';
import type { Bus } from '../../src/bus/bus.js';
import type { Logger } from '../../src/log.js';
import { commitChanges, type ChangeOutlets } from '../../src/services/change-log.js';
import { RuleRefusal } from '../../src/services/refusal.js';
import { Workspace } from '../../src/store/entities/workspace.js';
import type { MirroredRow, WorkspaceView } from './kinds/mirrored-kind.js';
import type { AnyKind } from './mirror-caches.js';
import { problemsMessage, type NotSynced } from './resource-plan.js';

export interface RowWriterOptions {
  bus: Bus;
  logger: Logger;
  now: () => Date;
}

/**
 * The operator's row writes, each through the row's service in one transaction with its
 * activity-log entry (the change notice goes out after the commit), as the API writes them.
 */
export class RowWriter {
  constructor(private readonly options: RowWriterOptions) {}

  private outlets(em: EntityManager): ChangeOutlets {
    return { em: em.fork() as EntityManager, bus: this.options.bus, logger: this.options.logger, now: this.options.now };
  }

  /** A manifest's deletion judges no plan: the row goes, wherever its workspace is. */
  async remove(em: EntityManager, kind: AnyKind, row: MirroredRow, ref: string): Promise<void> {
    const workspaceId = row.workspace.id;
    const clientId = (await em.findOneOrFail(Workspace, workspaceId)).client.id;
    await commitChanges(this.outlets(em), { clientId, workspaceId, userId: null }, (unit) =>
      kind.remove(unit, workspaceId, row.id, { by: 'kubernetes', ref, uid: row.kubernetesUid ?? '' }),
    );
  }

  /** A spec's input written to its row (created when there is none); a refusal of the services' rules comes back as why. */
  async save(
    em: EntityManager,
    kind: AnyKind,
    view: WorkspaceView,
    existing: MirroredRow | null,
    input: unknown,
    origin: { ref: string; uid: string },
  ): Promise<{ row: MirroredRow } | { refused: NotSynced }> {
    const owner = { workspaceId: view.id, clientId: view.clientId, entitlement: view.entitlement };
    try {
      const row = await commitChanges(this.outlets(em), { clientId: view.clientId, workspaceId: view.id, userId: null }, (unit) =>
        kind.save(unit, owner, existing, input, { by: 'kubernetes', ...origin }),
      );
      return { row };
    } catch (error) {
      if (!(error instanceof RuleRefusal)) throw error;
      return { refused: notSynced(kind, view, error) };
    }
  }
}

/** The services' refusals as a Synced condition; a taken name says who holds it. */
function notSynced(kind: AnyKind, view: WorkspaceView, refusal: RuleRefusal): NotSynced {
  if (refusal.reason === 'NameTaken' && refusal.owner) {
    const by = refusal.owner.kubernetesRef ? `the custom resource ${refusal.owner.kubernetesRef}` : 'the API';
    return { reason: 'NameTaken', message: `${kind.kind} "${refusal.owner.name}" already exists in workspace ${view.id} (row ${refusal.owner.id}, made by ${by})` };
  }
  return { reason: refusal.reason, message: refusal.fields ? problemsMessage(refusal.fields) : refusal.message };
}
