import type { RequestHandler } from 'express';
import { crossSiteReason, isStateChanging } from '../domain/cross-site.js';
import { forbidden } from './errors.js';

/** CSRF: a state-changing request a browser marks as coming from another site is 403, whatever credentials it carries. */
export function crossSiteGuard(publicUrl: string | undefined): RequestHandler {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req, _res, next) => {
    if (!isStateChanging(req.method)) return next();
    const reason = crossSiteReason({ secFetchSite: req.header('sec-fetch-site'), origin: req.header('origin'), host: req.header('host'), publicOrigin });
    next(reason === null ? undefined : forbidden(`cross-site requests may not change anything (${reason})`));
  };
}
