import type { Request as ExpressRequest } from 'express';
import { Body, Get, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import type { PublicIncidentState } from '../../status-pages/status-page-view.js';
import { principalOf, workspaceOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';
import { listPublicUpdates, postPublicUpdate, type PublicUpdateView } from '../status-pages/public-updates.js';

export interface PublicUpdateRequest {
  /** investigating, identified, monitoring or resolved. */
  state: PublicIncidentState;
  /** 1 to 5000 characters of plain text, shown to the public on the status pages of the incident's check. */
  body: string;
}

/** What the public is told about an incident on status pages; private notes are never shown there. */
@Route('mobile/incidents')
@Tags('Incidents')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id or malformed JSON')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible or permission manage_incidents missing')
export class IncidentPublicUpdatesController extends ApiController {
  /** The incident's public updates, oldest first. */
  @Get('{id}/public-updates')
  @Response<ErrorBody>(404, 'No such incident in this workspace')
  public async publicUpdates(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<PublicUpdateView[]>> {
    return ok(await listPublicUpdates(this.context.em, workspaceOf(principalOf(req)), id));
  }

  /** Posts a public update (the incident's own status is not changed). */
  @Post('{id}/public-updates')
  @SuccessResponse(201, 'Created')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such incident in this workspace')
  @Response<ErrorBody>(422, 'Invalid state or body')
  public async postPublicUpdate(@Request() req: ExpressRequest, @Path() id: number, @Body() body: PublicUpdateRequest): Promise<Success<PublicUpdateView>> {
    const created = await postPublicUpdate(this.context, principalOf(req), id, body);
    this.setStatus(201);
    return ok(created);
  }
}
