import type { Logger } from '../log.js';

/**
 * The log lines an operator watches for, one per event, at info (a delivery given up at warn),
 * with stable field names: `event` says which line it is, the rest are snake_case facts. The
 * README's "Logs" section lists them; dashboards and log queries may rely on them.
 */

export interface CheckStateChange {
  checkId: number;
  workspaceId: number;
  checkName: string;
  previousState: string;
  state: string;
}

export const logCheckStateChanged = (logger: Logger, change: CheckStateChange): void =>
  logger.info(
    {
      event: 'check.state_changed',
      check_id: change.checkId,
      workspace_id: change.workspaceId,
      check_name: change.checkName,
      previous_state: change.previousState,
      state: change.state,
    },
    `check ${change.checkId} is ${change.state} (was ${change.previousState})`,
  );

export interface IncidentFacts {
  incidentId: number;
  checkId: number;
  workspaceId: number;
}

export interface OpenedIncident extends IncidentFacts {
  severity: string;
  failedLocations: string[];
}

export const logIncidentOpened = (logger: Logger, incident: OpenedIncident): void =>
  logger.info(
    {
      event: 'incident.opened',
      incident_id: incident.incidentId,
      check_id: incident.checkId,
      workspace_id: incident.workspaceId,
      severity: incident.severity,
      failed_locations: incident.failedLocations,
    },
    `incident ${incident.incidentId} opened (${incident.severity})`,
  );

/** `userId` null: the system (a recovery). */
export const logIncidentChanged = (logger: Logger, status: 'acknowledged' | 'resolved', incident: IncidentFacts & { userId: number | null }): void =>
  logger.info(
    {
      event: `incident.${status}`,
      incident_id: incident.incidentId,
      check_id: incident.checkId,
      workspace_id: incident.workspaceId,
      by: incident.userId === null ? 'system' : 'user',
      ...(incident.userId === null ? {} : { user_id: incident.userId }),
    },
    `incident ${incident.incidentId} ${status}`,
  );

export interface GivenUpDelivery {
  deliveryId: string;
  channel: string;
  eventType: string;
  groupId: number | null;
  attempts: number;
  reason: string;
}

export const logDeliveryGivenUp = (logger: Logger, delivery: GivenUpDelivery): void =>
  logger.warn(
    {
      event: 'delivery.given_up',
      delivery_id: delivery.deliveryId,
      channel: delivery.channel,
      event_type: delivery.eventType,
      group_id: delivery.groupId,
      attempts: delivery.attempts,
      reason: delivery.reason,
    },
    'notification delivery given up',
  );
