import type { EntityManager } from '@mikro-orm/postgresql';
import { daysUntilExpiry } from '../domain/domain-name.js';
import { ROLLUP_SUMS, runCountsOf, type CountsRow } from '../api/sla/sla-report.js';
import { SLA_POLICY } from '../domain/sla-report.js';
import type { CheckState } from '../store/entities/uptime-check.js';
import type { StatusPageLink } from '../store/entities/status-page.js';
import type { Store } from '../store/orm.js';
import { preparedRows } from '../store/prepared-rows.js';
import {
  availabilityOverLast,
  checkDays,
  countedDay,
  recentDays,
  emptyDays,
  pageDays,
  settledDays,
  type CountedDay,
  type DayCounts,
  type IncidentSpan,
  type PageDay,
  type SettledDays,
} from './daily-bars.js';
import { checkComponentState, domainComponentState, pageState } from './public-state.js';
import type { StatusPageLogo, StatusPageSource } from './status-page-source.js';
import type { PublicComponent, PublicComponentGroup, PublicIncident, PublicIncidentState, PublicMaintenance, PublicStatusPage } from './status-page-view.js';
import { intArrayText } from '../store/int-array-text.js';

const DAY_MS = 86_400_000;

type Json<T> = T | string;
const parsed = <T>(value: Json<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const instant = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The page with its components, read in one statement. */
interface PageRow {
  id: number;
  workspace_id: number;
  slug: string;
  title: string;
  description: string;
  show_host_names: boolean;
  time_zone: string;
  links: Json<StatusPageLink[]>;
  frame_ancestors: Json<string[]>;
  has_logo: boolean;
  /** In the page's order. */
  components: Json<ComponentRow[]>;
}

interface ComponentRow {
  group_name: string | null;
  display_name: string;
  check_id: number | null;
  domain_id: number | null;
  state: CheckState | null;
  paused: boolean | null;
  hostname: string | null;
  domain_name: string | null;
  domain_active: boolean | null;
  certificate_not_after: Date | string | null;
}

interface IncidentRow {
  id: number;
  check_id: number;
  opened_at: Date | string;
  resolved_at: Date | string | null;
  updates: Json<Array<{ state: PublicIncidentState; body: string; at: string }>>;
}

interface WindowRow {
  id: number;
  name: string;
  scope: 'workspace' | 'uptime_check';
  check_id: number | null;
  starts_at: Date | string;
  ends_at: Date | string;
}

export interface DatabaseStatusPageSourceOptions {
  /** Days the hourly rollup is kept (VANTAGE_HOURLY_ROLLUP_RETENTION_DAYS): older days come from the daily rollup, cut in UTC. */
  hourlyRetentionDays: number;
  now?: () => Date;
}

/**
 * Reads public status pages from the database, cut down to what the public may see: the page's
 * own components (checks and domains of its workspace only), their state, 90 daily bars in the
 * page's time zone from the rollups, incidents with their public updates (never their private
 * notes or failing locations), and the maintenance windows that affect them. Host names only when
 * the page shows them. Three statements a page, whatever its number of components (the page with
 * its components, then its days' counts beside its incidents with its maintenance; lists come as
 * JSON, parsed at once rather than row by row), each prepared once per pooled connection
 * (planning them cost more than running them; a page's check ids are one array parameter, so
 * every page shares one plan); the counts of settled days are kept, so that a page loaded again
 * reads only its last days' rollups.
 */
export class DatabaseStatusPageSource implements StatusPageSource {
  private readonly now: () => Date;
  /** Settled days (their counts and bars) by page (its time zone, days and checks), least recently read first. */
  private readonly settled = new Map<string, { readAtMs: number; byCheck: Map<number, SettledDays> }>();

  /** One fork for every read: the source runs raw statements only, so its identity map stays empty. */
  private readonly em: EntityManager;

  constructor(
    store: Store,
    private readonly options: DatabaseStatusPageSourceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.em = store.em.fork() as EntityManager;
  }

  async bySlug(slug: string): Promise<PublicStatusPage | null> {
    // The joins repeat the page's workspace: a component can only ever show its own workspace's rows.
    const [page] = await preparedRows<PageRow>(
      this.em,
      `select p.id, p.workspace_id, p.slug, p.title, p.description, p.show_host_names, p.time_zone, p.links, p.frame_ancestors,
         exists (select 1 from status_page_logos l where l.page_id = p.id) as has_logo,
         coalesce((select json_agg(json_build_object('group_name', c.group_name, 'display_name', c.display_name, 'check_id', c.check_id,
             'domain_id', c.domain_id, 'state', u.state, 'paused', u.paused, 'hostname', u.hostname, 'domain_name', d.name,
             'domain_active', d.active, 'certificate_not_after', d.certificate_not_after) order by c.position, c.id)
           from status_page_components c
           left join uptime_checks u on u.id = c.check_id and u.workspace_id = p.workspace_id
           left join domains d on d.id = c.domain_id and d.workspace_id = p.workspace_id
           where c.page_id = p.id), '[]') as components
       from status_pages p where p.slug = ? and p.enabled`,
      [slug],
    );
    if (!page) return null;
    const now = this.now();
    const nowMs = now.getTime();
    const days = pageDays(nowMs, page.time_zone);
    const rows = parsed(page.components).filter((row) => row.state !== null || row.domain_name !== null);
    const checkIds = rows.flatMap((row) => (row.state !== null ? [Number(row.check_id)] : []));
    const [counts, { incidents, windows }] = await Promise.all([
      this.dailyCounts(checkIds, days, page.time_zone, nowMs),
      this.incidentsAndMaintenance(page.workspace_id, checkIds, days[0]!.fromMs, now),
    ]);
    const activeWindows = windows.filter((window) => instant(window.starts_at) <= now);
    const spansByCheck = new Map<number, IncidentSpan[]>();
    for (const incident of incidents) {
      const checkId = Number(incident.check_id);
      if (!spansByCheck.has(checkId)) spansByCheck.set(checkId, []);
      spansByCheck.get(checkId)!.push({ id: Number(incident.id), openedAtMs: instant(incident.opened_at).getTime(), resolvedAtMs: incident.resolved_at === null ? null : instant(incident.resolved_at).getTime() });
    }
    const components = rows.map((row) => this.component(row, page, days, counts, spansByCheck, activeWindows, now));
    const keyOfCheck = new Map(rows.flatMap((row, i) => (row.state !== null ? [[Number(row.check_id), components[i]!]] : [])));
    const publicIncidents = incidents.map((incident) => this.incident(incident, keyOfCheck.get(Number(incident.check_id))!));
    return {
      slug: page.slug,
      title: page.title,
      description: page.description,
      timeZone: page.time_zone,
      logoPath: page.has_logo ? `/status/${page.slug}/logo` : null,
      links: parsed(page.links),
      frameAncestors: parsed(page.frame_ancestors),
      state: pageState(components.map((component) => component.state)),
      groups: groupsOf(rows, components),
      activeIncidents: publicIncidents.filter((incident) => incident.resolvedAt === null),
      pastIncidents: publicIncidents.filter((incident) => incident.resolvedAt !== null),
      maintenance: windows.map((window): PublicMaintenance => ({
        id: Number(window.id),
        title: window.name,
        state: instant(window.starts_at) <= now ? 'active' : 'scheduled',
        startsAt: instant(window.starts_at).toISOString(),
        endsAt: instant(window.ends_at).toISOString(),
        componentKeys: window.scope === 'workspace' ? [] : [`c${window.check_id}`],
      })),
      availabilityPolicy: SLA_POLICY,
      generatedAt: now.toISOString(),
    };
  }

  async slugForHost(host: string): Promise<string | null> {
    const [row] = await this.em.getConnection().execute<Array<{ slug: string }>>(`select slug from status_pages where custom_domain = ? and enabled`, [host.toLowerCase()]);
    return row?.slug ?? null;
  }

  async logo(slug: string): Promise<StatusPageLogo | null> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ content_type: string; bytes: Uint8Array }>>(
        `select l.content_type, l.bytes from status_page_logos l join status_pages p on p.id = l.page_id where p.slug = ? and p.enabled`,
        [slug],
      );
    return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) } : null;
  }

  /**
   * Counts per check of each local day. Days that ended an hour ago or more are settled (their
   * runs reached the rollups long since): their counts, and the bars made of them, are kept per
   * page and read again hourly, and a cache miss reads only today's.
   */
  private async dailyCounts(checkIds: number[], days: readonly PageDay[], timeZone: string, nowMs: number): Promise<Map<number, DayCounts>> {
    if (checkIds.length === 0) return new Map();
    const settledCount = days.filter((day) => day.toMs <= nowMs - SETTLED_AFTER_MS).length;
    const key = `${timeZone} ${days[0]!.day} ${settledCount} ${checkIds.join(',')}`;
    const kept = this.settled.get(key);
    if (kept && nowMs - kept.readAtMs < SETTLED_REREAD_MS) {
      const recentDays = days.slice(settledCount);
      const recent = await this.countsOf(checkIds, recentDays, timeZone, nowMs);
      return new Map(checkIds.map((checkId) => [checkId, { settled: kept.byCheck.get(checkId)!, recent: countsAt(recentDays, recent.get(checkId)) }]));
    }
    const counts = await this.countsOf(checkIds, days, timeZone, nowMs);
    const settled = days.slice(0, settledCount);
    const byCheck = new Map(checkIds.map((checkId): [number, DayCounts] => {
      const all = countsAt(days, counts.get(checkId));
      return [checkId, { settled: settledDays(settled, all.slice(0, settledCount)), recent: all.slice(settledCount) }];
    }));
    this.settled.delete(key);
    this.settled.set(key, { readAtMs: nowMs, byCheck: new Map([...byCheck].map(([checkId, dayCounts]) => [checkId, dayCounts.settled])) });
    if (this.settled.size > SETTLED_PAGES_KEPT) this.settled.delete(this.settled.keys().next().value!);
    return byCheck;
  }

  /**
   * Counts per check and local day of consecutive days: from the hourly rollup, cut in the page's
   * time zone, while it is kept; before that from the daily rollup, whose days are UTC days. A
   * page whose days are UTC days (UTC, and the zones at UTC+0 all year) reads only the daily
   * rollup: written in the same statement as the hourly one, it holds the same counts in a 24th
   * of the rows.
   */
  private async countsOf(checkIds: number[], days: readonly PageDay[], timeZone: string, nowMs: number): Promise<Map<number, Map<string, CountedDay>>> {
    const byCheck = new Map<number, Map<string, CountedDay>>();
    if (checkIds.length === 0) return byCheck;
    const endMs = days[days.length - 1]!.toMs;
    const keptFromMs = Math.max(days[0]!.fromMs, Math.ceil((nowMs - (this.options.hourlyRetentionDays - 1) * DAY_MS) / DAY_MS) * DAY_MS);
    const hourlyFromMs = utcDays(days) ? endMs : keptFromMs;
    // The daily rollup has one row per check and day: its counts need no sums.
    const daily = `select check_id, day, ${DAILY_COUNTS} from daily_availability where check_id = any(?::int[]) and day >= ? and day < ?`;
    const dailyParams = [intArrayText(checkIds), utcDay(days[0]!.fromMs), utcDay(hourlyFromMs)];
    const rows = await preparedRows<CountsRow & { day: string }>(
      this.em,
      hourlyFromMs >= endMs
        ? daily
        : `select check_id, to_char(hour at time zone ?, 'YYYY-MM-DD') as day, ${ROLLUP_SUMS}
             from hourly_availability where check_id = any(?::int[]) and hour >= ? and hour < ? group by 1, 2
           union all
           ${daily}`,
      hourlyFromMs >= endMs ? dailyParams : [timeZone, intArrayText(checkIds), new Date(hourlyFromMs), new Date(endMs), ...dailyParams],
    );
    for (const row of rows) {
      const checkId = Number(row.check_id);
      if (!byCheck.has(checkId)) byCheck.set(checkId, new Map());
      byCheck.get(checkId)!.set(row.day, countedDay(runCountsOf(row)));
    }
    return byCheck;
  }

  /**
   * In one statement: the open incidents and those resolved since the first day, newest first,
   * with their public updates only; and the enabled maintenance windows not yet over that cover
   * the page's checks (a workspace window covers all of them), soonest first.
   */
  private async incidentsAndMaintenance(workspaceId: number, checkIds: number[], sinceMs: number, now: Date): Promise<{ incidents: IncidentRow[]; windows: WindowRow[] }> {
    if (checkIds.length === 0) return { incidents: [], windows: [] };
    const [row] = await preparedRows<{ incidents: Json<IncidentRow[]>; windows: Json<WindowRow[]> }>(
      this.em,
      `select
         coalesce((select json_agg(json_build_object('id', i.id, 'check_id', i.check_id, 'opened_at', i.opened_at, 'resolved_at', i.resolved_at,
             'updates', coalesce((select json_agg(json_build_object('state', u.state, 'body', u.body, 'at', u.created_at) order by u.created_at desc, u.id desc)
                                  from incident_public_updates u where u.incident_id = i.id), '[]')) order by i.opened_at desc, i.id desc)
           from incidents i
           where i.workspace_id = ? and i.check_id = any(?::int[]) and (i.resolved_at is null or i.resolved_at >= ?)), '[]') as incidents,
         coalesce((select json_agg(json_build_object('id', w.id, 'name', w.name, 'scope', w.scope, 'check_id', w.check_id, 'starts_at', w.starts_at,
             'ends_at', w.ends_at) order by w.starts_at, w.id)
           from maintenance_windows w
           where w.workspace_id = ? and w.enabled and w.ends_at > ? and (w.scope = 'workspace' or w.check_id = any(?::int[]))), '[]') as windows`,
      [workspaceId, intArrayText(checkIds), new Date(sinceMs), workspaceId, now, intArrayText(checkIds)],
    );
    return { incidents: parsed(row!.incidents), windows: parsed(row!.windows) };
  }

  private component(
    row: ComponentRow,
    page: PageRow,
    days: readonly PageDay[],
    counts: ReadonlyMap<number, DayCounts>,
    spansByCheck: ReadonlyMap<number, IncidentSpan[]>,
    activeWindows: WindowRow[],
    now: Date,
  ): PublicComponent {
    const nowMs = now.getTime();
    if (row.state !== null) {
      const checkId = Number(row.check_id);
      const countsOfDays = counts.get(checkId) ?? recentDays([]);
      const inMaintenance = activeWindows.some((window) => window.scope === 'workspace' || Number(window.check_id) === checkId);
      return {
        key: `c${checkId}`,
        kind: 'check',
        displayName: row.display_name,
        hostName: page.show_host_names ? row.hostname : null,
        state: checkComponentState({ paused: row.paused === true, state: row.state }, inMaintenance),
        days: checkDays(days, countsOfDays, spansByCheck.get(checkId) ?? [], nowMs),
        availability30d: availabilityOverLast(days, countsOfDays, 30),
        availability90d: availabilityOverLast(days, countsOfDays, days.length),
        certificate: null,
      };
    }
    const notAfter = row.certificate_not_after === null ? null : instant(row.certificate_not_after);
    const daysLeft = notAfter === null ? null : daysUntilExpiry(notAfter, now);
    return {
      key: `d${Number(row.domain_id)}`,
      kind: 'domain',
      displayName: row.display_name,
      hostName: page.show_host_names ? row.domain_name : null,
      state: domainComponentState({ active: row.domain_active === true, daysLeft }),
      days: emptyDays(days),
      availability30d: null,
      availability90d: null,
      certificate: { notAfter: notAfter?.toISOString() ?? null, daysLeft },
    };
  }

  private incident(row: IncidentRow, component: PublicComponent): PublicIncident {
    const updates = parsed(row.updates).map((update) => ({ state: update.state, body: update.body, at: instant(update.at).toISOString() }));
    const resolvedAt = row.resolved_at === null ? null : instant(row.resolved_at).toISOString();
    return {
      id: Number(row.id),
      title: `Outage: ${component.displayName}`,
      state: resolvedAt !== null ? 'resolved' : (updates[0]?.state ?? 'investigating'),
      startedAt: instant(row.opened_at).toISOString(),
      resolvedAt,
      componentKeys: [component.key],
      updates,
    };
  }
}

