import type { Request as ExpressRequest } from 'express';
import { Body, Get, Path, Post, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { RESOLUTION_NOTES_MAX } from '../../domain/incident-transitions.js';
import type { IncidentStatus, Severity } from '../../store/entities/incident.js';
import { principalOf, workspaceIdOfRoute, workspaceOf } from '../auth/principal.js';
import { confirmedRead } from '../auth/sign-in-check.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Page, type Success } from '../envelope.js';
import { badRequest, validationError } from '../errors.js';
import { jsonText, pageText } from '../json-text.js';
import { acknowledgeIncident, resolveIncident } from '../incidents/incident-actions.js';
import { findIncident, listIncidents, notesOf } from '../incidents/incident-queries.js';
import { incidentDetail, type IncidentDetail, type IncidentView } from '../incidents/incident-views.js';
import { parseInstant, parsePaging } from '../query-filters.js';

export interface ResolveRequest {
  /** Optional; at most 5000 characters. Stored on the incident and as a note. */
  resolution_notes?: string | null;
}

@Route('mobile/incidents')
@Tags('Incidents')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, malformed JSON or invalid filters')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible or permission manage_incidents missing')
export class IncidentsController extends ApiController {
  /**
   * Incidents of the workspace, newest first.
   * @param status open, acknowledged or resolved
   * @param severity major or critical
   * @param from ISO 8601; opened at or after
   * @param to ISO 8601; opened at or before
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   */
  @Get('')
  public async list(
    @Request() req: ExpressRequest,
    @Query() status?: IncidentStatus,
    @Query() severity?: Severity,
    @Query() from?: string,
    @Query() to?: string,
    @Query() limit?: number,
    @Query() offset?: number,
  ): Promise<Page<IncidentView>> {
    const paging = parsePaging(limit, offset);
    const range = { from: parseInstant('from', from), to: parseInstant('to', to) };
    if (range.from && range.to && range.from > range.to) throw badRequest('from must not be after to', { from: 'must not be after to' });
    return confirmedRead(req, async (principal, signIn) => {
      const { rows, total, sign_in } = await listIncidents(this.context.runtime.statements, workspaceIdOfRoute(principal), { status, severity, ...range, ...paging }, signIn);
      return { value: jsonText<Page<IncidentView>>(pageText(rows, { ...paging, total })), signIn: sign_in };
    });
  }

  /** The incident with its check, who acknowledged and resolved it and when, the failed locations and the notes. */
  @Get('{id}')
  @Response<ErrorBody>(404, 'No such incident in this workspace')
  public async detail(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<IncidentDetail>> {
    const incident = await findIncident(this.context.em, workspaceOf(principalOf(req)), id);
    return ok(incidentDetail(incident, await notesOf(this.context.em, incident)));
  }

  /** `open` → `acknowledged`, recording who and when; idempotent on an acknowledged incident. No body. */
  @Post('{id}/acknowledge')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such incident in this workspace')
  @Response<ErrorBody>(409, 'The incident is resolved')
  public async acknowledge(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<IncidentDetail>> {
    await acknowledgeIncident(this.context, principalOf(req), id);
    return this.detail(req, id);
  }

  /** `open` or `acknowledged` → `resolved`, recording who and when and the optional notes; `data.status` is the new status. */
  @Post('{id}/resolve')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such incident in this workspace')
  @Response<ErrorBody>(409, 'The incident is already resolved')
  @Response<ErrorBody>(422, 'resolution_notes too long')
  public async resolve(@Request() req: ExpressRequest, @Path() id: number, @Body() body?: ResolveRequest): Promise<Success<IncidentDetail>> {
    const notes = body?.resolution_notes?.trim() || null;
    if (notes !== null && notes.length > RESOLUTION_NOTES_MAX) throw validationError({ resolution_notes: `must be at most ${RESOLUTION_NOTES_MAX} characters` });
    await resolveIncident(this.context, principalOf(req), id, notes);
    return this.detail(req, id);
  }
}
