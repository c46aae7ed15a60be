import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { COMPRESS_MIN_BYTES, CompressedForms } from './compressed-forms.js';

/**
 * One rendered public answer, kept by the page cache: its bytes, its ETag, the headers that go
 * with it, and its compressed forms (brotli, what browsers ask for, and gzip: curl, older clients
 * and proxies). The ETag is weak: the identity and the compressed forms are the same answer.
 */
export interface PublicAnswer {
  status: 200 | 404;
  body: Buffer;
  etag: string;
  headers: Readonly<Record<string, string>>;
  /** Absent when the body is too small to gain from compression. */
  forms?: CompressedForms;
}

/**
 * The ETag names the body's content, not a secret: SHA-1 of the brotli form as first made when
 * there is one (a lossless encoding made the same way each time, so one content has one such
 * form, and making and hashing it takes less than hashing a megabyte page), else of the body; a
 * chance collision would at worst keep a client's copy until the next change.
 */
export function publicAnswer(status: 200 | 404, text: string | Buffer, headers: Record<string, string>): PublicAnswer {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const forms = formsOf(body);
  const etag = `W/"${createHash('sha1').update(forms?.first('br') ?? body).digest('base64url')}"`;
  return forms === undefined ? { status, body, etag, headers } : { status, body, etag, headers, forms };
}

/** The answer with its compressed forms when its body is large enough to gain from them. */
export function withCompressedForms(answer: PublicAnswer): PublicAnswer {
  const forms = formsOf(answer.body);
  return forms === undefined ? answer : { ...answer, forms };
}

const formsOf = (body: Buffer): CompressedForms | undefined => (body.length < COMPRESS_MIN_BYTES ? undefined : new CompressedForms(body));

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
  const body = encoding === null ? answer.body : answer.forms!.serve(encoding);
  if (encoding !== null) res.setHeader('Content-Encoding', encoding);
  res.statusCode = answer.status;
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
