import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { urlOrHostOf } from '../domain/check-config.js';
import type { Logger } from '../log.js';
import { enqueueEvent, type EnqueueOptions } from '../notify/enqueue.js';
import { enqueuePageEvent } from '../status-pages/subscriptions/enqueue-notices.js';
import { logIncidentChanged, logIncidentOpened, type IncidentFacts, type OpenedIncident } from '../ops/event-log.js';
import { Incident, IncidentNote, type Severity } from '../store/entities/incident.js';
import { UptimeCheck } from '../store/entities/uptime-check.js';
import type { Store } from '../store/orm.js';

export interface IncidentOpening {
  checkId: number;
  cycleId: string;
  at: number;
  severity: Severity;
  failures: Array<{ location: string; reason: string | null }>;
  compatibleLocations: number;
}

export interface IncidentRecovery {
  checkId: number;
  incidentId: number | null;
  openedByCycle: string | null;
  at: number;
  /** False during maintenance: the incident is resolved but nobody is notified. */
  notify: boolean;
}

/** Prefix of the system note a recovery leaves; its presence makes a replayed recovery a no-op. */
export const recoveryNotePrefix = 'Recovered:';

/**
 * The incident side of the engine: each change and its notification in one transaction, under
 * a lock on the check's row so that two engine replicas overlapping during a partition hand-over
 * serialise on the check, and `openedByCycle` being unique makes a replayed cycle harmless.
 */
export class IncidentWriter {
  constructor(
    private readonly store: Store,
    private readonly enqueueOptions: EnqueueOptions = {},
    private readonly logger?: Logger,
  ) {}

  /** Opens the incident of a failing cycle; returns the open incident's id (an existing one if there is). Null: the check is gone. */
  async open(opening: IncidentOpening): Promise<number | null> {
    try {
      const result = await this.store.em.fork().transactional((tx) => this.openIn(tx as EntityManager, opening));
      // Logged after the commit: the line means the incident exists.
      if (result?.opened && this.logger) logIncidentOpened(this.logger, result.opened);
      return result?.id ?? null;
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const replayed = await this.store.em.fork().findOne(Incident, { openedByCycle: opening.cycleId });
      if (!replayed) throw error;
      return replayed.id;
    }
  }

  async resolve(recovery: IncidentRecovery): Promise<void> {
    const resolved = await this.store.em.fork().transactional((tx) => this.resolveIn(tx as EntityManager, recovery));
    if (resolved && this.logger) logIncidentChanged(this.logger, 'resolved', { ...resolved, userId: null });
  }

  private async lockCheck(tx: EntityManager, checkId: number): Promise<UptimeCheck | null> {
    const check = await tx.findOne(UptimeCheck, checkId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (check) await tx.populate(check, ['notificationGroups', 'workspace.client']);
    return check;
  }

  /** `opened`: set when this call opened the incident (not when one was open already). */
  private async openIn(tx: EntityManager, opening: IncidentOpening): Promise<{ id: number; opened: OpenedIncident | null } | null> {
    const check = await this.lockCheck(tx, opening.checkId);
    if (!check) return null;
    const existing = await tx.findOne(Incident, { check, status: { $ne: 'resolved' } }, { orderBy: { openedAt: 'desc' } });
    if (existing) return { id: existing.id, opened: null };
    const failedLocations = opening.failures.map((f) => f.location);
    const openedAt = new Date(opening.at);
    const incident = tx.create(Incident, {
      workspace: check.workspace,
      check,
      severity: opening.severity,
      failedLocations,
      openedByCycle: opening.cycleId,
      openedAt,
    });
    const reasons = opening.failures.map((f) => `${f.location}: ${f.reason ?? 'down'}`).join('; ');
    tx.create(IncidentNote, {
      incident,
      author: null,
      body: `Opened: ${failedLocations.length} of ${opening.compatibleLocations} locations failing (${reasons}).`,
      createdAt: openedAt,
    });
    await tx.flush();
    enqueueEvent(
      tx,
      {
        client: check.workspace.client,
        workspace: check.workspace,
        eventType: 'uptime.check.failed',
        occurredAt: openedAt,
        resource: { type: 'uptime_check', id: check.id, name: check.name, url_or_host: urlOrHostOf(check) },
        context: { incident_id: incident.id, severity: incident.severity, failed_locations: failedLocations },
      },
      check.notificationGroups.getItems(),
      this.enqueueOptions,
    );
    await enqueuePageEvent(tx, { eventType: 'status_page.incident.opened', occurredAt: openedAt, checkIds: [check.id], details: { incident_id: incident.id } });
    const opened = { incidentId: incident.id, checkId: check.id, workspaceId: check.workspace.id, severity: incident.severity, failedLocations };
    return { id: incident.id, opened };
  }

  /** The incident this recovery resolved; null when there was nothing to resolve (gone, replayed, or resolved by hand). */
  private async resolveIn(tx: EntityManager, recovery: IncidentRecovery): Promise<IncidentFacts | null> {
    const check = await this.lockCheck(tx, recovery.checkId);
    if (!check) return null;
    const where = recovery.incidentId !== null ? { id: recovery.incidentId } : { openedByCycle: recovery.openedByCycle ?? '' };
    const incident = await tx.findOne(Incident, { ...where, check }, { populate: ['notes'] });
    if (!incident) return null;
    const alreadyRecovered = incident.notes.getItems().some((note) => note.author === null && note.body.startsWith(recoveryNotePrefix));
    if (alreadyRecovered) return null;
    const at = new Date(recovery.at);
    const manuallyResolved = incident.status === 'resolved';
    if (!manuallyResolved) {
      incident.status = 'resolved';
      incident.resolvedAt = at;
      incident.resolvedBy = null;
    }
    const quiet = recovery.notify ? '' : ' No notification: a maintenance window covers the check.';
    tx.create(IncidentNote, {
      incident,
      author: null,
      body: manuallyResolved
        ? `${recoveryNotePrefix} the check is up again after this incident was resolved by hand.${quiet}`
        : `${recoveryNotePrefix} the check is up again; resolved by the system.${quiet}`,
      createdAt: at,
    });
    if (recovery.notify) {
      enqueueEvent(
        tx,
        {
          client: check.workspace.client,
          workspace: check.workspace,
          eventType: 'uptime.check.recovered',
          occurredAt: at,
          resource: { type: 'uptime_check', id: check.id, name: check.name, url_or_host: urlOrHostOf(check) },
          context: { incident_id: incident.id, severity: 'recovered', failed_locations: incident.failedLocations },
        },
        check.notificationGroups.getItems(),
        this.enqueueOptions,
      );
    }
    // Resolved by hand, the subscribers heard it then (src/api/incidents/incident-actions.ts).
    if (!manuallyResolved) {
      await enqueuePageEvent(tx, { eventType: 'status_page.incident.resolved', occurredAt: at, checkIds: [check.id], details: { incident_id: incident.id } });
    }
    return manuallyResolved ? null : { incidentId: incident.id, checkId: check.id, workspaceId: check.workspace.id };
  }
}
