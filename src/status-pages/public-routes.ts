import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { STATUS_PAGE_ASSETS, STATUS_PAGE_ENHANCEMENT, STATUS_PAGE_STYLESHEET, assetPath } from './assets/status-page-assets.js';
import { PageCache, type PageCacheOptions } from './page-cache.js';
import { fileAnswer, publicAnswer, sendAnswer, type PublicAnswer } from './public-routes-answer.js';
import { cacheControl, framingHeaders, LOGO_TYPES, NOT_FOUND_CACHE_CONTROL, requestOrigin, validSlug } from './public-routes-policy.js';
import { renderAvailabilityBadge, renderCertificateBadge, renderStatusBadge } from './render/badges.js';
import { renderAtomFeed, renderRssFeed } from './render/feeds.js';
import { renderNotFoundHtml, withStatusPageHtml } from './render/html-page.js';
import { renderSummaryJson } from './render/summary-json.js';
import type { StatusPageChangeListener, StatusPageSource } from './status-page-source.js';
import type { PublicComponent, PublicStatusPage } from './status-page-view.js';

export interface StatusPageRoutesOptions {
  /** VANTAGE_PUBLIC_URL: the origin of absolute URLs in feeds and summary.json; unset, the request's own origin. */
  publicUrl?: string;
  /** Seconds a browser or proxy may keep an answer (Cache-Control max-age); 30 by default. */
  maxAgeSeconds?: number;
  cache?: Partial<PageCacheOptions>;
}

export interface StatusPageRoutes {
  router: Router;
  /** Hand this the change feed: it drops the named pages' cached answers. */
  changed: StatusPageChangeListener;
}

const BADGES: Record<string, (component: PublicComponent) => string | null> = {
  status: renderStatusBadge,
  availability: renderAvailabilityBadge,
  certificate: renderCertificateBadge,
};

