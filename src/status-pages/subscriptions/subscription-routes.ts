import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError, badRequest, notFound } from '../../api/errors.js';
import type { Store } from '../../store/orm.js';
import { STATUS_PAGE_STYLESHEET, assetPath } from '../assets/status-page-assets.js';
import { framingHeaders, validSlug } from '../public-routes-policy.js';
import { emailAddressOf } from './subscriber-input.js';
import { renderNoticePage, type NoticePage } from './subscription-html.js';
import { confirmSubscription, subscribeByEmail, unsubscribe, unsubscribeLinkValid } from './subscriptions.js';
import { RequestThrottle } from './throttle.js';

export interface SubscriptionRoutesOptions {
  store: Store;
  now?: () => Date;
  /** Subscribe requests per page and client address in a minute; 10 by default. */
  requestsPerMinute?: number;
  /** Confirmation mails a page sends in an hour, whatever the addresses (VANTAGE_STATUS_PAGE_CONFIRMATION_MAILS_PER_HOUR). */
  confirmationMailsPerPageHour: number;
}

/** The one answer to every accepted subscribe request: it never tells whether the address was known. */
export const SUBSCRIBE_ANSWER = 'Check your inbox: if this address can subscribe, a mail with a confirmation link is on its way.';

const BODY_LIMIT = '8kb';

const handle = (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next: NextFunction) => void handler(req, res).catch(next);

/** Whether the request came from the page's HTML form (answered in HTML) rather than a JSON client. */
const fromForm = (req: Request): boolean => req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

/**
 * `POST /status/{slug}/subscribe` (the page's form or JSON), `GET /status/{slug}/confirm?token=`,
 * and `GET`/`POST /status/{slug}/unsubscribe?token=` (the POST is RFC 8058's one-click). Public,
 * without cookies; every answer is `no-store`, and carries no referrer on (links hold tokens).
 */
export function subscriptionRoutes(options: SubscriptionRoutesOptions): Router {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const throttle = new RequestThrottle(options.requestsPerMinute ?? 10);
  const stylesheet = assetPath(STATUS_PAGE_STYLESHEET);
  const router = Router();
  const parsers = [express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 10 }), express.json({ limit: BODY_LIMIT })];

  const sendPage = (res: Response, status: number, page: NoticePage): void => {
    res
      .status(status)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', ...framingHeaders('html', []) })
      .send(renderNoticePage(page, stylesheet));
  };
  const pagePath = (slug: string): string => `/status/${encodeURIComponent(slug)}`;
  const invalidLink = (res: Response, slug: string): void =>
    sendPage(res, 404, { title: 'This link is not valid', text: 'The link is unknown, expired or was already used.', pagePath: pagePath(slug) });
  const slugOf = (req: Request): string => {
    const slug = req.params.slug!;
    if (!validSlug(slug)) throw notFound('status page');
    return slug;
  };

  router.post('/status/:slug/subscribe', ...parsers, handle(async (req, res) => {
    const slug = slugOf(req);
    const html = fromForm(req);
    if (!throttle.allow(`${slug}\u0000${req.ip ?? ''}`, now().getTime())) {
      throw new ApiError('TOO_MANY_REQUESTS', 'too many subscribe requests from this address; retry in a minute', { headers: { 'Retry-After': '60' } });
    }
    const body: unknown = req.body;
    const parsed = emailAddressOf(typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined);
    if ('reason' in parsed) {
      if (html) return sendPage(res, 400, { title: 'Not subscribed', text: parsed.reason, pagePath: pagePath(slug) });
      throw badRequest(parsed.reason, { email: parsed.reason });
    }
    if (!(await subscribeByEmail(store, slug, parsed.address, now(), options.confirmationMailsPerPageHour))) throw notFound('status page');
    if (html) return sendPage(res, 202, { title: 'Check your inbox', text: SUBSCRIBE_ANSWER, pagePath: pagePath(slug) });
    res.status(202).set('Cache-Control', 'no-store').json({ success: true, data: { message: SUBSCRIBE_ANSWER } });
  }));

  router.get('/status/:slug/confirm', handle(async (req, res) => {
    const slug = slugOf(req);
    if (!(await confirmSubscription(store, slug, req.query.token, now()))) return invalidLink(res, slug);
    sendPage(res, 200, { title: 'Subscription confirmed', text: 'You will hear of incidents and maintenance on this page. Every mail has a link to unsubscribe.', pagePath: pagePath(slug) });
  }));

  router.get('/status/:slug/unsubscribe', handle(async (req, res) => {
    const slug = slugOf(req);
    if (!(await unsubscribeLinkValid(store, slug, req.query.token, now()))) return invalidLink(res, slug);
    sendPage(res, 200, { title: 'Unsubscribe?', text: 'Press the button to stop mails from this status page.', unsubscribeButton: true, pagePath: pagePath(slug) });
  }));

  router.post('/status/:slug/unsubscribe', ...parsers, handle(async (req, res) => {
    const slug = slugOf(req);
    if (!(await unsubscribe(store, slug, req.query.token, now()))) return invalidLink(res, slug);
    sendPage(res, 200, { title: 'Unsubscribed', text: 'You will get no more mails from this status page.', pagePath: pagePath(slug) });
  }));

  return router;
}
