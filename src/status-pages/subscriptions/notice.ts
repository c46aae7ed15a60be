import type { SubscriberEventType } from '../../store/entities/status-page-subscriber.js';

/**
 * What one page tells its subscribers about one event, as written in the outbox with the event:
 * public names only (the component's display name, never a host name or a private note).
 */
export interface SubscriberNotice {
  slug: string;
  page_title: string;
  /** The components concerned, by their public names on this page. */
  components: string[];
  incident_id?: number;
  window_id?: number;
  /** Public update or maintenance window: its state or title and text. */
  state?: string;
  message?: string;
  /** Maintenance windows: ISO 8601 UTC. */
  starts_at?: string;
  ends_at?: string;
}

const TITLES: Record<SubscriberEventType, string> = {
  'status_page.subscription.requested': 'Confirm your subscription',
  'status_page.incident.opened': 'Incident',
  'status_page.incident.updated': 'Incident update',
  'status_page.incident.resolved': 'Resolved',
  'status_page.maintenance.scheduled': 'Maintenance scheduled',
  'status_page.maintenance.started': 'Maintenance started',
};

/** The subject line and the lines of text every subscriber channel tells the same. */
export function describeNotice(eventType: SubscriberEventType, notice: SubscriberNotice): { subject: string; lines: string[] } {
  const about = notice.components.length > 0 ? `: ${notice.components.join(', ')}` : '';
  const subject = `[${notice.page_title}] ${TITLES[eventType]}${eventType === 'status_page.subscription.requested' ? '' : about}`;
  const lines: string[] = [];
  if (eventType === 'status_page.subscription.requested') {
    lines.push(`Someone, hopefully you, asked to hear of incidents and maintenance on the status page "${notice.page_title}".`);
    lines.push('Follow the confirmation link to start; if you did not ask, ignore this mail and nothing more will be sent.');
  } else {
    lines.push(`${TITLES[eventType]}${about}.`);
    if (notice.state) lines.push(`State: ${notice.state}`);
    if (notice.message) lines.push(notice.message);
    if (notice.starts_at) lines.push(`Starts: ${notice.starts_at.slice(0, 16).replace('T', ' ')} UTC`);
    if (notice.ends_at) lines.push(`Ends: ${notice.ends_at.slice(0, 16).replace('T', ' ')} UTC`);
  }
  return { subject, lines };
}

export const isSubscriberEventType = (eventType: string): eventType is SubscriberEventType => eventType.startsWith('status_page.');
