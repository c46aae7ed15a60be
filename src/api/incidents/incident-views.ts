import type { Incident, IncidentNote, IncidentStatus, Severity } from '../../store/entities/incident.js';
import type { User } from '../../store/entities/user.js';
import type { IncidentRow } from './incident-queries.js';

export interface UserRef {
  id: number;
  email_address: string;
}

export interface IncidentView {
  id: number;
  workspace_id: number;
  check: { id: number; name: string };
  status: IncidentStatus;
  severity: Severity;
  /** Locations that failed in the cycle that opened the incident. */
  failed_locations: string[];
  opened_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
}

export interface IncidentNoteView {
  id: number;
  body: string;
  /** Null for notes the system wrote (e.g. on recovery). */
  author: UserRef | null;
  created_at: string;
}

export interface IncidentDetail extends IncidentView {
  acknowledged_by: UserRef | null;
  /** Null while open, and when the system resolved it on recovery. */
  resolved_by: UserRef | null;
  resolution_notes: string | null;
  /** Oldest first. */
  notes: IncidentNoteView[];
}

const userRef = (user: User | null): UserRef | null => (user ? { id: user.id, email_address: user.email } : null);

/** An incident as lists show it, from its row (listIncidents writes the same in SQL). */
export const incidentRowView = (row: IncidentRow): IncidentView => ({
  id: row.id,
  workspace_id: row.workspace_id,
  check: { id: row.check_id, name: row.check_name },
  status: row.status,
  severity: row.severity,
  failed_locations: row.failed_locations,
  opened_at: row.opened_at,
  acknowledged_at: row.acknowledged_at,
  resolved_at: row.resolved_at,
});

/** The incident's check must be loaded. */
export const incidentView = (incident: Incident): IncidentView =>
  incidentRowView({
    id: incident.id,
    workspace_id: incident.workspace.id,
    check_id: incident.check.id,
    check_name: incident.check.name,
    status: incident.status,
    severity: incident.severity,
    failed_locations: incident.failedLocations,
    opened_at: incident.openedAt.toISOString(),
    acknowledged_at: incident.acknowledgedAt?.toISOString() ?? null,
    resolved_at: incident.resolvedAt?.toISOString() ?? null,
  });

const noteView = (note: IncidentNote): IncidentNoteView => ({
  id: note.id,
  body: note.body,
  author: userRef(note.author),
  created_at: note.createdAt.toISOString(),
});

/** Check, acknowledging and resolving users, and notes with their authors must be loaded. */
export const incidentDetail = (incident: Incident, notes: IncidentNote[]): IncidentDetail => ({
  ...incidentView(incident),
  acknowledged_by: userRef(incident.acknowledgedBy),
  resolved_by: userRef(incident.resolvedBy),
  resolution_notes: incident.resolutionNotes,
  notes: notes.map(noteView),
});
