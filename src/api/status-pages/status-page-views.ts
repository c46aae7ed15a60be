import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusPage, StatusPageLink } from '../../store/entities/status-page.js';

export interface StatusPageComponentView {
  /** Set for a check, null for a domain. */
  uptime_check_id: number | null;
  /** Set for a domain, null for a check. */
  domain_id: number | null;
  display_name: string;
  /** null: shown without a group heading. */
  group: string | null;
}

export interface StatusPageLogoView {
  content_type: string;
  size_bytes: number;
}

export interface StatusPageView {
  id: number;
  workspace_id: number;
  slug: string;
  title: string;
  description: string;
  /** In the order they are shown. */
  components: StatusPageComponentView[];
  show_host_names: boolean;
  custom_domain: string | null;
  time_zone: string;
  links: StatusPageLink[];
  enabled: boolean;
  frame_ancestors: string[];
  logo: StatusPageLogoView | null;
  /** Where the public page is served: `/status/<slug>`. */
  public_path: string;
  /** False when a Kubernetes manifest owns the page. */
  can_mutate: boolean;
  created_at: string;
  updated_at: string;
}

/** The logos of the pages, without reading the images: one statement for any number of pages. */
export async function logosOf(em: EntityManager, pageIds: number[]): Promise<Map<number, StatusPageLogoView>> {
  if (pageIds.length === 0) return new Map();
  const rows = await em
    .getConnection()
    .execute<Array<{ page_id: number; content_type: string; size_bytes: number | string }>>(
      `select page_id, content_type, octet_length(bytes) as size_bytes from status_page_logos where page_id in (${pageIds.map(() => '?').join(', ')})`,
      pageIds,
    );
  return new Map(rows.map((row) => [Number(row.page_id), { content_type: row.content_type, size_bytes: Number(row.size_bytes) }]));
}

/** The page with its components populated. */
export const statusPageView = (page: StatusPage, logo: StatusPageLogoView | null): StatusPageView => ({
  id: page.id,
  workspace_id: page.workspace.id,
  slug: page.slug,
  title: page.title,
  description: page.description,
  components: page.components.getItems().map((component) => ({
    uptime_check_id: component.check?.id ?? null,
    domain_id: component.domain?.id ?? null,
    display_name: component.displayName,
    group: component.groupName,
  })),
  show_host_names: page.showHostNames,
  custom_domain: page.customDomain,
  time_zone: page.timeZone,
  links: page.links,
  enabled: page.enabled,
  frame_ancestors: page.frameAncestors,
  logo,
  public_path: `/status/${page.slug}`,
  can_mutate: page.managedBy !== 'kubernetes',
  created_at: page.createdAt.toISOString(),
  updated_at: page.updatedAt.toISOString(),
});
