import type { Request as ExpressRequest } from 'express';
import { Get, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { listActivity, type ActivityLogView } from '../admin/activity-log.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { page, type ErrorBody, type Page } from '../envelope.js';
import { badRequest } from '../errors.js';
import { parseInstant, parsePaging } from '../query-filters.js';

@Route('admin/activity-log')
@Tags('Administration')
@Security('basic', ['admin'])
@Response<ErrorBody>(400, 'Invalid filters')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Not an administrator')
export class AdminActivityLogController extends ApiController {
  /**
   * Every mutation made through the API in this account, newest first: who, what, on which resource, when.
   * @param from ISO 8601; at or after
   * @param to ISO 8601; at or before
   * @param action exact action (e.g. incident.acknowledge) or a prefix ending in a dot (e.g. domain.)
   * @param resource_type e.g. uptime_check, domain, notification_group, maintenance_window, incident, user, workspace, client, push_token
   * @param resource_id with resource_type
   * @param actor_id the acting user
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   */
  @Get('')
  public async list(
    @Request() req: ExpressRequest,
    @Query() from?: string,
    @Query() to?: string,
    @Query() action?: string,
    @Query() resource_type?: string,
    @Query() resource_id?: number,
    @Query() actor_id?: number,
    @Query() limit?: number,
    @Query() offset?: number,
  ): Promise<Page<ActivityLogView>> {
    const paging = parsePaging(limit, offset);
    const range = { from: parseInstant('from', from), to: parseInstant('to', to) };
    if (range.from && range.to && range.from > range.to) throw badRequest('from must not be after to', { from: 'must not be after to' });
    for (const [name, value] of [['action', action], ['resource_type', resource_type]] as const) {
      if (value !== undefined && (value.length === 0 || value.length > 100)) throw badRequest(`${name} must be 1 to 100 characters`, { [name]: 'must be 1 to 100 characters' });
    }
    const filters = { ...range, action, resourceType: resource_type, resourceId: resource_id, actorId: actor_id, ...paging };
    const { entries, total } = await listActivity(this.context.em, principalOf(req).client.id, filters);
    return page(entries, { ...paging, total });
  }
}
