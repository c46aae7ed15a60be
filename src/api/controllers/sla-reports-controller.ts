import { Readable } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { Get, Path, Produces, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { isRangeError, slaRange, type SlaRange } from '../../domain/sla-report.js';
import { UptimeCheck } from '../../store/entities/uptime-check.js';
import { principalOf, workspaceOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';
import { badRequest, notFound } from '../errors.js';
import { slaReport, slaReportCsv, type SlaReport } from '../sla/sla-report.js';
import { findCheck } from '../uptime-checks/check-queries.js';

const MAX_IDS = 200;
const MAX_ID = 2 ** 31 - 1;

/**
 * SLA reports: availability, downtime, incidents (MTTA, MTTR, longest outage) and runs by state of
 * one check or a set of checks, over a day, week, month, quarter or custom range of local days in
 * an IANA time zone. How runs count (maintenance, UNKNOWN, quorum, partial failures, certificate
 * warnings) is in every report's `policy`.
 */
@Route('mobile')
@Tags('SLA reports')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, or invalid period, day, range or time zone')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible')
@Response<ErrorBody>(404, 'No such check in this workspace')
export class SlaReportsController extends ApiController {
  /**
   * The SLA report of one check.
   * @param period day, week (ISO, from Monday), month (default), quarter or custom
   * @param date YYYY-MM-DD: a day of the period (not for custom); default today in the time zone
   * @param from YYYY-MM-DD: first day of a custom period
   * @param to YYYY-MM-DD: last day of a custom period, at most 366 days counting both
   * @param time_zone IANA time zone the days are counted in; default UTC
   */
  @Get('uptime-checks/{id}/sla-report')
  public async checkReport(
    @Request() req: ExpressRequest,
    @Path() id: number,
    @Query() period?: string,
    @Query() date?: string,
    @Query() from?: string,
    @Query() to?: string,
    @Query() time_zone?: string,
  ): Promise<Success<SlaReport>> {
    const range = this.range(period, date, from, to, time_zone);
    const check = await findCheck(this.context.em, workspaceOf(principalOf(req)), id);
    return ok(await this.report([check], range));
  }

  /**
   * The SLA report of one check as CSV (a header row and one line), without the envelope.
   * @param period day, week (ISO, from Monday), month (default), quarter or custom
   * @param date YYYY-MM-DD: a day of the period (not for custom); default today in the time zone
   * @param from YYYY-MM-DD: first day of a custom period
   * @param to YYYY-MM-DD: last day of a custom period, at most 366 days counting both
   * @param time_zone IANA time zone the days are counted in; default UTC
   */
  @Get('uptime-checks/{id}/sla-report/export-csv')
  @Produces('text/csv')
  public async checkReportCsv(
    @Request() req: ExpressRequest,
    @Path() id: number,
    @Query() period?: string,
    @Query() date?: string,
    @Query() from?: string,
    @Query() to?: string,
    @Query() time_zone?: string,
  ): Promise<Readable> {
    const range = this.range(period, date, from, to, time_zone);
    const check = await findCheck(this.context.em, workspaceOf(principalOf(req)), id);
    return this.csv(await this.report([check], range), `uptime-check-${check.id}-sla.csv`);
  }

  /**
   * The SLA report of a set of checks: figures over all of them together and per check.
   * @param ids comma-separated check ids of this workspace (at most 200); default every check of the workspace
   * @param period day, week (ISO, from Monday), month (default), quarter or custom
   * @param date YYYY-MM-DD: a day of the period (not for custom); default today in the time zone
   * @param from YYYY-MM-DD: first day of a custom period
   * @param to YYYY-MM-DD: last day of a custom period, at most 366 days counting both
   * @param time_zone IANA time zone the days are counted in; default UTC
   */
  @Get('sla-reports')
  public async setReport(
    @Request() req: ExpressRequest,
    @Query() ids?: string,
    @Query() period?: string,
    @Query() date?: string,
    @Query() from?: string,
    @Query() to?: string,
    @Query() time_zone?: string,
  ): Promise<Success<SlaReport>> {
    const range = this.range(period, date, from, to, time_zone);
    return ok(await this.report(await this.checksOf(req, ids), range));
  }

  /**
   * The SLA report of a set of checks as CSV: one line per check and a line `all` over them together.
   * @param ids comma-separated check ids of this workspace (at most 200); default every check of the workspace
   * @param period day, week (ISO, from Monday), month (default), quarter or custom
   * @param date YYYY-MM-DD: a day of the period (not for custom); default today in the time zone
   * @param from YYYY-MM-DD: first day of a custom period
   * @param to YYYY-MM-DD: last day of a custom period, at most 366 days counting both
   * @param time_zone IANA time zone the days are counted in; default UTC
   */
  @Get('sla-reports/export-csv')
  @Produces('text/csv')
  public async setReportCsv(
    @Request() req: ExpressRequest,
    @Query() ids?: string,
    @Query() period?: string,
    @Query() date?: string,
    @Query() from?: string,
    @Query() to?: string,
    @Query() time_zone?: string,
  ): Promise<Readable> {
    const range = this.range(period, date, from, to, time_zone);
    return this.csv(await this.report(await this.checksOf(req, ids), range), 'sla.csv');
  }

  private range(period?: string, date?: string, from?: string, to?: string, timeZone?: string): SlaRange {
    const range = slaRange({ period, date, from, to, timeZone }, this.context.deps.now().getTime());
    if (isRangeError(range)) throw badRequest(`${range.field} ${range.reason}`, { [range.field]: range.reason });
    return range;
  }

  private async checksOf(req: ExpressRequest, ids: string | undefined): Promise<UptimeCheck[]> {
    const workspace = workspaceOf(principalOf(req));
    if (ids === undefined) return this.context.em.find(UptimeCheck, { workspace }, { orderBy: { id: 'asc' }, limit: MAX_IDS });
    const wanted = ids.split(',').map((id) => (/^[1-9][0-9]{0,9}$/.test(id.trim()) ? Number(id.trim()) : NaN));
    if (wanted.length > MAX_IDS || wanted.some((id) => !(id <= MAX_ID))) {
      throw badRequest(`ids must be at most ${MAX_IDS} comma-separated check ids`, { ids: `at most ${MAX_IDS} comma-separated positive integers` });
    }
    const unique = [...new Set(wanted)];
    const checks = await this.context.em.find(UptimeCheck, { id: { $in: unique }, workspace }, { orderBy: { id: 'asc' } });
    const missing = unique.find((id) => !checks.some((check) => check.id === id));
    if (missing !== undefined) throw notFound(`uptime check ${missing}`);
    return checks;
  }

  private report(checks: UptimeCheck[], range: SlaRange): Promise<SlaReport> {
    return slaReport(this.context.em, checks, range, this.context.deps.now().getTime(), this.context.deps.settings.VANTAGE_HOURLY_ROLLUP_RETENTION_DAYS);
  }

  private csv(report: SlaReport, filename: string): Readable {
    this.setHeader('Content-Type', 'text/csv; charset=utf-8');
    this.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    return Readable.from([slaReportCsv(report)]);
  }
}
