/** The channel the migration's triggers notify (Migration20261126013000). */
export const STATUS_PAGE_CHANNEL = 'vantage_status_pages';

/** What one notification names: a page by its slug, or a workspace whose pages may all show the change. */
export type ChangeTarget = { slug: string } | { workspaceId: number };

/** `s:<slug>` or `w:<workspace id>`; anything else is not ours and is ignored. */
export function parseChangePayload(payload: string | undefined): ChangeTarget | null {
  if (!payload) return null;
  if (payload.startsWith('s:') && payload.length > 2) return { slug: payload.slice(2) };
  if (payload.startsWith('w:') && /^[1-9][0-9]{0,9}$/.test(payload.slice(2))) return { workspaceId: Number(payload.slice(2)) };
  return null;
}
