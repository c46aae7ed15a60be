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

/**
 * What a page's bars share, made once per rendering: a page of 100 components has 9,000 bars
 * but only 90 dates, so the dates' texts are made once each, and most bars (a day without
 * incidents, with the same figures on several components) are made once each too: found by
 * their day, then by their availability alone when the day had no downtime or maintenance
 * (the common case, a number key), else by all their figures.
 */
interface BarContext {
  incidentTitles: ReadonlyMap<number, string>;
  dates: Map<string, string>;
  barsWithoutIncidents: Map<string, Map<number | string | null, string>>;
}

function dateOf(day: string, context: BarContext): string {
  let text = context.dates.get(day);
  if (text === undefined) {
    text = e(dayText(day));
    context.dates.set(day, text);
  }
  return text;
}

/**
 * One bar, kept small (a page of 100 components has 9,000): the summary's text names the day,
 * its availability, downtime and incident count; a screen reader reads it on focus, and once the
 * bar is open the stylesheet shows it as the bar's box. A day with incidents also gets a body
 * with the same text and links to the incidents (links cannot sit inside a summary).
 */
function renderDay(day: PublicDay, context: BarContext): string {
  if (day.incidentIds.length > 0) return renderBar(day, context);
  let byFigures = context.barsWithoutIncidents.get(day.day);
  if (byFigures === undefined) {
    byFigures = new Map();
    context.barsWithoutIncidents.set(day.day, byFigures);
  }
  const key = day.downtimeMinutes === 0 && day.maintenanceRuns === 0 ? day.availability : `${day.availability} ${day.downtimeMinutes} ${day.maintenanceRuns}`;
  let bar = byFigures.get(key);
  if (bar === undefined) {
    bar = renderBar(day, context);
    byFigures.set(key, bar);
  }
  return bar;
}

/** Joined, not concatenated: a flat string, copied as it is into each of its many uses. */
function renderBar(day: PublicDay, context: BarContext): string {
  const parts = [dateOf(day.day, context), ': ', day.availability === null ? 'no data' : `${percentText(day.availability)} available`];
  if (day.downtimeMinutes > 0) parts.push(', ', minutesText(day.downtimeMinutes), ' of downtime');
  if (day.maintenanceRuns > 0) parts.push(', maintenance (not counted)');
  const text = parts.join('');
  const summary = (detail: string) => `<summary><span>${text}${detail}</span></summary>`;
  if (day.incidentIds.length === 0) return ['<li><details class="day ', barClass(day), '"><summary><span>', text, '</span></summary></details></li>'].join('');
  const items = day.incidentIds.map((id) => {
    const title = context.incidentTitles.get(id);
    return title === undefined ? `<li>Incident ${id}</li>` : `<li><a href="#incident-${id}">${e(title)}</a></li>`;
  });
  const count = `, ${day.incidentIds.length} incident${day.incidentIds.length === 1 ? '' : 's'}`;
  return `<li><details class="day ${barClass(day)} with-incidents">${summary(count)}<div class="day-tip">${text}<ul>${items.join('')}</ul></div></details></li>`;
}

/**
 * Frozen days never change (the loader's settled days are frozen and shared by every view made
 * while it keeps their counts, see daily-bars), so the bars of a component's leading run of
 * frozen days are the same markup for as long as the same objects come in the same order and
 * their incidents have the same titles: made once, as UTF-8 bytes, and kept beside the first day
 * of the run, weakly, so that they go when the loader lets go of the days. A miss then renders
 * only the recent days' bars.
 */
interface KeptBars {
  days: readonly PublicDay[];
  /** The ids and titles of the incidents the days link to, as they were when the bars were made. */
  incidents: string;
  bytes: Buffer;
}

const keptBars = new WeakMap<PublicDay, KeptBars>();

function incidentsOf(days: readonly PublicDay[], context: BarContext): string {
  let text = '';
  for (let i = 0; i < days.length; i += 1) {
    const ids = days[i]!.incidentIds;
    for (let j = 0; j < ids.length; j += 1) text += `${ids[j]}\u0000${context.incidentTitles.get(ids[j]!) ?? ''}\u0000`;
  }
  return text;
}

function startsWith(days: readonly PublicDay[], run: readonly PublicDay[]): boolean {
  if (run.length > days.length) return false;
  for (let i = 0; i < run.length; i += 1) if (days[i] !== run[i]) return false;
  return true;
}

