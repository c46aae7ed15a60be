import type { PublicIncident, PublicStatusPage } from '../status-page-view.js';
import { INCIDENT_STATE_TEXT, instantText } from './format.js';
import { escapeMarkup as e } from './safe-text.js';

/** The page's incidents, active then past, as Atom and RSS 2.0 feeds; every text is escaped XML character data. */

export interface FeedOptions {
  /** Absolute URL of the HTML page (the feed's and its entries' link). */
  pageUrl: string;
  /** Absolute URL of this feed (its rel="self"). */
  feedUrl: string;
}

const instant = (iso: string, fallback: string): Date => {
  const time = Date.parse(iso);
  return new Date(Number.isNaN(time) ? Date.parse(fallback) || 0 : time);
};

/** The incident's newest moment: its latest update, its resolution or its start. */
function lastChange(incident: PublicIncident): string {
  const moments = [incident.startedAt, incident.resolvedAt, ...incident.updates.map((update) => update.at)]
    .filter((moment): moment is string => moment !== null && !Number.isNaN(Date.parse(moment)));
  return moments.reduce((latest, moment) => (Date.parse(moment) > Date.parse(latest) ? moment : latest), incident.startedAt);
}

/** An incident's updates as plain text, newest first (feed readers show it as is). */
function incidentText(incident: PublicIncident, timeZone: string): string {
  const head = `${INCIDENT_STATE_TEXT[incident.state]} · started ${instantText(incident.startedAt, timeZone)}${incident.resolvedAt === null ? '' : ` · resolved ${instantText(incident.resolvedAt, timeZone)}`}`;
  const updates = incident.updates.map((update) => `${INCIDENT_STATE_TEXT[update.state]} (${instantText(update.at, timeZone)}): ${update.body}`);
  return [head, ...updates].join('\n\n');
}

const incidentsOf = (page: PublicStatusPage): PublicIncident[] => [...page.activeIncidents, ...page.pastIncidents];

/** The newest change among the incidents; when there is none, the moment the view was made. */
function feedUpdated(page: PublicStatusPage): Date {
  const times = incidentsOf(page).map((incident) => instant(lastChange(incident), page.generatedAt).getTime());
  return times.length === 0 ? instant(page.generatedAt, page.generatedAt) : new Date(Math.max(...times));
}

export function renderAtomFeed(page: PublicStatusPage, options: FeedOptions): string {
  const entries = incidentsOf(page).map((incident) => {
    const link = `${options.pageUrl}#incident-${incident.id}`;
    return `<entry>
<id>${e(link)}</id>
<title type="text">${e(`${incident.title} (${INCIDENT_STATE_TEXT[incident.state]})`)}</title>
<link rel="alternate" type="text/html" href="${e(link)}"/>
<published>${instant(incident.startedAt, page.generatedAt).toISOString()}</published>
<updated>${instant(lastChange(incident), page.generatedAt).toISOString()}</updated>
<content type="text">${e(incidentText(incident, page.timeZone))}</content>
</entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${e(options.pageUrl)}</id>
<title type="text">${e(`${page.title}: incidents`)}</title>
<subtitle type="text">${e(page.description)}</subtitle>
<link rel="alternate" type="text/html" href="${e(options.pageUrl)}"/>
<link rel="self" type="application/atom+xml" href="${e(options.feedUrl)}"/>
<author><name>${e(page.title)}</name></author>
<updated>${feedUpdated(page).toISOString()}</updated>
${entries.join('\n')}
</feed>
`;
}

export function renderRssFeed(page: PublicStatusPage, options: FeedOptions): string {
  const items = incidentsOf(page).map((incident) => {
    const link = `${options.pageUrl}#incident-${incident.id}`;
    return `<item>
<title>${e(`${incident.title} (${INCIDENT_STATE_TEXT[incident.state]})`)}</title>
<link>${e(link)}</link>
<guid isPermaLink="false">${e(`${options.pageUrl}#incident-${incident.id}@${lastChange(incident)}`)}</guid>
<pubDate>${instant(lastChange(incident), page.generatedAt).toUTCString()}</pubDate>
<description>${e(incidentText(incident, page.timeZone))}</description>
</item>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${e(`${page.title}: incidents`)}</title>
<link>${e(options.pageUrl)}</link>
<description>${e(page.description === '' ? `Incidents on the ${page.title} status page` : page.description)}</description>
<atom:link rel="self" type="application/rss+xml" href="${e(options.feedUrl)}"/>
<lastBuildDate>${feedUpdated(page).toUTCString()}</lastBuildDate>
${items.join('\n')}
</channel>
</rss>
`;
}
