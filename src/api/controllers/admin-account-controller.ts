import type { Request as ExpressRequest } from 'express';
import { Body, Get, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { clientAccountView, deleteClientAccount, updateClientAccount, type ClientAccountView } from '../admin/client-account.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

export interface AccountUpdateRequest {
  /** The account (client) name, 1 to 200 characters. */
  name?: string;
  /** Where invoices go; null clears it. */
  billing_email?: string | null;
}

export interface AccountDeleteRequest {
  /** Must repeat the account name exactly. */
  confirm: string;
}

export interface AccountDeleted {
  id: number;
  deleted: true;
}

@Route('admin/account')
@Tags('Administration')
@Security('basic', ['admin'])
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Not an administrator')
export class AdminAccountController extends ApiController {
  @Get('')
  public async detail(@Request() req: ExpressRequest): Promise<Success<ClientAccountView>> {
    return ok(clientAccountView(principalOf(req).client));
  }

  /** Changes the account name or billing e-mail; absent fields keep their value. */
  @Post('update')
  @Response<ErrorBody>(422, 'Invalid fields')
  public async update(@Request() req: ExpressRequest, @Body() body: AccountUpdateRequest): Promise<Success<ClientAccountView>> {
    return ok(clientAccountView(await updateClientAccount(this.context, principalOf(req), body)));
  }

  /** Deletes the account and all its data, users included. `confirm` must repeat the account name. Cannot be undone. */
  @Post('delete')
  @Response<ErrorBody>(422, 'confirm does not repeat the account name')
  public async remove(@Request() req: ExpressRequest, @Body() body: AccountDeleteRequest): Promise<Success<AccountDeleted>> {
    const principal = principalOf(req);
    await deleteClientAccount(this.context, principal, body.confirm);
    return ok({ id: principal.client.id, deleted: true });
  }
}
