import type { RequestHandler } from 'express';

/**
 * Headers on every answer: no MIME sniffing, no framing, no referrer. API answers (they carry
 * account data) are never stored by a browser or proxy cache.
 */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' });
  next();
};

export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** The documentation page loads its own scripts and styles only (swagger-ui inlines some styles) and may not be framed. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const docsPolicy: RequestHandler = (_req, res, next) => {
  res.set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
  next();
};
