import type { PublicStatusPage } from './status-page-view.js';
export interface StatusPageLogo { contentType: string; bytes: Buffer; }
export interface StatusPageSource {
  /** The page for a slug, or null when unknown or disabled (the same 404 for both). */
  bySlug(slug: string): Promise<PublicStatusPage | null>;
  /** The slug of the enabled page whose custom domain is this host (lower-cased, no port), or null. */
  slugForHost(host: string): Promise<string | null>;
  logo(slug: string): Promise<StatusPageLogo | null>;
}
/** Told which pages changed, so a cache drops them; `null` means any page may have changed. */
export type StatusPageChangeListener = (slugs: readonly string[] | null) => void;
