import type { Request as ExpressRequest } from 'express';
import { Body, Get, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import type { UserPermissions } from '../../store/entities/user.js';
import { createTeamUser, deleteTeamUser, listTeamUsers, updateTeamUser, type TeamUserView } from '../admin/team-users.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

export interface PermissionFlags {
  manage_uptime_checks?: boolean;
  manage_domains?: boolean;
  manage_notification_groups?: boolean;
  manage_maintenance_windows?: boolean;
  manage_incidents?: boolean;
  manage_status_pages?: boolean;
  view_billing?: boolean;
}

export interface TeamUserCreateRequest {
  email_address: string;
  /** 8 to 200 characters. */
  password: string;
  /** Flags not given take the member defaults: every manage_* on, view_billing off. */
  permissions?: PermissionFlags;
  /** Default false. Administrators see every workspace and the /admin routes. */
  is_admin?: boolean;
  /** Workspaces to share with the user. */
  workspace_ids?: number[];
}

export interface TeamUserUpdateRequest {
  /** Flags not given keep their value. */
  permissions?: PermissionFlags;
  /** You cannot clear your own flag (409). */
  is_admin?: boolean;
  /** Replaces the user's workspace shares. */
  workspace_ids?: number[];
}

export interface UserId {
  id: number;
}

@Route('admin/users')
@Tags('Administration')
@Security('basic', ['admin'])
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Not an administrator')
export class AdminUsersController extends ApiController {
  /** The account's users with their permissions and workspace shares. */
  @Get('')
  public async list(@Request() req: ExpressRequest): Promise<Success<TeamUserView[]>> {
    return ok(await listTeamUsers(this.context.em, principalOf(req).client.id));
  }

  /** Adds a user to the account (the administrator chooses the first password). */
  @Post('')
  @SuccessResponse(201, 'Created')
  @Response<ErrorBody>(409, 'The e-mail address is taken')
  @Response<ErrorBody>(422, 'Invalid fields or workspaces of another account')
  public async create(@Request() req: ExpressRequest, @Body() body: TeamUserCreateRequest): Promise<Success<UserId>> {
    const permissions = body.permissions as Partial<UserPermissions> | undefined;
    const id = await createTeamUser(this.context, principalOf(req), { ...body, ...(permissions ? { permissions } : {}) });
    this.setStatus(201);
    return ok({ id });
  }

  /** Changes permissions, administrator flag or workspace shares. */
  @Post('{id}/update')
  @Response<ErrorBody>(404, 'No such user in this account')
  @Response<ErrorBody>(409, 'Removing your own administrator flag')
  @Response<ErrorBody>(422, 'Invalid fields')
  public async update(@Request() req: ExpressRequest, @Path() id: number, @Body() body: TeamUserUpdateRequest): Promise<Success<TeamUserView>> {
    const principal = principalOf(req);
    await updateTeamUser(this.context, principal, id, body);
    const users = await listTeamUsers(this.context.em, principal.client.id);
    return ok(users.find((user) => user.id === id)!);
  }

  /** Removes a user of the account; not yourself (409). */
  @Post('{id}/delete')
  @Response<ErrorBody>(404, 'No such user in this account')
  @Response<ErrorBody>(409, 'Removing yourself')
  public async remove(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<UserId>> {
    await deleteTeamUser(this.context, principalOf(req), id);
    return ok({ id });
  }
}
