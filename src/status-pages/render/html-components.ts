import type { PublicComponent, PublicComponentGroup, PublicDay, PublicStatusPage } from '../status-page-view.js';
import { COMPONENT_STATE_TEXT, dayText, instantText, minutesText, percentText } from './format.js';
import { escapeMarkup as e } from './safe-text.js';

/**
 * The components with their 90 daily bars. Each bar is a `<details>` disclosure: its summary is
 * focusable and names the day and its availability for a screen reader, and opening it (pointer,
 * Enter or Space, no script needed) shows the day's availability, downtime and incidents.
 */

/** A bar's colour class: from the day's availability, so colour is never the only way to tell. */
function barClass(day: PublicDay): string {
  if (day.availability === null) return day.maintenanceRuns > 0 ? 'bar-maintenance' : 'bar-none';
  if (day.availability >= 0.999) return day.incidentIds.length > 0 ? 'bar-minor' : 'bar-up';
  if (day.availability >= 0.99) return 'bar-minor';
  return 'bar-down';
}

function renderDay(day: PublicDay, incidentTitles: ReadonlyMap<number, string>): string {
  const date = e(dayText(day.day));
  const availability = day.availability === null ? 'No data' : `${percentText(day.availability)} available`;
  const lines = [`<p><strong>${date}</strong></p>`, `<p>${availability}</p>`];
  if (day.downtimeMinutes > 0) lines.push(`<p>${minutesText(day.downtimeMinutes)} of downtime</p>`);
  if (day.maintenanceRuns > 0) lines.push(`<p>Maintenance (not counted)</p>`);
  if (day.incidentIds.length > 0) {
    const items = day.incidentIds.map((id) => {
      const title = incidentTitles.get(id);
      return title === undefined ? `<li>Incident ${id}</li>` : `<li><a href="#incident-${id}">${e(title)}</a></li>`;
    });
    lines.push(`<ul>${items.join('')}</ul>`);
  }
  const incidents = day.incidentIds.length === 0 ? '' : `, ${day.incidentIds.length} incident${day.incidentIds.length === 1 ? '' : 's'}`;
  return `<li><details class="day ${barClass(day)}"><summary><span class="visually-hidden">${date}: ${availability}${incidents}</span></summary><div class="day-tip">${lines.join('')}</div></details></li>`;
}

function renderCertificate(component: PublicComponent, timeZone: string): string {
  const certificate = component.certificate;
  if (!certificate) return '';
  if (certificate.notAfter === null || certificate.daysLeft === null) return '<p class="certificate">Certificate not read yet</p>';
  const when = `<time datetime="${e(certificate.notAfter)}">${e(instantText(certificate.notAfter, timeZone))}</time>`;
  const text = certificate.daysLeft < 0 ? `Certificate expired on ${when}` : `Certificate expires in ${certificate.daysLeft} day${certificate.daysLeft === 1 ? '' : 's'}, on ${when}`;
  return `<p class="certificate">${text}</p>`;
}

function renderComponent(component: PublicComponent, heading: 'h3' | 'h4', page: PublicStatusPage, incidentTitles: ReadonlyMap<number, string>): string {
  const id = `component-${e(component.key)}`;
  const name = e(component.displayName);
  const host = component.hostName === null ? '' : `<p class="host">${e(component.hostName)}</p>`;
  const days = component.days.map((day) => renderDay(day, incidentTitles)).join('');
  return `<article class="component" id="${id}" aria-labelledby="${id}-name">
<div class="component-head"><${heading} id="${id}-name">${name}</${heading}><span class="state state-${component.state}">${COMPONENT_STATE_TEXT[component.state]}</span></div>
${host}<p class="availability">${percentText(component.availability90d)} over 90 days · ${percentText(component.availability30d)} over 30 days</p>
<ol class="bars" aria-label="${name}: daily availability, last ${component.days.length} days, oldest first">${days}</ol>
<div class="bars-axis" aria-hidden="true"><span>${component.days.length} days ago</span><span>Today</span></div>
${renderCertificate(component, page.timeZone)}</article>`;
}

function renderGroup(group: PublicComponentGroup, page: PublicStatusPage, incidentTitles: ReadonlyMap<number, string>): string {
  if (group.name === null) return group.components.map((component) => renderComponent(component, 'h3', page, incidentTitles)).join('\n');
  const components = group.components.map((component) => renderComponent(component, 'h4', page, incidentTitles)).join('\n');
  return `<section class="group"><h3>${e(group.name)}</h3>\n${components}</section>`;
}

export function renderComponentsSection(page: PublicStatusPage): string {
  const incidentTitles = new Map([...page.activeIncidents, ...page.pastIncidents].map((incident) => [incident.id, incident.title]));
  const policy = page.availabilityPolicy.map((line) => `<li>${e(line)}</li>`).join('');
  const groups = page.groups.map((group) => renderGroup(group, page, incidentTitles)).join('\n');
  return `<section id="components" aria-labelledby="components-heading">
<h2 id="components-heading">Components</h2>
<div class="components-layout"><div class="components">
${groups || '<p>No components are shown on this page.</p>'}
</div><div class="policy"><h3 id="policy-heading">How availability is counted</h3><ul>${policy}</ul>
<p>Each bar is one day in ${e(page.timeZone)}; open a bar for its availability, downtime and incidents.</p></div></div>
</section>`;
}
