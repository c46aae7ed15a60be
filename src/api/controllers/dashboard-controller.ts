import type { Request as ExpressRequest } from 'express';
import { Get, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { workspaceIdOfRoute } from '../auth/principal.js';
import { confirmedRead } from '../auth/sign-in-check.js';
import { ApiController } from '../base-controller.js';
import { dashboardSummary, type DashboardSummary } from '../dashboard/dashboard-summary.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

@Route('mobile/dashboard')
@Tags('Auth and bootstrap')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible')
export class DashboardController extends ApiController {
  /** Counts of the workspace: checks by state, open incidents (open + acknowledged), domains (total, active, expiring within 30 days). */
  @Get('summary')
  public async summary(@Request() req: ExpressRequest): Promise<Success<DashboardSummary>> {
    return confirmedRead(req, async (principal, signIn) => {
      const { summary, signIn: checked } = await dashboardSummary(this.context.runtime.statements, workspaceIdOfRoute(principal), this.context.deps.now(), signIn);
      return { value: ok(summary), signIn: checked };
    });
  }
}
