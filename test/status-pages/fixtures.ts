import type { StatusPageLogo, StatusPageSource } from '../../src/status-pages/status-page-source.js';
import type { PublicComponent, PublicDay, PublicIncident, PublicStatusPage } from '../../src/status-pages/status-page-view.js';

/** Public views for the status page tests, built the way the loader shapes them. */

const DAY_MS = 86_400_000;
const TODAY = Date.UTC(2026, 10, 25);

/** `seed` moves the bad days, so the components of a large page differ. */
export function days(count = 90, incidentDay?: { index: number; incidentId: number }, seed = 0): PublicDay[] {
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(TODAY - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    const bad = (index + seed) % 17 === 3;
    return {
      day,
      availability: index < 5 ? null : bad ? 0.985 - seed / 10_000 : (index + seed) % 11 === 0 ? 0.9995 : 1,
      downtimeMinutes: index < 5 ? 0 : bad ? 21 : (index + seed) % 11 === 0 ? 1 : 0,
      maintenanceRuns: index === 2 ? 12 : 0,
      incidentIds: incidentDay?.index === index ? [incidentDay.incidentId] : [],
    };
  });
}

export function component(key: string, displayName: string, overrides: Partial<PublicComponent> = {}): PublicComponent {
  return {
    key,
    kind: key.startsWith('d') ? 'domain' : 'check',
    displayName,
    hostName: null,
    state: 'operational',
    days: days(90, { index: 80, incidentId: 7 }),
    availability30d: 0.9993,
    availability90d: 0.9981,
    certificate: key.startsWith('d') ? { notAfter: '2027-01-04T12:00:00.000Z', daysLeft: 40 } : null,
    ...overrides,
  };
}

export function incident(id: number, title: string, overrides: Partial<PublicIncident> = {}): PublicIncident {
  return {
    id,
    title,
    state: 'identified',
    startedAt: '2026-11-25T08:00:00.000Z',
    resolvedAt: null,
    componentKeys: ['c1'],
    updates: [
      { state: 'identified', body: 'The database primary ran out of disk.\nFailing over.', at: '2026-11-25T08:20:00.000Z' },
      { state: 'investigating', body: 'Checkout answers slowly.', at: '2026-11-25T08:05:00.000Z' },
    ],
    ...overrides,
  };
}

export function statusPage(overrides: Partial<PublicStatusPage> = {}): PublicStatusPage {
  return {
    slug: 'acme',
    title: 'Acme services',
    description: 'The state of the Acme shop and its API.',
    timeZone: 'Europe/Berlin',
    logoPath: null,
    links: [{ label: 'Acme home', url: 'https://acme.example/' }],
    frameAncestors: [],
    state: 'partial_outage',
    groups: [
      { name: null, components: [component('c1', 'Checkout'), component('c2', 'API', { state: 'down', availability30d: 0.95 })] },
      { name: 'Web sites', components: [component('d3', 'acme.example certificate')] },
    ],
    activeIncidents: [incident(7, 'Checkout is slow')],
    pastIncidents: [
      incident(5, 'API errors after a deploy', {
        state: 'resolved',
        startedAt: '2026-11-10T10:00:00.000Z',
        resolvedAt: '2026-11-10T10:45:00.000Z',
        componentKeys: ['c2'],
        updates: [{ state: 'resolved', body: 'Rolled back.', at: '2026-11-10T10:45:00.000Z' }],
      }),
    ],
    maintenance: [
      { id: 3, title: 'Database upgrade', state: 'scheduled', startsAt: '2026-11-28T22:00:00.000Z', endsAt: '2026-11-28T23:00:00.000Z', componentKeys: [] },
    ],
    availabilityPolicy: ["A day counts the runs the locations' quorum agreed on.", 'Runs inside a maintenance window are not counted.'],
    generatedAt: '2026-11-25T09:00:00.000Z',
    ...overrides,
  };
}

/** A page of `count` components in five groups, as the bench and the load-bearing tests use. */
export function largePage(count: number): PublicStatusPage {
  const groups = Array.from({ length: 5 }, (_, group) => ({
    name: `Region ${group + 1}`,
    components: Array.from({ length: count / 5 }, (_, index) =>
      component(`c${group * 100 + index + 1}`, `Service ${group + 1}.${index + 1}`, { days: days(90, { index: 80, incidentId: 7 }, group * 20 + index) }),
    ),
  }));
  return statusPage({ groups });
}

/** Our own StatusPageSource over in-memory views (what the database loader answers in production). */
export class MemoryStatusPageSource implements StatusPageSource {
  readonly pages = new Map<string, PublicStatusPage>();
  readonly disabled = new Set<string>();
  readonly domains = new Map<string, string>();
  readonly logos = new Map<string, StatusPageLogo>();
  loads = 0;
  failing = false;

  constructor(...pages: PublicStatusPage[]) {
    for (const page of pages) this.pages.set(page.slug, page);
  }

  async bySlug(slug: string): Promise<PublicStatusPage | null> {
    this.loads += 1;
    if (this.failing) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    return this.disabled.has(slug) ? null : (this.pages.get(slug) ?? null);
  }

  async slugForHost(host: string): Promise<string | null> {
    const slug = this.domains.get(host);
    return slug === undefined || this.disabled.has(slug) ? null : slug;
  }

  async logo(slug: string): Promise<StatusPageLogo | null> {
    return this.logos.get(slug) ?? null;
  }
}
