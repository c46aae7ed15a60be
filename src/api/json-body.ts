import express, { type RequestHandler } from 'express';
import { isStateChanging } from '../domain/cross-site.js';
import { ApiError } from './errors.js';
import type { KnownRoute } from './route-table.js';

/** Request bodies above this are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 256 * 1024;

const hasBody = (headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/** `1e309` parses to Infinity, which no field accepts and later code would take for a missing value: the body is refused as malformed. */
function refuseOverflow(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new SyntaxError('a number is out of range');
  return value;
}

/**
 * Bodies are JSON (multipart on upload routes): another media type is 415, with a body or
 * without one on a state-changing method (a browser form sends its type even when empty, so an
 * empty cross-site form post is refused too). JSON is parsed with the size limit (malformed: 400, too large: 413).
 */
export function jsonBody(): RequestHandler[] {
  const refuseOtherTypes: RequestHandler = (req, res, next) => {
    // Upload routes read multipart/form-data themselves (their parser runs after authentication).
    const route = res.locals.route as KnownRoute | undefined;
    if (route?.multipartMethods.has(req.method.toLowerCase())) {
      return next(req.is('multipart/form-data') ? undefined : new ApiError('UNSUPPORTED_MEDIA_TYPE', 'this route takes multipart/form-data'));
    }
    const typed = req.headers['content-type'] !== undefined;
    const mustBeJson = hasBody(req.headers) || (typed && isStateChanging(req.method));
    if (mustBeJson && !req.is('application/json') && !req.is('application/*+json')) {
      return next(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'request bodies must be JSON (Content-Type: application/json)'));
    }
    next();
  };
  return [refuseOtherTypes, express.json({ limit: BODY_LIMIT_BYTES, type: ['application/json', 'application/*+json'], reviver: refuseOverflow })];
}
