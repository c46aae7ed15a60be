import type { Request as ExpressRequest } from 'express';
import { Body, Get, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { MAINTENANCE_STATES, type MaintenanceState } from '../../domain/maintenance-state.js';
import type { MaintenanceScope } from '../../store/entities/maintenance-window.js';
import { principalOf, workspaceOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, page, type ErrorBody, type Page, type Success } from '../envelope.js';
import { badRequest, validationError } from '../errors.js';
import { deleteWindow, upsertWindow } from '../maintenance-windows/window-mutations.js';
import { findWindow, listWindows } from '../maintenance-windows/window-queries.js';
import { windowView, type MaintenanceWindowView } from '../maintenance-windows/window-views.js';
import { parseBooleanFilter, parsePaging, type BooleanFilter } from '../query-filters.js';

/**
 * A one-time maintenance window (recurring windows are not supported). The whole window is
 * given on create and on update alike.
 */
export interface MaintenanceWindowUpsert {
  /** Omitted: create (201). Present: replace that window (200). */
  id?: number | null;
  /** 1 to 200 characters. */
  name: string;
  /** At most 1000 characters. */
  description?: string | null;
  /** workspace (every check of the workspace) or uptime_check (one check). */
  scope: MaintenanceScope;
  /** Required when scope is uptime_check, omitted otherwise: a check of this workspace. */
  uptime_check_id?: number | null;
  /** ISO 8601 date-time with a zone (e.g. 2026-03-01T22:00:00Z): start, inclusive. */
  starts_at: string;
  /** ISO 8601 date-time with a zone: end, exclusive. After starts_at, at most 31 days later, and in the future when set or changed. */
  ends_at: string;
  /** Default true; a disabled window suppresses nothing. */
  enabled?: boolean;
}

export interface MaintenanceWindowDelete {
  id: number;
}

@Route('mobile/maintenance-windows')
@Tags('Maintenance windows')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, malformed JSON or invalid filters')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible or permission manage_maintenance_windows missing')
export class MaintenanceWindowsController extends ApiController {
  /**
   * Windows of the workspace, latest start first.
   * @param enabled true/false or 1/0
   * @param state scheduled (starts later), active (now within the range), completed (ended) or disabled (not enabled)
   * @param search part of the name, case-insensitive
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   */
  @Get('')
  public async list(
    @Request() req: ExpressRequest,
    @Query() enabled?: BooleanFilter,
    @Query() state?: MaintenanceState,
    @Query() search?: string,
    @Query() limit?: number,
    @Query() offset?: number,
  ): Promise<Page<MaintenanceWindowView>> {
    const paging = parsePaging(limit, offset);
    if (state !== undefined && !MAINTENANCE_STATES.includes(state)) throw badRequest(`state must be one of ${MAINTENANCE_STATES.join(', ')}`);
    const term = search?.trim();
    if (term !== undefined && term.length > 200) throw badRequest('search must be at most 200 characters', { search: 'must be at most 200 characters' });
    const now = this.context.deps.now();
    const filters = { enabled: parseBooleanFilter(enabled), state, search: term || undefined, ...paging };
    const { windows, total } = await listWindows(this.context.em, workspaceOf(principalOf(req)), filters, now);
    return page(windows.map((window) => windowView(window, now)), { ...paging, total });
  }

  /** Creates a window (no `id`: 201) or replaces one (`id`: 200). */
  @Post('upsert')
  @SuccessResponse(201, 'Created')
  @Response<Success<MaintenanceWindowView>>(200, 'Updated')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No window with that id in this workspace')
  @Response<ErrorBody>(409, 'Managed by a Kubernetes manifest')
  @Response<ErrorBody>(422, 'Invalid fields')
  public async upsert(@Request() req: ExpressRequest, @Body() body: MaintenanceWindowUpsert): Promise<Success<MaintenanceWindowView>> {
    const principal = principalOf(req);
    const { id, created } = await upsertWindow(this.context, principal, body as unknown as Record<string, unknown>);
    this.setStatus(created ? 201 : 200);
    return ok(windowView(await findWindow(this.context.em, workspaceOf(principal), id), this.context.deps.now()));
  }

  /** Deletes the window with the body's `id`. */
  @Post('delete')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No window with that id in this workspace')
  @Response<ErrorBody>(409, 'Managed by a Kubernetes manifest')
  @Response<ErrorBody>(422, 'id missing or invalid')
  public async remove(@Request() req: ExpressRequest, @Body() body: MaintenanceWindowDelete): Promise<Success<MaintenanceWindowDelete>> {
    if (!Number.isInteger(body.id) || body.id < 1) throw validationError({ id: 'must be a positive integer' });
    await deleteWindow(this.context, principalOf(req), body.id);
    return ok({ id: body.id });
  }
}
