import type { EntityManager } from '@mikro-orm/postgresql';
import { StatusPage } from '../../store/entities/status-page.js';
import type { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';
import { logosOf, statusPageView, type StatusPageView } from './status-page-views.js';

/** By slug; a page's components come in one more statement for the whole list. */
export async function listStatusPages(em: EntityManager, workspace: Workspace, paging: { limit: number; offset: number }): Promise<{ pages: StatusPageView[]; total: number }> {
  const [pages, total] = await em.findAndCount(StatusPage, { workspace }, { populate: ['components'], orderBy: { slug: 'asc' }, limit: paging.limit, offset: paging.offset, refresh: true });
  const logos = await logosOf(em, pages.map((page) => page.id));
  return { pages: pages.map((page) => statusPageView(page, logos.get(page.id) ?? null)), total };
}

export async function findStatusPage(em: EntityManager, workspace: Workspace, id: number): Promise<StatusPageView> {
  const page = await em.findOne(StatusPage, { id, workspace }, { populate: ['components'], refresh: true });
  if (!page) throw notFound(`status page ${id}`);
  return statusPageView(page, (await logosOf(em, [page.id])).get(page.id) ?? null);
}
