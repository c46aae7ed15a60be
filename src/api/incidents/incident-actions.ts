import type { EntityManager } from '@mikro-orm/postgresql';
import { ACKNOWLEDGE_FROM, decideAcknowledge, decideResolve, RESOLVE_FROM, type IncidentDecision } from '../../domain/incident-transitions.js';
import { Incident, IncidentNote } from '../../store/entities/incident.js';
import { User } from '../../store/entities/user.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { conflict } from '../errors.js';
import { requireActiveEntitlement, requirePermission } from '../guards.js';
import { logIncidentChanged } from '../../ops/event-log.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';
import { findIncident } from './incident-queries.js';
import { enqueuePageEvent } from '../../status-pages/subscriptions/enqueue-notices.js';

function guard(principal: Principal): void {
  requirePermission(principal, 'manage_incidents');
  requireActiveEntitlement(principal);
}

/** `unchanged` answers as it is; `refused` is 409. */
function refuseConflict(decision: IncidentDecision): void {
  if (decision.kind === 'refused') throw conflict(decision.reason);
}

/**
 * Acknowledges an open incident. The transition is a guarded UPDATE (`… where status = 'open'`),
 * so that of two concurrent calls exactly one changes the row and records a note: the other sees
 * no row changed and answers the state it finds, as an idempotent call should.
 */
export async function acknowledgeIncident(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  const workspace = workspaceOf(principal);
  const changed = await mutate(context, principal, async (tx, changes) => {
    const incident = await findIncident(tx, workspace, id);
    const decision = decideAcknowledge(incident.status);
    refuseConflict(decision);
    if (decision.kind === 'unchanged') return null;
    const at = context.deps.now();
    if (!(await transition(tx, id, ACKNOWLEDGE_FROM, { status: 'acknowledged', acknowledgedAt: at, acknowledgedBy: principal.user.id }))) {
      refuseConflict(decideAcknowledge((await findIncident(tx, workspace, id)).status));
      return null;
    }
    tx.create(IncidentNote, { incident: id, author: tx.getReference(User, principal.user.id), body: 'Acknowledged.', createdAt: at });
    changes.record({ action: 'incident.acknowledge', resourceType: 'incident', resourceId: id, notice: 'updated' });
    return factsOf(incident, principal);
  });
  if (changed) logIncidentChanged(context.logger, 'acknowledged', changed);
}

/** Resolves an open or acknowledged incident, guarded like acknowledge; a resolved one is 409. */
export async function resolveIncident(context: RequestContext, principal: Principal, id: number, notes: string | null): Promise<void> {
  guard(principal);
  const workspace = workspaceOf(principal);
  const resolved = await mutate(context, principal, async (tx, changes) => {
    const incident = await findIncident(tx, workspace, id);
    refuseConflict(decideResolve(incident.status));
    const at = context.deps.now();
    if (!(await transition(tx, id, RESOLVE_FROM, { status: 'resolved', resolvedAt: at, resolvedBy: principal.user.id, resolutionNotes: notes }))) {
      refuseConflict(decideResolve((await findIncident(tx, workspace, id)).status));
    }
    const body = notes ? `Resolved: ${notes}` : 'Resolved.';
    tx.create(IncidentNote, { incident: id, author: tx.getReference(User, principal.user.id), body, createdAt: at });
    changes.record({ action: 'incident.resolve', resourceType: 'incident', resourceId: id, notice: 'updated', details: notes ? { resolution_notes: notes } : {} });
    await enqueuePageEvent(tx, { eventType: 'status_page.incident.resolved', occurredAt: at, checkIds: [incident.check.id], details: { incident_id: id } });
    return factsOf(incident, principal);
  });
  logIncidentChanged(context.logger, 'resolved', resolved);
}

const factsOf = (incident: Incident, principal: Principal) => ({
  incidentId: incident.id,
  checkId: incident.check.id,
  workspaceId: incident.workspace.id,
  userId: principal.user.id,
});

/** The guarded UPDATE: true when this call moved the incident (the row was still in one of `from`). */
async function transition(tx: EntityManager, id: number, from: readonly Incident['status'][], values: Record<string, unknown>): Promise<boolean> {
  const changed = await tx.nativeUpdate(Incident, { id, status: { $in: [...from] } }, values);
  return changed === 1;
}
