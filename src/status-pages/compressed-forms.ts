import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompress, brotliDecompressSync, constants as zlib, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this a compression header costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

const brotliOptions = (quality: number, size: number): BrotliOptions => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: size },
});

const brotliAsync = promisify(brotliCompress);
const unbrotliAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

interface Coder {
  /** On the event loop, in the request's time. */
  fast(body: Buffer): Buffer;
  /** On libuv's thread pool. */
  best(body: Buffer): Promise<Buffer>;
}

/**
 * On a page of 100 components (1.1 MB of very repetitive HTML) brotli quality 1 takes a tenth of
 * the time of quality 4 for a page 60 % larger (10 KB), and quality 5 makes the smallest form
 * (5.4 KB) for twice the time of quality 4, off the event loop; gzip level 1 takes a fifth of the
 * time of level 6 for three times its size.
 */
const CODERS: Record<Encoding, Coder> = {
  br: {
    fast: (body) => brotliCompressSync(body, brotliOptions(1, body.length)),
    best: (body) => brotliAsync(body, brotliOptions(5, body.length)),
  },
  gzip: {
    fast: (body) => gzipSync(body, { level: 1 }),
    best: (body) => gzipAsync(body, { level: 6 }),
  },
};

/** A body's form made fast, on the event loop. */
export const fastForm = (encoding: Encoding, body: Buffer): Buffer => CODERS[encoding].fast(body);

/** A body's smallest form, made on the thread pool. */
export const bestForm = (encoding: Encoding, body: Buffer): Promise<Buffer> => CODERS[encoding].best(body);

interface Form {
  bytes: Buffer;
  servings: number;
  /** Set once its best form is being made (or was made, or failed: then the fast one stays). */
  improving: boolean;
}

/**
 * The compressed forms of one body, each made when first asked for. A cache miss needs its form
 * at once, so each is first made fast; the second time it is served (from the cache) it is made
 * again at the best quality on the thread pool, off the event loop, and those bytes replace the
 * fast ones once made. Both decode to the same body. An answer dropped before anyone read it
 * again never pays for its best forms.
 *
 * The body itself is not kept: the brotli form is made at once and the body is made again from
 * it when a client takes neither encoding or another form is first made (a page of 100
 * components is a megabyte; its brotli form is 10 KB). So the body handed in may be a buffer
 * that is written over once this returns.
 */
export class CompressedForms {
  /** The brotli form as first made (fast): the same bytes for the same body, so its hash names the content. */
  readonly firstBrotli: Buffer;
  private readonly forms: Partial<Record<Encoding, Form>>;
  /** Kept once a client took neither encoding: the next such client is likely to come back. */
  private identity?: Buffer;

  constructor(body: Buffer) {
    this.firstBrotli = fastForm('br', body);
    this.forms = { br: { bytes: this.firstBrotli, servings: 0, improving: false } };
  }

  /** The body, for a client that takes neither encoding. */
  body(): Buffer {
    this.identity ??= this.decoded();
    return this.identity;
  }

  /** The bytes to send now. */
  serve(encoding: Encoding): Buffer {
    const form = this.form(encoding);
    form.servings += 1;
    if (form.servings > 1 && !form.improving) {
      form.improving = true;
      const body = this.identity === undefined ? unbrotliAsync(this.firstBrotli) : Promise.resolve(this.identity);
      body.then((bytes) => bestForm(encoding, bytes)).then(
        (bytes) => void (form.bytes = bytes),
        () => undefined,
      );
    }
    return form.bytes;
  }

  private decoded(): Buffer {
    return this.identity ?? brotliDecompressSync(this.firstBrotli);
  }

  private form(encoding: Encoding): Form {
    let form = this.forms[encoding];
    if (form === undefined) {
      form = { bytes: fastForm(encoding, this.decoded()), servings: 0, improving: false };
      this.forms[encoding] = form;
    }
    return form;
  }
}