/**
 * A day this long over is settled: the runs of its last cycles reached the rollups within minutes
 * (a run is written with its rollups once its cycle closes). A miss then reads only today's rollups,
 * and yesterday's in the first hour of a day.
 */
const SETTLED_AFTER_MS = 3_600_000;
/** Settled counts are read again this often: a check's history deleted or a rollup rebuilt shows within the hour. */
const SETTLED_REREAD_MS = 3_600_000;
const SETTLED_PAGES_KEPT = 1000;

/** A daily rollup row's counts under the names of ROLLUP_SUMS. */
const DAILY_COUNTS = `up_runs as up, down_runs as down, unknown_runs as unknown, maintenance_runs as maintenance,
  quorum_down_runs as quorum_down, partial_runs as partial, downtime_seconds as downtime`;

/** A check's counts laid out by the days' indexes. */
const countsAt = (days: readonly PageDay[], byDay: ReadonlyMap<string, CountedDay> | undefined): Array<CountedDay | undefined> =>
  days.map((day) => byDay?.get(day.day));

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whether every local day is the UTC day of the same date: then the daily rollup's days are the page's. */
const utcDays = (days: readonly PageDay[]): boolean => days.every((day) => day.fromMs % DAY_MS === 0 && day.toMs - day.fromMs === DAY_MS && utcDay(day.fromMs) === day.day);

/** Consecutive components of the same group name are one group, in the page's order. */
function groupsOf(rows: readonly ComponentRow[], components: readonly PublicComponent[]): PublicComponentGroup[] {
  const groups: PublicComponentGroup[] = [];
  rows.forEach((row, i) => {
    const last = groups[groups.length - 1];
    if (last && last.name === row.group_name) last.components.push(components[i]!);
    else groups.push({ name: row.group_name, components: [components[i]!] });
  });
  return groups;
}
