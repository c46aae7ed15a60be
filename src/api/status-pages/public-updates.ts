import type { EntityManager } from '@mikro-orm/postgresql';
import { IncidentPublicUpdate } from '../../store/entities/incident-public-update.js';
import { User } from '../../store/entities/user.js';
import type { Workspace } from '../../store/entities/workspace.js';
import { PUBLIC_INCIDENT_STATES, type PublicIncidentState } from '../../status-pages/status-page-view.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { validationError } from '../errors.js';
import { requireActiveEntitlement, requirePermission } from '../guards.js';
import { findIncident } from '../incidents/incident-queries.js';
import type { UserRef } from '../incidents/incident-views.js';
import { mutate } from '../mutation.js';
import { enqueuePageEvent } from '../../status-pages/subscriptions/enqueue-notices.js';
import type { RequestContext } from '../request-context.js';

export const PUBLIC_UPDATE_BODY_MAX = 5000;

export interface PublicUpdateView {
  id: number;
  incident_id: number;
  /** investigating, identified, monitoring or resolved: what the public is told, apart from the incident's own status. */
  state: PublicIncidentState;
  /** Plain text shown on the incident's status pages. */
  body: string;
  author: UserRef | null;
  created_at: string;
}

const view = (update: IncidentPublicUpdate): PublicUpdateView => ({
  id: update.id,
  incident_id: update.incident.id,
  state: update.state,
  body: update.body,
  author: update.author ? { id: update.author.id, email_address: update.author.email } : null,
  created_at: update.createdAt.toISOString(),
});

/** Oldest first, as they were written. */
export async function listPublicUpdates(em: EntityManager, workspace: Workspace, incidentId: number): Promise<PublicUpdateView[]> {
  const incident = await findIncident(em, workspace, incidentId);
  const updates = await em.find(IncidentPublicUpdate, { incident }, { populate: ['author'], orderBy: { createdAt: 'asc', id: 'asc' } });
  return updates.map(view);
}

function readUpdate(body: unknown): { state: PublicIncidentState; text: string } {
  const fields: Record<string, string> = {};
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const state = input.state as PublicIncidentState;
  if (!PUBLIC_INCIDENT_STATES.includes(state)) fields.state = `must be one of ${PUBLIC_INCIDENT_STATES.join(', ')}`;
  const text = typeof input.body === 'string' ? input.body.trim() : '';
  if (text === '') fields.body = 'is required';
  else if (text.length > PUBLIC_UPDATE_BODY_MAX) fields.body = `must be at most ${PUBLIC_UPDATE_BODY_MAX} characters`;
  if (Object.keys(fields).length) throw validationError(fields);
  return { state, text };
}

/** Posts a public update; the incident's own status (acknowledged, resolved) is changed by its own routes only. */
export async function postPublicUpdate(context: RequestContext, principal: Principal, incidentId: number, body: unknown): Promise<PublicUpdateView> {
  requirePermission(principal, 'manage_incidents');
  requireActiveEntitlement(principal);
  const { state, text } = readUpdate(body);
  const workspace = workspaceOf(principal);
  const id = await mutate(context, principal, async (tx, changes) => {
    const incident = await findIncident(tx, workspace, incidentId);
    const update = tx.create(IncidentPublicUpdate, { incident, state, body: text, author: tx.getReference(User, principal.user.id), createdAt: context.deps.now() });
    await tx.flush();
    changes.record({ action: 'incident.public_update', resourceType: 'incident', resourceId: incidentId, notice: null, details: { state } });
    await enqueuePageEvent(tx, {
      eventType: 'status_page.incident.updated',
      occurredAt: update.createdAt,
      checkIds: [incident.check.id],
      details: { incident_id: incidentId, state, message: text },
    });
    return update.id;
  });
  const created = await context.em.findOneOrFail(IncidentPublicUpdate, id, { populate: ['author'], refresh: true });
  return view(created);
}
