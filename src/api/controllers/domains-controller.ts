import type { Request as ExpressRequest } from 'express';
import { Body, Get, Path, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf, workspaceOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import type { DomainFields } from '../../domain/domain-fields.js';
import { checkDomainNow, createDomain, deleteDomain, toggleDomain, updateDomain } from '../domains/domain-mutations.js';
import { certificateHistory, findDomain, listDomains } from '../domains/domain-queries.js';
import { domainDetail, domainView, historyEntry, type CertificateHistoryEntry, type DomainDetail, type DomainView } from '../domains/domain-views.js';
import { ok, page, type ErrorBody, type Page, type Success } from '../envelope.js';
import { badRequest } from '../errors.js';
import { parseBooleanFilter, parsePaging, type BooleanFilter } from '../query-filters.js';

/** Create body: `name` required. */
export interface DomainCreateRequest extends DomainFields {
  /** Host name whose certificate is watched: lower-cased, at most 253 characters, labels at most 63; unique in the workspace (409). */
  name: string;
  /** At most 1000 characters. */
  description?: string | null;
  /** Notification groups of the same workspace (422 otherwise); at most 50. */
  notification_group_ids?: number[] | null;
}

/** Update body: every field optional; an absent field keeps its value, null clears description and groups. */
export interface DomainUpdateRequest extends DomainFields {
  /** A new host name resets the certificate until the next check. */
  name?: string;
  description?: string | null;
  notification_group_ids?: number[] | null;
}

export interface CreatedDomain {
  id: number;
}

export interface DomainActiveState {
  id: number;
  active: boolean;
}

@Route('mobile/domains')
@Tags('Domains')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, malformed JSON or invalid filters')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible, permission manage_domains missing, or plan limit on domains')
export class DomainsController extends ApiController {
  /**
   * Domains of the workspace, by name.
   * @param active true/false or 1/0
   * @param expiring_within_days 1 to 365: only certificates whose not_after is at most this many days away (expired ones included)
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   */
  @Get('')
  public async list(
    @Request() req: ExpressRequest,
    @Query() active?: BooleanFilter,
    @Query() expiring_within_days?: number,
    @Query() limit?: number,
    @Query() offset?: number,
  ): Promise<Page<DomainView>> {
    const paging = parsePaging(limit, offset);
    if (expiring_within_days !== undefined && (expiring_within_days < 1 || expiring_within_days > 365)) {
      throw badRequest('expiring_within_days must be an integer from 1 to 365', { expiring_within_days: 'must be an integer from 1 to 365' });
    }
    const now = this.context.deps.now();
    const filters = { active: parseBooleanFilter(active), expiringWithinDays: expiring_within_days, ...paging };
    const { domains, total } = await listDomains(this.context.em, workspaceOf(principalOf(req)), filters, now);
    return page(domains.map((domain) => domainView(domain, now)), { ...paging, total });
  }

  /** Starts watching a host name's certificate. */
  @Post('')
  @SuccessResponse(201, 'Created')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(409, 'The domain is already monitored in this workspace')
  @Response<ErrorBody>(422, 'Invalid fields, or groups of another workspace')
  public async create(@Request() req: ExpressRequest, @Body() body: DomainCreateRequest): Promise<Success<CreatedDomain>> {
    const id = await createDomain(this.context, principalOf(req), body);
    this.setStatus(201);
    return ok({ id });
  }

  /** Configuration, groups and the metadata of the current certificate. */
  @Get('{id}')
  @Response<ErrorBody>(404, 'No such domain in this workspace')
  public async detail(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<DomainDetail>> {
    const domain = await findDomain(this.context.em, workspaceOf(principalOf(req)), id);
    return ok(domainDetail(domain, this.context.deps.now()));
  }

  /** Changes name, description or groups; absent fields keep their value. */
  @Post('{id}/update')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such domain in this workspace')
  @Response<ErrorBody>(409, 'Duplicate name, or managed by a Kubernetes manifest')
  @Response<ErrorBody>(422, 'Invalid fields')
  public async update(@Request() req: ExpressRequest, @Path() id: number, @Body() body: DomainUpdateRequest): Promise<Success<DomainDetail>> {
    await updateDomain(this.context, principalOf(req), id, body);
    return this.detail(req, id);
  }

  /** Deletes the domain and its certificate history. */
  @Post('{id}/delete')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such domain in this workspace')
  @Response<ErrorBody>(409, 'Managed by a Kubernetes manifest')
  public async remove(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<CreatedDomain>> {
    await deleteDomain(this.context, principalOf(req), id);
    return ok({ id });
  }

  /** Inverts the active flag. */
  @Post('{id}/toggle')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such domain in this workspace')
  @Response<ErrorBody>(409, 'Managed by a Kubernetes manifest')
  public async toggle(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<DomainActiveState>> {
    return ok({ id, active: await toggleDomain(this.context, principalOf(req), id) });
  }

  /** Reads the certificate now and answers the refreshed domain. */
  @Post('{id}/check-now')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such domain in this workspace')
  @Response<ErrorBody>(503, 'No engine is connected to check certificates on demand')
  public async checkNow(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<DomainDetail>> {
    await checkDomainNow(this.context, principalOf(req), id);
    return this.detail(req, id);
  }

  /**
   * Certificates seen on the domain, newest first (a new entry each time the fingerprint changes).
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   */
  @Get('{id}/certificate-history')
  @Response<ErrorBody>(404, 'No such domain in this workspace')
  public async certificateHistory(
    @Request() req: ExpressRequest,
    @Path() id: number,
    @Query() limit?: number,
    @Query() offset?: number,
  ): Promise<Page<CertificateHistoryEntry>> {
    const paging = parsePaging(limit, offset);
    const domain = await findDomain(this.context.em, workspaceOf(principalOf(req)), id);
    const { snapshots, total } = await certificateHistory(this.context.em, domain, paging.limit, paging.offset);
    const now = this.context.deps.now();
    return page(snapshots.map((snapshot) => historyEntry(snapshot, now)), { ...paging, total });
  }
}
