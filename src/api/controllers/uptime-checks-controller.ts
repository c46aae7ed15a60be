import type { Readable } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { Body, Get, Path, Post, Produces, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { historyResolution, monthRange, type HistoryResolution } from '../../domain/check-history.js';
import { capabilityForCheckType } from '../../domain/entitlement.js';
import { principalOf, workspaceIdOfRoute, workspaceOf } from '../auth/principal.js';
import { confirmedRead } from '../auth/sign-in-check.js';
import { ApiController } from '../base-controller.js';
import { ok, page, type ErrorBody, type Page, type Success } from '../envelope.js';
import { ApiError, badRequest } from '../errors.js';
import { jsonText, pageText, successText } from '../json-text.js';
import { requireActiveEntitlement, requireCapability, requirePermission } from '../guards.js';
import { parseBooleanFilter, parseInstant, parsePaging, parseRange, type BooleanFilter } from '../query-filters.js';
import { latencySeries, listRuns, rollupCsv, runsCsv, slaCalendar, type LatencySeries, type SlaCalendar } from '../uptime-checks/check-history.js';
import { bulkPause } from '../uptime-checks/bulk-pause.js';
import type { BulkPauseOutcome } from '../uptime-checks/bulk-pause-decision.js';
import { createCheck, deleteCheck, setPaused, toggleFavorite, updateCheck, usableLocations } from '../uptime-checks/check-mutations.js';
import { checkOptions, type CheckOptions } from '../uptime-checks/check-options-view.js';
import { loadCheckDetail } from '../uptime-checks/check-detail-rows.js';
import { listCheckRows } from '../uptime-checks/check-list-rows.js';
import { checkViewerOf } from '../uptime-checks/check-view-sql.js';
import { findCheck, type StatusFilter } from '../uptime-checks/check-queries.js';
import { runSummaryView, type RunView, type UptimeCheckDetail, type UptimeCheckView } from '../uptime-checks/check-views.js';

/**
 * The fields of an uptime check, on create and (as a full replacement) on update. Fields of
 * another check type are ignored when empty (null, "", [], false) and refused otherwise.
 */
export interface UptimeCheckFields {
  /** 1 to 200 characters; unique in the workspace (409 otherwise). */
  name: string;
  /** http, ping, dns or tcp; cannot change on update. */
  check_type?: string;
  /** Host name or IP address; HTTP checks may add :port. */
  hostname: string;
  /** HTTP: http or https (required). */
  protocol?: string | null;
  /** HTTP: starts with `/`; default `/`. */
  path?: string | null;
  /** Minutes: 1, 2, 5, 10 or 15; default 5. */
  check_frequency?: number | null;
  /** HTTP: get, head, post, put, patch, delete or options; default get. */
  request_method?: string | null;
  /** Milliseconds, 1000 to 30000; default 10000. */
  response_timeout?: number | null;
  /** Locations from the options endpoint for this type; default all of them. */
  trigger_locations?: string[] | null;
  /** 1 to the number of trigger locations; default 1. */
  min_failing_locations?: number | null;
  /** HTTP: classes like 2XX; default ["2XX"]. */
  response_classes?: string[] | null;
  /** HTTP: follow redirects; default false. */
  flag_follow_redirect?: boolean | null;
  /** Notification groups of the same workspace. */
  notification_group_ids?: number[] | null;
  /** DNS: A, AAAA, CNAME, MX, NS or TXT. */
  dns_record_type?: string | null;
  /** DNS: 1 to 20 values, each at most 512 bytes, at most 8 KiB combined, valid for the record type. */
  dns_expected_values?: string[] | null;
  /** TCP: 1 to 65535 except 25. */
  port?: number | null;
  /** TCP: none, contains or not_contains; default none. */
  banner_match_operator?: string | null;
  /** TCP: at most 512 bytes; empty when the operator is none, required otherwise. */
  banner_match_value?: string | null;
}

export interface CreatedId {
  id: number;
}

export interface PausedState {
  id: number;
  paused: boolean;
}

export interface FavoriteState {
  id: number;
  favorite: boolean;
}

export interface BulkPauseRequest {
  action: 'pause' | 'resume';
  /** Checks of this workspace; omitted: every check of the workspace. At most 1000. */
  ids?: number[];
}

const DAY = 86_400_000;

@Route('mobile/uptime-checks')
@Tags('Uptime checks')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, malformed JSON or invalid filters')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible, permission missing, plan capability or limit')
export class UptimeChecksController extends ApiController {
  /** Locations per check type, allowed values, defaults and validation limits for the create form. */
  @Get('options')
  public async options(@Request() req: ExpressRequest): Promise<Success<CheckOptions>> {
    return ok(checkOptions(usableLocations(this.context), principalOf(req).entitlement));
  }

