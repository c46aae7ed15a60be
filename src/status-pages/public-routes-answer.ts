import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { COMPRESS_MIN_BYTES, CompressedForms } from './compressed-forms.js';

/**
 * One rendered public answer, kept by the page cache: its ETag, the headers that go with it, and
 * its bytes: a small body as it is, a larger one as its compressed forms (brotli, what browsers ask
 * for, and gzip: curl, older clients and proxies), which also make the body again for a client
 * that takes neither. The ETag is weak: the identity and the compressed forms are the same answer.
 */
export type PublicAnswer = {
  status: 200 | 404;
  etag: string;
  headers: Readonly<Record<string, string>>;
} & ({ body: Buffer; forms?: undefined } | { body?: undefined; forms: CompressedForms });

/**
 * The ETag names the body's content, not a secret: SHA-1 of the brotli form as first made when
 * there is one (a lossless encoding made the same way each time, so one content has one such
 * form, and making and hashing it takes less than hashing a megabyte page), else of the body; a
 * chance collision would at worst keep a client's copy until the next change. A body given as a
 * buffer is not kept when it is compressed, nor as it is when it is small: the caller may write
 * over it once this returns.
 */
export function publicAnswer(status: 200 | 404, text: string | Buffer, headers: Record<string, string>): PublicAnswer {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  if (bytes.length >= COMPRESS_MIN_BYTES) {
    const forms = new CompressedForms(bytes);
    return { status, etag: etagOf(forms.firstBrotli), headers, forms };
  }
  const body = bytes === text ? Buffer.from(bytes) : bytes;
  return { status, body, etag: etagOf(body), headers };
}

const etagOf = (bytes: Buffer): string => `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;

/** A file's answer under its own ETag, compressed when it is large enough to gain from it. */
export function fileAnswer(body: Buffer, etag: string, headers: Record<string, string>): PublicAnswer {
  return body.length < COMPRESS_MIN_BYTES ? { status: 200, body, etag, headers } : { status: 200, etag, headers, forms: new CompressedForms(body) };
}

/** If-None-Match: `*` or any listed tag (weak comparison, as RFC 9110 asks for a GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === wanted;
  });
}

/** The encoding to send among those the answer has: brotli, then gzip, then none; a coding refused with q=0 is never chosen. */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (acceptEncoding === undefined || acceptEncoding === '') return null;
  let gzip = false;
  for (const item of acceptEncoding.split(',')) {
    const [coding, ...params] = item.split(';');
    const name = coding!.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip') continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)).find((match) => match !== null);
    if (q && Number(q[1]) === 0) continue;
    if (name === 'br') return 'br';
    gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * Sends a cached answer with as little work per request as its headers allow: the ETag compared
 * first, headers set straight on the response (no express helpers), the body chosen among the
 * forms made with the answer.
 */
export function sendAnswer(req: Request, res: Response, answer: PublicAnswer): void {
  // The app sets X-Frame-Options: DENY on everything; a page that allows framing answers without it.
  res.removeHeader('X-Frame-Options');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  for (const name in answer.headers) res.setHeader(name, answer.headers[name]!);
  res.setHeader('ETag', answer.etag);
  if (answer.forms) res.vary('Accept-Encoding');
  if (answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = answer.forms ? chosenEncoding(req.headers['accept-encoding']) : null;
  const body = answer.forms === undefined ? answer.body : encoding === null ? answer.forms.body() : answer.forms.serve(encoding);
  if (encoding !== null) res.setHeader('Content-Encoding', encoding);
  res.statusCode = answer.status;
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
