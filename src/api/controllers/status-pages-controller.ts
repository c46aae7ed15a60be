import type { Request as ExpressRequest } from 'express';
import type {} from 'multer';
import { Body, Get, Path, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags, UploadedFile } from '@tsoa/runtime';
import type { StatusPageFields } from '../../status-pages/status-page-fields.js';
import { principalOf, workspaceOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, page, type ErrorBody, type Page, type Success } from '../envelope.js';
import { parsePaging } from '../query-filters.js';
import { createStatusPage, deleteStatusPage, deleteStatusPageLogo, updateStatusPage, uploadStatusPageLogo } from '../status-pages/status-page-mutations.js';
import { findStatusPage, listStatusPages } from '../status-pages/status-page-queries.js';
import type { StatusPageView } from '../status-pages/status-page-views.js';

/** Update body: every field optional; an absent field keeps its value. */
export interface StatusPageUpdateRequest extends StatusPageFields {}

/** Create body: `slug` and `title` required. */
export interface StatusPageCreateRequest extends StatusPageFields {
  slug: string;
  title: string;
}

export interface StatusPageId {
  id: number;
}

@Route('mobile/status-pages')
@Tags('Status pages')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, malformed JSON or invalid filters')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible, permission manage_status_pages missing, or plan limit on status pages')
export class StatusPagesController extends ApiController {
  /**
   * Status pages of the workspace, by slug.
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   */
  @Get('')
  public async list(@Request() req: ExpressRequest, @Query() limit?: number, @Query() offset?: number): Promise<Page<StatusPageView>> {
    const paging = parsePaging(limit, offset);
    const { pages, total } = await listStatusPages(this.context.em, workspaceOf(principalOf(req)), paging);
    return page(pages, { ...paging, total });
  }

  /** Creates a page. */
  @Post('')
  @SuccessResponse(201, 'Created')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(409, 'The slug or custom domain is taken')
  @Response<ErrorBody>(422, 'Invalid fields, or components of another workspace')
  public async create(@Request() req: ExpressRequest, @Body() body: StatusPageCreateRequest): Promise<Success<StatusPageView>> {
    const id = await createStatusPage(this.context, principalOf(req), body);
    this.setStatus(201);
    return this.detail(req, id);
  }

  @Get('{id}')
  @Response<ErrorBody>(404, 'No such status page in this workspace')
  public async detail(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<StatusPageView>> {
    return ok(await findStatusPage(this.context.em, workspaceOf(principalOf(req)), id));
  }

  /** Changes the given fields; absent fields keep their value. */
  @Post('{id}/update')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such status page in this workspace')
  @Response<ErrorBody>(409, 'The slug or custom domain is taken, or managed by a Kubernetes manifest')
  @Response<ErrorBody>(422, 'Invalid fields, or components of another workspace')
  public async update(@Request() req: ExpressRequest, @Path() id: number, @Body() body: StatusPageUpdateRequest): Promise<Success<StatusPageView>> {
    await updateStatusPage(this.context, principalOf(req), id, body);
    return this.detail(req, id);
  }

  /** Deletes the page and its logo. */
  @Post('{id}/delete')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such status page in this workspace')
  @Response<ErrorBody>(409, 'Managed by a Kubernetes manifest')
  public async remove(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<StatusPageId>> {
    await deleteStatusPage(this.context, principalOf(req), id);
    return ok({ id });
  }

  /**
   * Sets the page's logo: multipart/form-data with the part `logo`, a PNG, JPEG or WebP image
   * (recognised by its content, not its declared type) of at most 2 MiB, checked as profile images are.
   */
  @Post('{id}/upload-logo')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such status page in this workspace')
  @Response<ErrorBody>(413, 'The image is larger than 2 MiB')
  @Response<ErrorBody>(422, 'logo missing or not a PNG, JPEG or WebP image')
  public async uploadLogo(@Request() req: ExpressRequest, @Path() id: number, @UploadedFile('logo') logo: Express.Multer.File): Promise<Success<StatusPageView>> {
    await uploadStatusPageLogo(this.context, principalOf(req), id, logo?.buffer);
    return this.detail(req, id);
  }

  /** Removes the page's logo. */
  @Post('{id}/delete-logo')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(404, 'No such status page in this workspace')
  public async deleteLogo(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<StatusPageView>> {
    await deleteStatusPageLogo(this.context, principalOf(req), id);
    return this.detail(req, id);
  }
}