  /**
   * Checks of the workspace, by name.
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   * @param status all (default), up, down, unknown (includes checks that have not run yet) or paused
   * @param search part of the name or host name, case-insensitive
   * @param paused true/false or 1/0
   * @param favorite true/false or 1/0: only the caller's favorites, or only the others
   */
  @Get('')
  public async list(
    @Request() req: ExpressRequest,
    @Query() limit?: number,
    @Query() offset?: number,
    @Query() status?: StatusFilter,
    @Query() search?: string,
    @Query() paused?: BooleanFilter,
    @Query() favorite?: BooleanFilter,
  ): Promise<Page<UptimeCheckView>> {
    const paging = parsePaging(limit, offset);
    const term = search?.trim();
    if (term !== undefined && term.length > 200) throw badRequest('search must be at most 200 characters', { search: 'must be at most 200 characters' });
    const filters = { status: status ?? 'all', search: term || undefined, paused: parseBooleanFilter(paused), favorite: parseBooleanFilter(favorite), ...paging };
    return confirmedRead(req, async (principal, signIn) => {
      const { rows, total, sign_in } = await listCheckRows(this.context.runtime.statements, this.context.runtime.checkPageAnchors, workspaceIdOfRoute(principal), checkViewerOf(principal), filters, signIn);
      return { value: jsonText<Page<UptimeCheckView>>(pageText(rows, { ...paging, total })), signIn: sign_in };
    });
  }

  /** Creates a check; DNS and TCP need the capability uptime_check.dns_tcp. */
  @Post('')
  @SuccessResponse(201, 'Created')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(409, 'Duplicate name')
  @Response<ErrorBody>(422, 'Invalid fields')
  public async create(@Request() req: ExpressRequest, @Body() body: UptimeCheckFields): Promise<Success<CreatedId>> {
    const id = await createCheck(this.context, principalOf(req), body as unknown as Record<string, unknown>);
    this.setStatus(201);
    return ok({ id });
  }

  /**
   * Pauses or resumes several checks. Ids that are not checks of this workspace are ignored and
   * listed in `not_found`; checks managed by Kubernetes, and on resume DNS/TCP checks the plan
   * does not cover, are left alone and listed.
   */
  @Post('bulk-pause')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(422, 'Invalid fields')
  public async bulkPause(@Request() req: ExpressRequest, @Body() body: BulkPauseRequest): Promise<Success<BulkPauseOutcome>> {
    if (body.ids !== undefined && body.ids.length > 1000) throw new ApiError('VALIDATION_ERROR', 'invalid ids', { fields: { ids: 'must hold at most 1000 ids' } });
    if (body.ids?.some((id) => !Number.isInteger(id) || id < 1)) throw new ApiError('VALIDATION_ERROR', 'invalid ids', { fields: { ids: 'must be positive integers' } });
    return ok(await bulkPause(this.context, principalOf(req), body.action, body.ids ? [...new Set(body.ids)] : undefined));
  }

