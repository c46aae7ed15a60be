import type { Request as ExpressRequest } from 'express';
import { Body, Get, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { createWorkspace, deleteWorkspace, listAdminWorkspaces, setSharing, updateWorkspace, type AdminWorkspaceView } from '../admin/workspaces.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

export interface WorkspaceCreateRequest {
  /** 1 to 200 characters, unique in the account (409). */
  name: string;
  /** At most 1000 characters. */
  description?: string | null;
}

export interface WorkspaceUpdateRequest {
  name?: string;
  description?: string | null;
}

export interface ShareRequest {
  /** 1 to 500 users of this account. */
  user_ids: number[];
}

export interface WorkspaceId {
  id: number;
}

export interface WorkspaceShares {
  id: number;
  shared_with_user_ids: number[];
}

@Route('admin/workspaces')
@Tags('Administration')
@Security('basic', ['admin'])
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Not an administrator')
export class AdminWorkspacesController extends ApiController {
  /** Every workspace of the account with the users it is shared with. */
  @Get('')
  public async list(@Request() req: ExpressRequest): Promise<Success<AdminWorkspaceView[]>> {
    return ok(await listAdminWorkspaces(this.context.em, principalOf(req).client.id));
  }

  @Post('')
  @SuccessResponse(201, 'Created')
  @Response<ErrorBody>(409, 'Duplicate name')
  @Response<ErrorBody>(422, 'Invalid fields')
  public async create(@Request() req: ExpressRequest, @Body() body: WorkspaceCreateRequest): Promise<Success<WorkspaceId>> {
    const id = await createWorkspace(this.context, principalOf(req), body);
    this.setStatus(201);
    return ok({ id });
  }

  /** Renames or describes the workspace; absent fields keep their value. */
  @Post('{id}/update')
  @Response<ErrorBody>(404, 'No such workspace in this account')
  @Response<ErrorBody>(409, 'Duplicate name')
  @Response<ErrorBody>(422, 'Invalid fields')
  public async update(@Request() req: ExpressRequest, @Path() id: number, @Body() body: WorkspaceUpdateRequest): Promise<Success<AdminWorkspaceView>> {
    const principal = principalOf(req);
    await updateWorkspace(this.context, principal, id, body);
    return ok((await listAdminWorkspaces(this.context.em, principal.client.id)).find((w) => w.id === id)!);
  }

  /** Deletes the workspace with its checks, domains, groups, windows and incidents. The last workspace stays (409). */
  @Post('{id}/delete')
  @Response<ErrorBody>(404, 'No such workspace in this account')
  @Response<ErrorBody>(409, 'The last workspace of the account')
  public async remove(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<WorkspaceId>> {
    await deleteWorkspace(this.context, principalOf(req), id);
    return ok({ id });
  }

  /** Shares the workspace with users of the account. */
  @Post('{id}/share')
  @Response<ErrorBody>(404, 'No such workspace in this account')
  @Response<ErrorBody>(422, 'Users of another account, or none')
  public async share(@Request() req: ExpressRequest, @Path() id: number, @Body() body: ShareRequest): Promise<Success<WorkspaceShares>> {
    return ok({ id, shared_with_user_ids: await setSharing(this.context, principalOf(req), id, body.user_ids, true) });
  }

  /** Stops sharing the workspace with the users. */
  @Post('{id}/unshare')
  @Response<ErrorBody>(404, 'No such workspace in this account')
  @Response<ErrorBody>(422, 'Users of another account, or none')
  public async unshare(@Request() req: ExpressRequest, @Path() id: number, @Body() body: ShareRequest): Promise<Success<WorkspaceShares>> {
    return ok({ id, shared_with_user_ids: await setSharing(this.context, principalOf(req), id, body.user_ids, false) });
  }
}