/** The kept bars of the component's leading frozen days, made now if none match; undefined when its first day is not frozen. */
function frozenBars(days: readonly PublicDay[], context: BarContext): KeptBars | undefined {
  const first = days[0];
  if (first === undefined || !Object.isFrozen(first)) return undefined;
  const kept = keptBars.get(first);
  if (kept !== undefined && startsWith(days, kept.days) && kept.incidents === incidentsOf(kept.days, context)) return kept;
  let count = 1;
  while (count < days.length && Object.isFrozen(days[count])) count += 1;
  const run = days.slice(0, count);
  const made = { days: run, incidents: incidentsOf(run, context), bytes: Buffer.from(run.map((day) => renderDay(day, context)).join(''), 'utf8') };
  keptBars.set(first, made);
  return made;
}

function renderCertificate(component: PublicComponent, timeZone: string): string {
  const certificate = component.certificate;
  if (!certificate) return '';
  if (certificate.notAfter === null || certificate.daysLeft === null) return '<p class="certificate">Certificate not read yet</p>';
  const when = `<time datetime="${e(certificate.notAfter)}">${e(instantText(certificate.notAfter, timeZone))}</time>`;
  const text = certificate.daysLeft < 0 ? `Certificate expired on ${when}` : `Certificate expires in ${certificate.daysLeft} day${certificate.daysLeft === 1 ? '' : 's'}, on ${when}`;
  return `<p class="certificate">${text}</p>`;
}

/**
 * The renderers below append to one list of parts, joined once: a page of 100 components is
 * about 1 MB, copied once into one buffer rather than once per level of nesting. The kept bars
 * are parts as the bytes they were encoded to once.
 */
export type HtmlParts = Array<string | Buffer>;

function renderComponent(parts: HtmlParts, component: PublicComponent, heading: 'h3' | 'h4', page: PublicStatusPage, context: BarContext): void {
  const id = `component-${e(component.key)}`;
  const name = e(component.displayName);
  const host = component.hostName === null ? '' : `<p class="host">${e(component.hostName)}</p>`;
  parts.push(`<article class="component" id="${id}" aria-labelledby="${id}-name">
<div class="component-head"><${heading} id="${id}-name">${name}</${heading}><span class="state state-${component.state}">${COMPONENT_STATE_TEXT[component.state]}</span></div>
${host}<p class="availability">${percentText(component.availability90d)} over 90 days &middot; ${percentText(component.availability30d)} over 30 days</p>
<ol class="bars" aria-label="${name}: daily availability, last ${component.days.length} days, oldest first">`);
  const kept = frozenBars(component.days, context);
  if (kept !== undefined) parts.push(kept.bytes);
  for (let i = kept?.days.length ?? 0; i < component.days.length; i += 1) parts.push(renderDay(component.days[i]!, context));
  parts.push(`</ol>
<div class="bars-axis" aria-hidden="true"><span>${component.days.length} days ago</span><span>Today</span></div>
${renderCertificate(component, page.timeZone)}</article>`);
}

function renderGroup(parts: HtmlParts, group: PublicComponentGroup, page: PublicStatusPage, context: BarContext): void {
  if (group.name !== null) parts.push(`<section class="group"><h3>${e(group.name)}</h3>\n`);
  group.components.forEach((component, i) => {
    if (i > 0) parts.push('\n');
    renderComponent(parts, component, group.name === null ? 'h3' : 'h4', page, context);
  });
  if (group.name !== null) parts.push('</section>');
}

export function renderComponentsSection(parts: HtmlParts, page: PublicStatusPage): void {
  const incidentTitles = new Map([...page.activeIncidents, ...page.pastIncidents].map((incident) => [incident.id, incident.title]));
  const context: BarContext = { incidentTitles, dates: new Map(), barsWithoutIncidents: new Map() };
  const policy = page.availabilityPolicy.map((line) => `<li>${e(line)}</li>`).join('');
  parts.push('<section id="components" aria-labelledby="components-heading">\n<h2 id="components-heading">Components</h2>\n<div class="components-layout"><div class="components">\n');
  page.groups.forEach((group, i) => {
    if (i > 0) parts.push('\n');
    renderGroup(parts, group, page, context);
  });
  if (page.groups.length === 0) parts.push('<p>No components are shown on this page.</p>');
  parts.push(`
</div><div class="policy"><h3 id="policy-heading">How availability is counted</h3><ul>${policy}</ul>
<p>Each bar is one day in ${e(page.timeZone)}; open a bar for its availability, downtime and incidents.</p></div></div>
</section>`);
}