  /** Configuration, attached groups and the latest run. */
  @Get('{id}')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  public async detail(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<UptimeCheckDetail>> {
    return confirmedRead(req, async (principal, signIn) => {
      const detail = await loadCheckDetail(this.context.runtime.statements, workspaceIdOfRoute(principal), checkViewerOf(principal), id, this.context.deps.now(), signIn);
      return { value: jsonText<Success<UptimeCheckDetail>>(successText(detail.text)), signIn: detail.signIn };
    });
  }

  /** Replaces the configuration (every field as on create; absent fields take their defaults). */
  @Post('{id}/update')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  @Response<ErrorBody>(409, 'Duplicate name, or managed by a Kubernetes manifest')
  @Response<ErrorBody>(422, 'Invalid fields, or check_type changed')
  public async update(@Request() req: ExpressRequest, @Path() id: number, @Body() body: UptimeCheckFields): Promise<Success<UptimeCheckDetail>> {
    const principal = principalOf(req);
    await updateCheck(this.context, principal, id, body as unknown as Record<string, unknown>);
    return this.detail(req, id);
  }

  @Post('{id}/delete')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  @Response<ErrorBody>(409, 'Managed by a Kubernetes manifest')
  public async remove(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<CreatedId>> {
    await deleteCheck(this.context, principalOf(req), id);
    return ok({ id });
  }

  /** Stops monitoring; idempotent. */
  @Post('{id}/pause')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  @Response<ErrorBody>(409, 'Managed by a Kubernetes manifest')
  public async pause(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<PausedState>> {
    const check = await setPaused(this.context, principalOf(req), id, true);
    return ok({ id: check.id, paused: check.paused });
  }

  /** Restarts monitoring; idempotent. DNS/TCP need the capability. */
  @Post('{id}/resume')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  @Response<ErrorBody>(409, 'Managed by a Kubernetes manifest')
  public async resume(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<PausedState>> {
    const check = await setPaused(this.context, principalOf(req), id, false);
    return ok({ id: check.id, paused: check.paused });
  }

  /** Toggles the caller's favorite flag on the check. */
  @Post('{id}/favorite')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  public async favorite(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<FavoriteState>> {
    return ok({ id, favorite: await toggleFavorite(this.context, principalOf(req), id) });
  }

  /** Runs one probe cycle now from the check's locations and answers its outcome. DNS/TCP need the capability. */
  @Post('{id}/test-now')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  @Response<ErrorBody>(503, 'No engine is connected to run probes on demand')
  public async testNow(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<RunView>> {
    const principal = principalOf(req);
    requirePermission(principal, 'manage_uptime_checks');
    requireActiveEntitlement(principal);
    const check = await findCheck(this.context.em, workspaceOf(principal), id);
    requireCapability(principal, capabilityForCheckType(check.checkType));
    const probe = this.context.deps.onDemandProbe;
    if (!probe) throw new ApiError('SERVICE_UNAVAILABLE', 'on-demand probes are not available: no engine is connected');
    try {
      return ok(runSummaryView(await probe.runNow(check.id)));
    } catch (error) {
      this.context.logger.warn({ err: error, checkId: check.id }, 'on-demand probe failed');
      throw new ApiError('SERVICE_UNAVAILABLE', 'the on-demand probe could not run; try again shortly');
    }
  }

  /**
   * Runs, newest first.
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   * @param from ISO 8601; runs started at or after
   * @param to ISO 8601; runs started at or before
   * @param location only runs that probed from this location
   * @param only_failed true/false or 1/0: only runs in which at least one location failed
   */
  @Get('{id}/runs')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  public async runs(
    @Request() req: ExpressRequest,
    @Path() id: number,
    @Query() limit?: number,
    @Query() offset?: number,
    @Query() from?: string,
    @Query() to?: string,
    @Query() location?: string,
    @Query() only_failed?: BooleanFilter,
  ): Promise<Page<RunView>> {
    const paging = parsePaging(limit, offset);
    const range = { from: parseInstant('from', from), to: parseInstant('to', to) };
    if (range.from && range.to && range.from > range.to) throw badRequest('from must not be after to', { from: 'must not be after to' });
    const check = await findCheck(this.context.em, workspaceOf(principalOf(req)), id);
    const filters = { ...range, location: location?.trim() || undefined, onlyFailed: parseBooleanFilter(only_failed) ?? false };
    const { runs, total } = await listRuns(this.context.em, check, filters, paging.limit, paging.offset);
    return page(runs, { ...paging, total });
  }

  /**
   * Latency over time, averaged per bucket; the bucket widens with the range (at most 300 points).
   * Beyond the runs' retention (`VANTAGE_RUN_RETENTION_DAYS`) the series comes from the hourly
   * rollup, beyond the hourly rollup's from the daily one; `resolution` says which.
   * @param from ISO 8601; default 24 hours before `to`
   * @param to ISO 8601; default now. At most 90 days after `from`.
   */
  @Get('{id}/latency')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  public async latency(@Request() req: ExpressRequest, @Path() id: number, @Query() from?: string, @Query() to?: string): Promise<Success<LatencySeries>> {
    const range = parseRange(from, to, this.context.deps.now(), DAY, 90 * DAY);
    const check = await findCheck(this.context.em, workspaceOf(principalOf(req)), id);
    return ok(await latencySeries(this.context.em, check, range.from, range.to, this.resolutionFrom(range.from)));
  }

  /**
   * Availability per UTC day from the daily rollup.
   * @param month YYYY-MM; default the current month. Or give from/to instead.
   * @param from YYYY-MM-DD (with `to`; at most 366 days)
   * @param to YYYY-MM-DD
   */
  @Get('{id}/sla-calendar')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  public async slaCalendar(
    @Request() req: ExpressRequest,
    @Path() id: number,
    @Query() month?: string,
    @Query() from?: string,
    @Query() to?: string,
  ): Promise<Success<SlaCalendar>> {
    const days = calendarRange(month, from, to, this.context.deps.now());
    const check = await findCheck(this.context.em, workspaceOf(principalOf(req)), id);
    return ok(await slaCalendar(this.context.em, check, days.from, days.to));
  }

  /**
   * Runs of the range as CSV (header row first, oldest run first), without the envelope. A range
   * that starts beyond the runs' retention is answered from the rollups instead, one line per
   * hour (or per day beyond the hourly rollup's retention) with the columns `period_start`,
   * `resolution`, `up_runs`, `down_runs`, `unknown_runs`, `maintenance_runs`,
   * `availability_percent`, `latency_avg_ms`, `latency_min_ms`, `latency_max_ms`. The header
   * `X-Vantage-Resolution` says which: `raw`, `hourly` or `daily`.
   * @param from ISO 8601; default 30 days before `to`
   * @param to ISO 8601; default now. At most 366 days after `from`.
   */
  @Get('{id}/export-csv')
  @Produces('text/csv')
  @SuccessResponse<{ 'X-Vantage-Resolution': HistoryResolution }>(200, 'Runs, or rollup periods beyond the retention, as CSV', 'text/csv')
  @Response<ErrorBody>(404, 'No such check in this workspace')
  public async exportCsv(@Request() req: ExpressRequest, @Path() id: number, @Query() from?: string, @Query() to?: string): Promise<Readable> {
    const range = parseRange(from, to, this.context.deps.now(), 30 * DAY, 366 * DAY);
    const check = await findCheck(this.context.em, workspaceOf(principalOf(req)), id);
    this.setHeader('Content-Type', 'text/csv; charset=utf-8');
    this.setHeader('Content-Disposition', `attachment; filename="uptime-check-${check.id}-runs.csv"`);
    const resolution = this.resolutionFrom(range.from);
    this.setHeader('X-Vantage-Resolution', resolution);
    return resolution === 'raw' ? runsCsv(this.context.em, check, range.from, range.to) : rollupCsv(this.context.em, check, range.from, range.to, resolution);
  }

  private resolutionFrom(from: Date): HistoryResolution {
    const { settings } = this.context.deps;
    return historyResolution(from.getTime(), this.context.deps.now().getTime(), settings.VANTAGE_RUN_RETENTION_DAYS, settings.VANTAGE_HOURLY_ROLLUP_RETENTION_DAYS);
  }
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function calendarRange(month: string | undefined, from: string | undefined, to: string | undefined, now: Date): { from: string; to: string } {
  if (month !== undefined) {
    if (from !== undefined || to !== undefined) throw badRequest('give either month or from/to', { month: 'cannot be combined with from/to' });
    const range = monthRange(month);
    if (!range) throw badRequest('month must be YYYY-MM', { month: 'must be YYYY-MM' });
    return range;
  }
  if (from === undefined && to === undefined) return monthRange(now.toISOString().slice(0, 7))!;
  for (const [name, value] of [['from', from], ['to', to]] as const) {
    if (value === undefined || !DAY_PATTERN.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
      throw badRequest(`${name} must be a day YYYY-MM-DD (from and to go together)`, { [name]: 'must be a day YYYY-MM-DD' });
    }
  }
  const span = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  if (span < 0) throw badRequest('from must not be after to', { from: 'must not be after to' });
  if (span > 365 * DAY) throw badRequest('the calendar covers at most 366 days', { from: 'must be at most 366 days before to' });
  return { from: from!, to: to! };
}
