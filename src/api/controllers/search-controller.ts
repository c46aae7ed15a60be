import type { Request as ExpressRequest } from 'express';
import { Get, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { workspaceIdOfRoute } from '../auth/principal.js';
import { confirmedRead } from '../auth/sign-in-check.js';
import { ApiController } from '../base-controller.js';
import { type ErrorBody, type Success } from '../envelope.js';
import { jsonText, successText } from '../json-text.js';
import { badRequest } from '../errors.js';
import { search, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX, type SearchResults } from '../search/search.js';

@Route('mobile/search')
@Tags('Auth and bootstrap')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, q missing or too long, or limit out of range')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible')
export class SearchController extends ApiController {
  /**
   * Searches uptime checks (name, host name), domains, notification groups (name) and incidents
   * (by their check) of the workspace. Each section needs its manage permission
   * (manage_uptime_checks, manage_domains, manage_notification_groups, manage_incidents);
   * sections the caller may not see are empty and listed in `omitted`.
   * @param q 1 to 200 characters, case-insensitive substring
   * @param limit results per section, 1 to 50; default 10
   */
  @Get('')
  public async search(@Request() req: ExpressRequest, @Query() q?: string, @Query() limit?: number): Promise<Success<SearchResults>> {
    const query = q?.trim() ?? '';
    if (query.length < 1 || query.length > SEARCH_QUERY_MAX) throw badRequest(`q must be 1 to ${SEARCH_QUERY_MAX} characters`, { q: `must be 1 to ${SEARCH_QUERY_MAX} characters` });
    const perSection = limit ?? SEARCH_LIMIT_DEFAULT;
    if (perSection < 1 || perSection > SEARCH_LIMIT_MAX) throw badRequest(`limit must be an integer from 1 to ${SEARCH_LIMIT_MAX}`, { limit: `must be an integer from 1 to ${SEARCH_LIMIT_MAX}` });
    return confirmedRead(req, async (principal, signIn) => {
      const found = await search(this.context.runtime.statements, workspaceIdOfRoute(principal), principal.caller.permissions, query, perSection, signIn);
      return { value: jsonText<Success<SearchResults>>(successText(found.text)), signIn: found.signIn };
    });
  }
}
