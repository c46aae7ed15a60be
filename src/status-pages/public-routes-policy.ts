import type { Request } from 'express';

/** The headers and checks of the public status routes: what a browser may do with an answer. */

/**
 * An origin a page allows to frame it, as CSP needs it (`https://host[:port]`), or null: anything
 * else (a path, a wildcard, a `;` that would start another directive) is dropped.
 */
export function frameAncestorOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return /^https?:\/\/[a-z0-9.\-[\]:]+$/.test(url.origin) ? url.origin : null;
}

/**
 * Content-Security-Policy (and X-Frame-Options when nothing may frame): the page loads its own
 * stylesheet, script and images only; feeds, JSON and badges load nothing. Never unsafe-inline or
 * unsafe-eval. A page may be framed only by the origins its owner listed.
 */
export function framingHeaders(kind: 'html' | 'other', frameAncestors: readonly string[]): Record<string, string> {
  const origins = [...new Set(frameAncestors.map(frameAncestorOrigin).filter((origin): origin is string => origin !== null))];
  const ancestors = kind === 'html' && origins.length > 0 ? origins.join(' ') : "'none'";
  const sources = kind === 'html' ? ["default-src 'none'", "style-src 'self'", "script-src 'self'", "img-src 'self' data:"] : ["default-src 'none'"];
  // A page's forms (subscribe, unsubscribe) post to the page's own origin only.
  const forms = kind === 'html' ? "form-action 'self'" : "form-action 'none'";
  const policy = [...sources, "base-uri 'none'", forms, `frame-ancestors ${ancestors}`].join('; ');
  return ancestors === "'none'" ? { 'Content-Security-Policy': policy, 'X-Frame-Options': 'DENY' } : { 'Content-Security-Policy': policy };
}

/** Browsers and proxies keep an answer briefly, may show it a little longer while fetching a new one, and much longer while the server fails. */
export const cacheControl = (maxAgeSeconds: number): string =>
  `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds}, stale-if-error=86400`;

/** A page may be created any moment: its 404 is kept only briefly. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=10';

/** Image types a logo is served as; never SVG (a document that could carry script). */
export const LOGO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Slugs are short and URL-safe; anything else is a 404 without asking the database. */
export const validSlug = (slug: string): boolean => /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/.test(slug);

/**
 * The origin absolute URLs in feeds name: VANTAGE_PUBLIC_URL when set; otherwise the request's
 * own, with a Host header that is not a plain host[:port] replaced by localhost.
 */
export function requestOrigin(publicUrl: string | undefined, req: Request): string {
  if (publicUrl !== undefined && publicUrl !== '') return publicUrl.replace(/\/+$/, '');
  const host = req.get('host') ?? '';
  return `${req.protocol}://${/^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host) ? host.toLowerCase() : 'localhost'}`;
}
