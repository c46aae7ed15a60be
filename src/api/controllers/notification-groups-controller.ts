import type { Request as ExpressRequest } from 'express';
import { Body, Get, Path, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf, workspaceOf, type Principal } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, page, type ErrorBody, type Page, type Success } from '../envelope.js';
import { requirePermission } from '../guards.js';
import { createGroup, deleteGroup, updateGroup } from '../notification-groups/group-mutations.js';
import { attachedTo, findGroup, listGroups } from '../notification-groups/group-queries.js';
import { groupDetail, groupView, type NotificationGroupDetail, type NotificationGroupView } from '../notification-groups/group-views.js';
import { parsePaging } from '../query-filters.js';

/**
 * A group's channels and certificate-expiry schedule. On update every field is optional: an absent
 * field keeps its value, null (or an empty array) clears a channel. The result must keep at least one
 * channel. Masked secrets sent back unchanged keep the stored secret.
 */
export interface NotificationGroupFields {
  /** 1 to 200 characters, unique in the workspace (409 otherwise). */
  name?: string;
  /** At most 50 e-mail addresses. */
  email_addresses?: string[] | null;
  /** At most 50 numbers in E.164 form, e.g. +14155550123. */
  phone_numbers?: string[] | null;
  /** HTTPS URL receiving the signed webhook JSON. */
  webhook_url?: string | null;
  /** HTTPS incoming-webhook URL of a team-chat service. */
  chat_incoming_webhook_url?: string | null;
  /** Messenger bot token; only together with messenger_chat_id. At most 200 characters. */
  messenger_bot_token?: string | null;
  /** Messenger chat id; only together with messenger_bot_token. At most 100 characters. */
  messenger_chat_id?: string | null;
  /** Android push to the workspace's users; default false. */
  push_enabled?: boolean;
  /** Certificate-expiry warning 30 days ahead; default true. */
  trigger_30_days?: boolean;
  /** Default true. */
  trigger_14_days?: boolean;
  /** Default true. */
  trigger_7_days?: boolean;
  /** Default true. */
  trigger_3_days?: boolean;
  /** Default true. */
  trigger_1_day?: boolean;
}

export interface NotificationGroupCreateRequest extends NotificationGroupFields {
  name: string;
}

export interface CreatedGroup {
  id: number;
}

@Route('mobile/notification-groups')
@Tags('Notification groups')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, or malformed JSON')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible, permission manage_notification_groups missing (reads too: groups hold contact data), or plan limit')
export class NotificationGroupsController extends ApiController {
  private reader(req: ExpressRequest): Principal {
    const principal = principalOf(req);
    requirePermission(principal, 'manage_notification_groups');
    return principal;
  }

  /**
   * Groups of the workspace, by name.
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   */
  @Get('')
  public async list(@Request() req: ExpressRequest, @Query() limit?: number, @Query() offset?: number): Promise<Page<NotificationGroupView>> {
    const paging = parsePaging(limit, offset);
    const principal = this.reader(req);
    const [groups, total] = await listGroups(this.context.em, workspaceOf(principal), paging.limit, paging.offset);
    return page(groups.map((group) => groupView(group, principal.user.isAdmin)), { ...paging, total });
  }

  /** Creates a group; at least one channel is required. */
  @Post('')
  @SuccessResponse(201, 'Created')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(409, 'Duplicate name')
  @Response<ErrorBody>(422, 'Invalid fields, or no channel')
  public async create(@Request() req: ExpressRequest, @Body() body: NotificationGroupCreateRequest): Promise<Success<CreatedGroup>> {
    const id = await createGroup(this.context, principalOf(req), body as unknown as Record<string, unknown>);
    this.setStatus(201);
    return ok({ id });
  }

  /** Channels, expiry-warning schedule, where the group is attached and, for administrators, the webhook signing secret. */
  @Get('{id}')
  @Response<ErrorBody>(404, 'No such group in this workspace')
  public async detail(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<NotificationGroupDetail>> {
    const principal = this.reader(req);
    const group = await findGroup(this.context.em, workspaceOf(principal), id);
    return ok(groupDetail(group, await attachedTo(this.context.em, group), principal.user.isAdmin));
  }

  /** Changes the fields present in the body; absent fields keep their value. */
  @Post('{id}/update')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such group in this workspace')
  @Response<ErrorBody>(409, 'Duplicate name')
  @Response<ErrorBody>(422, 'Invalid fields, or no channel left')
  public async update(@Request() req: ExpressRequest, @Path() id: number, @Body() body: NotificationGroupFields): Promise<Success<NotificationGroupDetail>> {
    await updateGroup(this.context, principalOf(req), id, body as unknown as Record<string, unknown>);
    return this.detail(req, id);
  }

  /** Deletes the group and detaches it from every check and domain. */
  @Post('{id}/delete')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such group in this workspace')
  public async remove(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<CreatedGroup>> {
    await deleteGroup(this.context, principalOf(req), id);
    return ok({ id });
  }
}
