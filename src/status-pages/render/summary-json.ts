import type { PublicComponentState, PublicIncidentState, PublicPageState, PublicStatusPage } from '../status-page-view.js';
import { PAGE_STATE_TEXT } from './format.js';
import { safeText } from './safe-text.js';

/**
 * `GET /status/{slug}/summary.json`: the page in a small, stable shape for embedding in another
 * site or tool. `schemaVersion` changes only when a field is removed or changes meaning; fields
 * may be added. Strings are the page's texts with the replacements of safeText (no bidi controls,
 * U+FFFD for what cannot be carried); the JSON escapes <, > and & so it may be inlined in HTML.
 */
export interface StatusPageSummary {
  schemaVersion: 1;
  page: {
    slug: string;
    title: string;
    /** Absolute URL of the HTML page. */
    url: string;
    timeZone: string;
    state: PublicPageState;
    /** The state in words, e.g. "All systems operational". */
    stateText: string;
    /** ISO 8601 instant the answer was made. */
    generatedAt: string;
  };
  components: {
    /** The component's key on the page, as in badge URLs (`/status/{slug}/badge/{key}/status.svg`). */
    key: string;
    name: string;
    /** The group's name, null outside a named group. */
    group: string | null;
    state: PublicComponentState;
    /** 0..1, null when nothing was counted. */
    availability30d: number | null;
    availability90d: number | null;
    /** Domains only: days until the certificate expires (negative once expired), null before it was read. */
    certificateDaysLeft: number | null;
  }[];
  activeIncidents: {
    id: number;
    title: string;
    state: PublicIncidentState;
    startedAt: string;
    /** Absolute URL of the incident on the HTML page. */
    url: string;
    componentKeys: string[];
    /** The newest public update, null before the first. */
    latestUpdate: { state: PublicIncidentState; body: string; at: string } | null;
  }[];
  maintenance: { id: number; title: string; state: 'scheduled' | 'active'; startsAt: string; endsAt: string; componentKeys: string[] }[];
}

export function statusPageSummary(page: PublicStatusPage, pageUrl: string): StatusPageSummary {
  const s = safeText;
  return {
    schemaVersion: 1,
    page: { slug: s(page.slug), title: s(page.title), url: pageUrl, timeZone: s(page.timeZone), state: page.state, stateText: PAGE_STATE_TEXT[page.state], generatedAt: page.generatedAt },
    components: page.groups.flatMap((group) =>
      group.components.map((component) => ({
        key: s(component.key),
        name: s(component.displayName),
        group: group.name === null ? null : s(group.name),
        state: component.state,
        availability30d: component.availability30d,
        availability90d: component.availability90d,
        certificateDaysLeft: component.certificate?.daysLeft ?? null,
      })),
    ),
    activeIncidents: page.activeIncidents.map((incident) => {
      const latest = incident.updates[0];
      return {
        id: incident.id,
        title: s(incident.title),
        state: incident.state,
        startedAt: incident.startedAt,
        url: `${pageUrl}#incident-${incident.id}`,
        componentKeys: incident.componentKeys.map(s),
        latestUpdate: latest === undefined ? null : { state: latest.state, body: s(latest.body), at: latest.at },
      };
    }),
    maintenance: page.maintenance.map((window) => ({
      id: window.id,
      title: s(window.title),
      state: window.state,
      startsAt: window.startsAt,
      endsAt: window.endsAt,
      componentKeys: window.componentKeys.map(s),
    })),
  };
}

const JSON_HTML_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

export function renderSummaryJson(page: PublicStatusPage, pageUrl: string): string {
  return JSON.stringify(statusPageSummary(page, pageUrl)).replace(/[<>&]/g, (character) => JSON_HTML_ESCAPES[character]!);
}
