import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * One rendered public answer, kept by the page cache: its bytes, its ETag, the headers that go
 * with it, and (made on first demand) its gzip form. The ETag is weak: the identity and the gzip
 * forms are the same answer.
 */
export interface PublicAnswer {
  status: 200 | 404;
  body: Buffer;
  etag: string;
  headers: Readonly<Record<string, string>>;
  gzipped?: Buffer;
}

/** Below this a gzip header costs more than it saves. */
const GZIP_MIN_BYTES = 1024;

export function publicAnswer(status: 200 | 404, text: string | Buffer, headers: Record<string, string>): PublicAnswer {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { status, body, etag, headers };
}

/** If-None-Match: `*` or any listed tag (weak comparison, as RFC 9110 asks for a GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === wanted;
  });
}

const acceptsGzip = (req: Request): boolean => /\bgzip\b/i.test(req.get('accept-encoding') ?? '') && !/\bgzip\s*;\s*q=0(?:\.0*)?\b/i.test(req.get('accept-encoding') ?? '');

export function sendAnswer(req: Request, res: Response, answer: PublicAnswer): void {
  // The app sets X-Frame-Options: DENY on everything; a page that allows framing answers without it.
  res.removeHeader('X-Frame-Options');
  res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
  res.set(answer.headers);
  res.set('ETag', answer.etag);
  const compressible = answer.body.length >= GZIP_MIN_BYTES;
  if (compressible) res.vary('Accept-Encoding');
  if (answer.status === 200 && matchesEtag(req.get('if-none-match'), answer.etag)) {
    res.status(304).end();
    return;
  }
  let body = answer.body;
  if (compressible && acceptsGzip(req)) {
    answer.gzipped ??= gzipSync(answer.body, { level: 6 });
    body = answer.gzipped;
    res.set('Content-Encoding', 'gzip');
  }
  res.status(answer.status).set('Content-Length', String(body.length)).end(body);
}
