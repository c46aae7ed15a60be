import type { PublicComponentState, PublicIncidentState, PublicPageState } from '../status-page-view.js';

/** Words for the states and numbers a page shows, shared by the page, the feeds and the badges. */

export const PAGE_STATE_TEXT: Record<PublicPageState, string> = {
  operational: 'All systems operational',
  degraded: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  maintenance: 'Under maintenance',
  unknown: 'Status unknown',
};

export const COMPONENT_STATE_TEXT: Record<PublicComponentState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  maintenance: 'Maintenance',
  unknown: 'Unknown',
  paused: 'Paused',
};

export const INCIDENT_STATE_TEXT: Record<PublicIncidentState, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

/**
 * An availability as a percentage with two decimals, rounded down so a day with any downtime is
 * never shown as 100.00%; null (nothing counted) as "no data".
 */
export function percentText(availability: number | null): string {
  if (availability === null || !Number.isFinite(availability)) return 'no data';
  const clamped = Math.min(1, Math.max(0, availability));
  return `${(Math.floor(clamped * 10000) / 100).toFixed(2)}%`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-24` as `Tue 24 Nov 2026` (computed by hand: a page has 90 of these per component). */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  if (month < 1 || month > 12 || Number.isNaN(weekday)) return day;
  return `${WEEKDAYS[weekday]} ${date} ${MONTHS[month - 1]} ${year}`;
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

function instantFormat(timeZone: string): Intl.DateTimeFormat {
  let format = instantFormats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' };
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
    }
    instantFormats.set(timeZone, format);
  }
  return format;
}

/** An ISO instant in the page's time zone (UTC when the zone is unknown), as written; the input when it is no instant. */
export function instantText(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : instantFormat(timeZone).format(time);
}

export function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
