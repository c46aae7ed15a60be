import { ActivityLogEntry } from './activity-log.js';
import { Client } from './client.js';
import { CertificateSnapshot, Domain, ExpiryNotice } from './domain.js';
import { Incident, IncidentNote } from './incident.js';
import { IncidentPublicUpdate } from './incident-public-update.js';
import { MaintenanceWindow } from './maintenance-window.js';
import { NotificationGroup } from './notification-group.js';
import { DeliveryAttempt, OutboxDelivery, OutboxEvent } from './outbox.js';
import { PushToken } from './push-token.js';
import { MaintenanceLease } from './maintenance-lease.js';
import { DailyAvailability, HourlyAvailability, RollupCounts, Run } from './run.js';
import { SignInAddress, SignInFailure } from './sign-in.js';
import { StatusPage, StatusPageComponent, StatusPageLogoImage } from './status-page.js';
import { MaintenanceStartAnnouncement, StatusPageConfirmationWindow, StatusPageSubscriber, StatusPageSubscriberToken } from './status-page-subscriber.js';
import { UptimeCheck, UptimeCheckFavorite } from './uptime-check.js';
import { UptimeCheckLastRun } from './uptime-check-last-run.js';
import { UptimeCheckViewText } from './uptime-check-view-text.js';
import { User } from './user.js';
import { Workspace, WorkspaceShare } from './workspace.js';
import { WorkspaceCheckCount } from './workspace-check-count.js';
import { FavoriteCount } from './favorite-count.js';

export * from './activity-log.js';
export * from './client.js';
export * from './domain.js';
export * from './incident.js';
export * from './incident-public-update.js';
export * from './maintenance-window.js';
export * from './maintenance-lease.js';
export * from './managed-by.js';
export * from './notification-group.js';
export * from './outbox.js';
export * from './push-token.js';
export * from './run.js';
export * from './sign-in.js';
export * from './status-page.js';
export * from './status-page-subscriber.js';
export * from './uptime-check.js';
export * from './uptime-check-last-run.js';
export * from './uptime-check-view-text.js';
export * from './user.js';
export * from './workspace.js';
export * from './workspace-check-count.js';

export const allEntities = [
  Client,
  User,
  Workspace,
  WorkspaceShare,
  NotificationGroup,
  UptimeCheck,
  UptimeCheckFavorite,
  UptimeCheckViewText,
  UptimeCheckLastRun,
  Run,
  RollupCounts,
  DailyAvailability,
  HourlyAvailability,
  Incident,
  IncidentNote,
  Domain,
  CertificateSnapshot,
  ExpiryNotice,
  MaintenanceWindow,
  PushToken,
  OutboxEvent,
  OutboxDelivery,
  DeliveryAttempt,
  ActivityLogEntry,
  SignInFailure,
  SignInAddress,
  MaintenanceLease,
  WorkspaceCheckCount,
  FavoriteCount,
  IncidentPublicUpdate,
  StatusPage,
  StatusPageComponent,
  StatusPageLogoImage,
  StatusPageSubscriber,
  StatusPageSubscriberToken,
  MaintenanceStartAnnouncement,
  StatusPageConfirmationWindow,
];
