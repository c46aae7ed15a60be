import type { OutboxEventView } from './event.js';
import { formatNotAfter } from './webhook-body.js';

/** A notice as people read it, before any channel's formatting. */
export interface HumanMessage {
  title: string;
  /** `label: value` facts, shown as lines. */
  facts: Array<[string, string]>;
}

const utc = (date: Date): string => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function checkFacts(event: OutboxEventView): Array<[string, string]> {
  const facts: Array<[string, string]> = [];
  if (event.resource.url_or_host) facts.push(['Target', event.resource.url_or_host]);
  if (event.context) {
    facts.push(['Severity', event.context.severity]);
    if (event.context.failed_locations.length) facts.push(['Failing locations', event.context.failed_locations.join(', ')]);
    facts.push(['Incident', `#${event.context.incident_id}`]);
  }
  return facts;
}

/** The same words for chat, messenger, e-mail, SMS and push, so every channel tells the same story. */
export function describeEvent(event: OutboxEventView): HumanMessage {
  const name = event.resource.name;
  const at: [string, string] = ['Time', utc(event.occurredAt)];
  switch (event.eventType) {
    case 'uptime.check.failed':
      return { title: `DOWN: ${name}`, facts: [...checkFacts(event), at] };
    case 'uptime.check.recovered':
      return { title: `RECOVERED: ${name}`, facts: [...checkFacts(event), at] };
    case 'domain.ssl.expiring_soon': {
      const days = event.ssl?.days_until_expiry;
      const when = days === undefined ? 'soon' : days <= 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`;
      const facts: Array<[string, string]> = event.ssl ? [['Expires', `${formatNotAfter(event.ssl.not_after)} UTC`]] : [];
      return { title: `Certificate of ${name} expires ${when}`, facts: [...facts, at] };
    }
    case 'domain.ssl.certificate_changed': {
      const change = event.certificate;
      const facts: Array<[string, string]> = [];
      if (change) {
        if (change.changed.includes('fingerprint')) facts.push(['SHA-256 fingerprint', `${change.previous.fingerprint_sha256} → ${change.current.fingerprint_sha256}`]);
        if (change.changed.includes('serial')) facts.push(['Serial number', `${change.previous.serial_number} → ${change.current.serial_number}`]);
        facts.push(['Issuer', change.current.issuer], ['Expires', `${formatNotAfter(change.current.not_after)} UTC`]);
      }
      return { title: `Certificate of ${name} changed`, facts: [...facts, at] };
    }
    case 'notification.test':
      return { title: `Test notification for ${name}`, facts: [['Notification group', name], ['Meaning', 'this channel of the group works; no check or domain is concerned'], at] };
    default:
      // Status page subscriber events go to subscribers' own channels, never to a group's; this is only their fallback wording.
      return { title: `${name}: ${event.eventType}`, facts: [at] };
  }
}

/** Plain text: the title, then one `label: value` line per fact. */
export const plainText = (message: HumanMessage): string =>
  [message.title, ...message.facts.map(([label, value]) => `${label}: ${value}`)].join('\n');
