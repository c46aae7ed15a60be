/**
 * What a public status page shows, already cut down to what the public may see: the loader
 * (which reads the database) produces it, and every public answer (the HTML page, the Atom and
 * RSS feeds, summary.json and the SVG badges) is rendered from it alone. Nothing private can leak
 * through a renderer because nothing private is in here: no host names unless the page shows
 * them, no private incident notes, no failing locations, no other workspace's data.
 */

/** A component's state as the public sees it. */
export type PublicComponentState = 'operational' | 'degraded' | 'down' | 'maintenance' | 'unknown' | 'paused';

/** The page as a whole: the worst of its components, maintenance only when nothing is down. */
export type PublicPageState = 'operational' | 'degraded' | 'partial_outage' | 'major_outage' | 'maintenance' | 'unknown';

/** The states of a public incident update, in the order an incident usually moves through them. */
export const PUBLIC_INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type PublicIncidentState = (typeof PUBLIC_INCIDENT_STATES)[number];

/** One day's bar: the day in the page's time zone, from the rollups. */
export interface PublicDay {
  /** `YYYY-MM-DD` in the page's time zone. */
  day: string;
  /** Share of counted runs that were not downtime, 0..1; null when no run was counted that day. */
  availability: number | null;
  downtimeMinutes: number;
  /** Runs inside a maintenance window that day (not counted). */
  maintenanceRuns: number;
  /** Ids of the public incidents that overlapped the day (see PublicStatusPage.incidents). */
  incidentIds: readonly number[];
}

export interface PublicCertificate {
  /** ISO 8601 instant; null when no certificate has been read yet. */
  notAfter: string | null;
  /** Whole days until notAfter (negative once expired); null with notAfter. */
  daysLeft: number | null;
}

export interface PublicComponent {
  /** Stable public key of the component on its page (used in badge URLs and anchors): `c<id>` for a check, `d<id>` for a domain. */
  key: string;
  kind: 'check' | 'domain';
  displayName: string;
  /** Shown only when the page shows host names; null otherwise. */
  hostName: string | null;
  state: PublicComponentState;
  /** 90 days, oldest first, ending today in the page's time zone. */
  days: PublicDay[];
  /** Availability over the last 30 days, 0..1, null when nothing was counted. */
  availability30d: number | null;
  /** Availability over the last 90 days, 0..1, null when nothing was counted. */
  availability90d: number | null;
  /** For a domain: its certificate; null for a check. */
  certificate: PublicCertificate | null;
}

export interface PublicComponentGroup {
  /** null: components shown without a group heading. */
  name: string | null;
  components: PublicComponent[];
}

export interface PublicIncidentUpdate {
  state: PublicIncidentState;
  /** Plain text, as written; renderers escape it. */
  body: string;
  /** ISO 8601 instant. */
  at: string;
}

export interface PublicIncident {
  id: number;
  title: string;
  /** The latest public update's state; `investigating` when it has none yet and is open, `resolved` once resolved. */
  state: PublicIncidentState;
  /** ISO 8601 instants. */
  startedAt: string;
  resolvedAt: string | null;
  /** Keys of the affected components on this page. */
  componentKeys: string[];
  /** Newest first. */
  updates: PublicIncidentUpdate[];
}

export interface PublicMaintenance {
  id: number;
  title: string;
  state: 'scheduled' | 'active';
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
  /** Keys of the affected components on this page; empty when the window covers the whole workspace. */
  componentKeys: string[];
}

export interface PublicLink {
  label: string;
  /** Always an absolute http(s) URL: the page's rules refuse anything else. */
  url: string;
}

export interface PublicStatusPage {
  slug: string;
  title: string;
  description: string;
  /** IANA time zone the days are cut in. */
  timeZone: string;
  /** Path of the logo image under the page (e.g. `/status/<slug>/logo`), null without one. */
  logoPath: string | null;
  links: PublicLink[];
  /** Origins allowed to frame the page (`frame-ancestors`); empty: embedding is refused. */
  frameAncestors: string[];
  state: PublicPageState;
  groups: PublicComponentGroup[];
  /** Open incidents, newest first. */
  activeIncidents: PublicIncident[];
  /** Resolved incidents of the last 90 days, newest first. */
  pastIncidents: PublicIncident[];
  /** Scheduled and active maintenance windows, soonest first. */
  maintenance: PublicMaintenance[];
  /** How availability is counted (the SLA report's policy), shown beside the bars. */
  availabilityPolicy: readonly string[];
  /** ISO 8601 instant the view was made. */
  generatedAt: string;
}
