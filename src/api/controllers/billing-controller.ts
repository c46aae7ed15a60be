import type { Request as ExpressRequest } from 'express';
import { Get, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { billingSummary, type BillingSummary } from '../account/billing-summary.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';
import { requirePermission } from '../guards.js';

@Route('mobile/billing')
@Tags('Account and devices')
@Security('basic')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Permission view_billing missing')
export class BillingController extends ApiController {
  /** Plan, billing profile, the card on file masked as `•••• 4242` with its brand (or null), and the entitlement. */
  @Get('summary')
  public async summary(@Request() req: ExpressRequest): Promise<Success<BillingSummary>> {
    const principal = principalOf(req);
    requirePermission(principal, 'view_billing');
    return ok(billingSummary(principal.client, principal.entitlement));
  }
}
