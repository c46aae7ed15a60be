import type { PublicIncident, PublicMaintenance, PublicStatusPage } from '../status-page-view.js';
import { INCIDENT_STATE_TEXT, instantText } from './format.js';
import { escapeMarkup as e } from './safe-text.js';

/** The incidents (active and past) with their public updates, and the maintenance windows. */

function time(iso: string, timeZone: string): string {
  return `<time datetime="${e(iso)}">${e(instantText(iso, timeZone))}</time>`;
}

function componentNames(keys: readonly string[], names: ReadonlyMap<string, string>): string {
  const known = keys.map((key) => names.get(key)).filter((name): name is string => name !== undefined);
  return known.length === 0 ? '' : `<p class="affected">Affects: ${known.map((name) => e(name)).join(', ')}</p>`;
}

function renderIncident(incident: PublicIncident, page: PublicStatusPage, names: ReadonlyMap<string, string>): string {
  const updates = incident.updates
    .map((update) => `<li><p><strong class="incident-state incident-${update.state}">${INCIDENT_STATE_TEXT[update.state]}</strong> &middot; ${time(update.at, page.timeZone)}</p><p class="update-body">${e(update.body)}</p></li>`)
    .join('');
  const period = incident.resolvedAt === null
    ? `Since ${time(incident.startedAt, page.timeZone)}`
    : `${time(incident.startedAt, page.timeZone)} &ndash; ${time(incident.resolvedAt, page.timeZone)}`;
  return `<article class="incident" id="incident-${incident.id}" aria-labelledby="incident-${incident.id}-title">
<h3 id="incident-${incident.id}-title">${e(incident.title)}</h3>
<p><span class="incident-state incident-${incident.state}">${INCIDENT_STATE_TEXT[incident.state]}</span> &middot; ${period}</p>
${componentNames(incident.componentKeys, names)}${updates ? `<ol class="updates" aria-label="Updates, newest first">${updates}</ol>` : ''}</article>`;
}

function renderMaintenance(window: PublicMaintenance, page: PublicStatusPage, names: ReadonlyMap<string, string>): string {
  const label = window.state === 'active' ? 'In progress' : 'Scheduled';
  const affected = window.componentKeys.length === 0 ? '<p class="affected">Affects: all components</p>' : componentNames(window.componentKeys, names);
  return `<article class="maintenance maintenance-${window.state}" aria-labelledby="maintenance-${window.id}-title">
<h3 id="maintenance-${window.id}-title">${e(window.title)}</h3>
<p><span class="maintenance-state">${label}</span> &middot; ${time(window.startsAt, page.timeZone)} &ndash; ${time(window.endsAt, page.timeZone)}</p>
${affected}</article>`;
}

export function componentNamesOf(page: PublicStatusPage): Map<string, string> {
  return new Map(page.groups.flatMap((group) => group.components.map((component) => [component.key, component.displayName] as const)));
}

export function renderActiveIncidents(page: PublicStatusPage, names: ReadonlyMap<string, string>): string {
  if (page.activeIncidents.length === 0) return '';
  return `<section id="active-incidents" aria-labelledby="active-incidents-heading"><h2 id="active-incidents-heading">Active incidents</h2>
${page.activeIncidents.map((incident) => renderIncident(incident, page, names)).join('\n')}</section>`;
}

export function renderMaintenanceSection(page: PublicStatusPage, names: ReadonlyMap<string, string>): string {
  if (page.maintenance.length === 0) return '';
  return `<section id="maintenance" aria-labelledby="maintenance-heading"><h2 id="maintenance-heading">Maintenance</h2>
${page.maintenance.map((window) => renderMaintenance(window, page, names)).join('\n')}</section>`;
}

export function renderPastIncidents(page: PublicStatusPage, names: ReadonlyMap<string, string>): string {
  const incidents = page.pastIncidents.length === 0
    ? '<p>No incidents in the last 90 days.</p>'
    : page.pastIncidents.map((incident) => renderIncident(incident, page, names)).join('\n');
  return `<section id="past-incidents" aria-labelledby="past-incidents-heading"><h2 id="past-incidents-heading">Past incidents</h2>
${incidents}</section>`;
}