/** An async handler whose failures (the database away, with nothing stale to serve) go to the app's error handler. */
const handle = (handler: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler =>
  (req, res, next) => void handler(req, res, next).catch(next);

/**
 * The public, unauthenticated status pages: `/status/{slug}` with its feeds, summary.json, badges
 * and logo, the page's assets, and `/` on a page's custom domain. Every answer comes from the
 * page cache; a page, its feeds and its badges are rendered from the public view alone.
 */
export function statusPageRoutes(source: StatusPageSource, options: StatusPageRoutesOptions = {}): StatusPageRoutes {
  const maxAgeSeconds = options.maxAgeSeconds ?? 30;
  const cache = new PageCache({
    maxAgeMs: maxAgeSeconds * 1000,
    staleIfErrorMs: 24 * 3600 * 1000,
    maxScopes: 2000,
    maxVariantsPerScope: 1000,
    ...options.cache,
  });
  const caching = cacheControl(maxAgeSeconds);
  const notFound = publicAnswer(404, renderNotFoundHtml(assetPath(STATUS_PAGE_STYLESHEET)), {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': NOT_FOUND_CACHE_CONTROL,
    ...framingHeaders('html', []),
  });

  const viewOf = (slug: string): Promise<PublicStatusPage | null> => cache.get(slug, 'view', () => source.bySlug(slug));

  /** Which page this request's host serves: null for any host but a page's custom domain. */
  const hostSlug = (req: Request): Promise<string | null> => {
    const host = req.hostname?.toLowerCase().replace(/\.$/, '');
    if (!host) return Promise.resolve(null);
    return cache.getForAllPages(`host:${host}`, () => source.slugForHost(host));
  };

  /** The answer for a slug, or the 404 when the slug is unknown, disabled, or not this custom domain's page. */
  const answer = async (req: Request, slug: string, variant: string, render: (page: PublicStatusPage) => PublicAnswer | null | Promise<PublicAnswer | null>): Promise<PublicAnswer> => {
    if (!validSlug(slug)) return notFound;
    const domainSlug = await hostSlug(req);
    if (domainSlug !== null && domainSlug !== slug) return notFound;
    // The view is read inside the answer's load: a change notice during either makes neither kept.
    const found = await cache.get(slug, variant, async () => {
      const page = await viewOf(slug);
      return page === null ? null : render(page);
    });
    return found ?? notFound;
  };

  const text = (page: PublicStatusPage, kind: 'html' | 'other', contentType: string, body: string | Buffer, extra: Record<string, string> = {}): PublicAnswer =>
    publicAnswer(200, body, {
      'Content-Type': contentType,
      'Cache-Control': caching,
      ...framingHeaders(kind, page.frameAncestors),
      ...extra,
    });

  const htmlOf = (page: PublicStatusPage): PublicAnswer =>
    withStatusPageHtml(page, {
      pagePath: `/status/${encodeURIComponent(page.slug)}`,
      stylesheetPath: assetPath(STATUS_PAGE_STYLESHEET),
      scriptPath: assetPath(STATUS_PAGE_ENHANCEMENT),
    }, (html) => text(page, 'html', 'text/html; charset=utf-8', html));

  const sendPage = async (req: Request, res: Response, slug: string): Promise<void> => {
    sendAnswer(req, res, await answer(req, slug, 'html', htmlOf));
  };

  const origin = (req: Request): string => requestOrigin(options.publicUrl, req);
  const pageUrl = (req: Request, slug: string): string => `${origin(req)}/status/${encodeURIComponent(slug)}`;

  const router = Router();

  // The assets' answers, compressed once for the process.
  const assets = new Map([...STATUS_PAGE_ASSETS].map(([name, file]) => [name, fileAnswer(file.body, file.etag, {
    'Content-Type': file.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    ...framingHeaders('other', []),
  })]));
  router.get('/status/assets/:name', (req, res) => sendAnswer(req, res, assets.get(req.params.name!) ?? notFound));

  router.get('/status/:slug', handle((req, res) => sendPage(req, res, req.params.slug!)));

  router.get('/status/:slug/feed.atom', handle(async (req, res) => {
    const slug = req.params.slug!;
    const url = pageUrl(req, slug);
    sendAnswer(req, res, await answer(req, slug, `atom ${url}`, (page) =>
      text(page, 'other', 'application/atom+xml; charset=utf-8', renderAtomFeed(page, { pageUrl: url, feedUrl: `${url}/feed.atom` }))));
  }));

  router.get('/status/:slug/feed.rss', handle(async (req, res) => {
    const slug = req.params.slug!;
    const url = pageUrl(req, slug);
    sendAnswer(req, res, await answer(req, slug, `rss ${url}`, (page) =>
      text(page, 'other', 'application/rss+xml; charset=utf-8', renderRssFeed(page, { pageUrl: url, feedUrl: `${url}/feed.rss` }))));
  }));

  router.get('/status/:slug/summary.json', handle(async (req, res) => {
    const slug = req.params.slug!;
    const url = pageUrl(req, slug);
    // Public data without cookies: any site may read it to embed the page's state.
    sendAnswer(req, res, await answer(req, slug, `summary ${url}`, (page) =>
      text(page, 'other', 'application/json; charset=utf-8', renderSummaryJson(page, url), { 'Access-Control-Allow-Origin': '*' })));
  }));

  router.get('/status/:slug/badge/:key/:badge.svg', handle(async (req, res) => {
    const { slug, key, badge } = req.params as Record<string, string>;
    const render = BADGES[badge!];
    sendAnswer(req, res, await answer(req, slug!, `badge ${badge} ${key}`, (page) => {
      const component = page.groups.flatMap((group) => group.components).find((candidate) => candidate.key === key);
      const svg = component && render ? render(component) : null;
      // Badges are meant to be shown as images on other sites.
      return svg === null ? null : text(page, 'other', 'image/svg+xml; charset=utf-8', svg, { 'Cross-Origin-Resource-Policy': 'cross-origin' });
    }));
  }));

  router.get('/status/:slug/logo', handle(async (req, res) => {
    const slug = req.params.slug!;
    sendAnswer(req, res, await answer(req, slug, 'logo', async (page) => {
      if (page.logoPath === null) return null;
      const logo = await source.logo(slug);
      if (logo === null || !LOGO_TYPES.has(logo.contentType.toLowerCase())) return null;
      return publicAnswer(200, logo.bytes, { 'Content-Type': logo.contentType.toLowerCase(), 'Cache-Control': caching, ...framingHeaders('other', []) });
    }));
  }));

  router.get('/', handle(async (req, res, next) => {
    const slug = await hostSlug(req);
    if (slug === null) return next();
    await sendPage(req, res, slug);
  }));

  return { router, changed: cache.changed };
}
