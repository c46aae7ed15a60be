import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * One rendered public answer, kept by the page cache: its bytes, its ETag, the headers that go
 * with it, and its compressed forms, each made once per answer: brotli (what browsers ask for)
 * when the answer is made, gzip (curl, older clients and proxies) on its first request. The ETag
 * is weak: the identity and the compressed forms are the same answer.
 */
export interface PublicAnswer {
  status: 200 | 404;
  body: Buffer;
  etag: string;
  headers: Readonly<Record<string, string>>;
  /** Absent when the body is too small to gain from compression. */
  brotli?: Buffer;
  /** Made on the first request that takes gzip but not brotli, then kept. */
  gzip?: Buffer;
}

/** Below this a compression header costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli at quality 4 compresses a 100-component page (about 1 MB of very repetitive HTML) to a
 * sixtieth of its size in a third of the time quality 5 takes, and faster than gzip.
 */
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };

/**
 * The ETag names the body's content, not a secret: SHA-1 of the brotli form when there is one (a
 * lossless encoding, so one content has one such form, and hashing 6 KB instead of a megabyte page
 * shortens a miss), else of the body; a chance collision would at worst keep a client's copy until
 * the next change.
 */
export function publicAnswer(status: 200 | 404, text: string | Buffer, headers: Record<string, string>): PublicAnswer {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const brotli = brotliOf(body);
  const etag = `W/"${createHash('sha1').update(brotli ?? body).digest('base64url')}"`;
  return brotli === undefined ? { status, body, etag, headers } : { status, body, etag, headers, brotli };
}

/** The answer with its compressed forms when its body is large enough to gain from them. */
export function withCompressedForms(answer: PublicAnswer): PublicAnswer {
  const brotli = brotliOf(answer.body);
  return brotli === undefined ? answer : { ...answer, brotli };
}

function brotliOf(body: Buffer): Buffer | undefined {
  if (body.length < COMPRESS_MIN_BYTES) return undefined;
  BROTLI_OPTIONS.params[zlib.BROTLI_PARAM_SIZE_HINT] = body.length;
  return brotliCompressSync(body, BROTLI_OPTIONS);
}

/** The answer's gzip form, made once. */
export function gzipOf(answer: PublicAnswer): Buffer {
  answer.gzip ??= gzipSync(answer.body, { level: 6 });
  return answer.gzip;
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
  if (answer.brotli) res.vary('Accept-Encoding');
  if (answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  let body = answer.body;
  const encoding = answer.brotli ? chosenEncoding(req.headers['accept-encoding']) : null;
  if (encoding === 'br') body = answer.brotli!;
  else if (encoding === 'gzip') body = gzipOf(answer);
  if (encoding !== null) res.setHeader('Content-Encoding', encoding);
  res.statusCode = answer.status;
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
