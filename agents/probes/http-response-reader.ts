import { ProbeFailure } from './probe.js';

/** What a probe keeps of an HTTP response: the rest of the head and the body are only read and counted. */
export interface ResponseOutline {
  status: number;
  location: string | undefined;
}

/** Node's limit for a response head: a longer one is a misbehaving server, not a page. */
export const maxHeadBytes = 16 * 1024;
/** A chunk-size line or a trailer line longer than this is not HTTP. */
const maxLineBytes = 4096;

const CRLF = Buffer.from('\r\n');
const headEnd = Buffer.from('\r\n\r\n');
const statusLine = /^HTTP\/1\.[01] ([1-9]\d\d)(?: [^\r\n]*)?$/;
const headerName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A field value holds visible characters, spaces and tabs (RFC 9110 section 5.5); a NUL or another control character is refused, as Node's parser does. */
const controlCharacter = /[\x00-\x08\x0a-\x1f\x7f]/;
const chunkSize = /^([0-9A-Fa-f]{1,15})[ \t]*(?:;.*)?$/;
const digits = /^\d{1,15}$/;

type BodyFraming =
  | { kind: 'none' }
  | { kind: 'length'; remaining: number }
  | { kind: 'chunked'; state: 'size' | 'data' | 'data-end' | 'trailers'; remaining: number }
  | { kind: 'until-close' };

/**
 * Reads one HTTP/1.1 response off a connection, as RFC 9112 frames it: interim 1xx heads are
 * skipped, and the body ends where its framing says (none for HEAD, 204 and 304, Content-Length,
 * chunked, else the connection's close) or once `maxBodyBytes` of it arrived, which is all a
 * probe needs to know the server answers. Push each chunk as it arrives; the outline is returned
 * once the response is complete, and a malformed response is a ProbeFailure with its reason. No
 * I/O here, so every framing case is a plain test.
 */
export class HttpResponseReader {
  private pending: Buffer = Buffer.alloc(0);
  private outline: ResponseOutline | null = null;
  private body: BodyFraming | null = null;
  private bodyBytes = 0;
  private finished = false;

  constructor(
    private readonly method: string,
    private readonly maxBodyBytes: number,
  ) {}

  /** The outline once the response is complete (this chunk completed it or an earlier one did), else null. */
  push(chunk: Buffer): ResponseOutline | null {
    if (this.finished) return this.outline;
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    while (!this.body) {
      const end = this.pending.indexOf(headEnd);
      if (end < 0) {
        if (this.pending.length > maxHeadBytes) throw new ProbeFailure('HTTP headers too large');
        return null;
      }
      if (end > maxHeadBytes) throw new ProbeFailure('HTTP headers too large');
      const head = this.pending.toString('latin1', 0, end);
      this.pending = this.pending.subarray(end + headEnd.length);
      this.readHead(head);
    }
    return this.readBody() ? this.complete() : null;
  }

  /** The connection closed: the outline when that ends the response, else the failure it is. */
  end(): ResponseOutline {
    if (this.finished) return this.outline!;
    if (this.body?.kind === 'until-close') return this.complete();
    throw new ProbeFailure('connection closed before the response ended');
  }

  private complete(): ResponseOutline {
    this.finished = true;
    this.pending = Buffer.alloc(0);
    return this.outline!;
  }

  private readHead(head: string): void {
    const lines = head.split('\r\n');
    const status = statusLine.exec(lines[0]!);
    if (!status) throw new ProbeFailure('invalid HTTP status line');
    const code = Number(status[1]);
    const fields = headerFields(lines.slice(1));
    // An interim answer (100 Continue, 103 Early Hints) precedes the real one; 101 would switch protocols, so it is the last word.
    if (code < 200 && code !== 101) return;
    this.outline = { status: code, location: fields.location };
    this.body = framing(this.method, code, fields);
  }

  /** Consumes the pending body bytes; true once the body is complete. */
  private readBody(): boolean {
    const body = this.body!;
    switch (body.kind) {
      case 'none':
        return true;
      case 'until-close':
        return this.count(this.pending.length);
      case 'length': {
        const taken = Math.min(body.remaining, this.pending.length);
        body.remaining -= taken;
        this.pending = this.pending.subarray(taken);
        return this.count(taken) || body.remaining === 0;
      }
      case 'chunked':
        return this.readChunks(body);
    }
  }

  private readChunks(body: Extract<BodyFraming, { kind: 'chunked' }>): boolean {
    for (;;) {
      if (body.state === 'data') {
        const taken = Math.min(body.remaining, this.pending.length);
        body.remaining -= taken;
        this.pending = this.pending.subarray(taken);
        if (this.count(taken)) return true;
        if (body.remaining > 0) return false;
        body.state = 'data-end';
        continue;
      }
      const line = this.takeLine();
      if (line === null) return false;
      if (body.state === 'data-end') {
        if (line !== '') throw new ProbeFailure('invalid HTTP response: malformed chunked body');
        body.state = 'size';
      } else if (body.state === 'size') {
        const size = chunkSize.exec(line);
        if (!size) throw new ProbeFailure('invalid HTTP response: malformed chunk size');
        body.remaining = parseInt(size[1]!, 16);
        body.state = body.remaining === 0 ? 'trailers' : 'data';
      } else if (line === '') {
        return true;
      }
    }
  }

  /** The next CRLF-terminated line of the pending bytes, or null when it has not all arrived. */
  private takeLine(): string | null {
    const end = this.pending.indexOf(CRLF);
    if (end < 0) {
      if (this.pending.length > maxLineBytes) throw new ProbeFailure('invalid HTTP response: line too long');
      return null;
    }
    const line = this.pending.toString('latin1', 0, end);
    this.pending = this.pending.subarray(end + CRLF.length);
    return line;
  }

  /** Counts body bytes read; true once enough of the body arrived. */
  private count(bytes: number): boolean {
    this.bodyBytes += bytes;
    return this.bodyBytes >= this.maxBodyBytes;
  }
}

interface HeadFields {
  location: string | undefined;
  contentLength: string[];
  transferEncoding: string[];
}

function headerFields(lines: string[]): HeadFields {
  const fields: HeadFields = { location: undefined, contentLength: [], transferEncoding: [] };
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    if (!headerName.test(name)) throw new ProbeFailure('invalid HTTP response: malformed header line');
    const value = line.slice(colon + 1).trim();
    if (controlCharacter.test(value)) throw new ProbeFailure('invalid HTTP response: control character in a header value');
    switch (name.toLowerCase()) {
      case 'location':
        fields.location ??= value;
        break;
      case 'content-length':
        fields.contentLength.push(...value.split(',').map((part) => part.trim()));
        break;
      case 'transfer-encoding':
        fields.transferEncoding.push(...value.split(',').map((part) => part.trim().toLowerCase()));
        break;
    }
  }
  return fields;
}

/** RFC 9112 section 6.3, in its order. */
function framing(method: string, status: number, fields: HeadFields): BodyFraming {
  if (method === 'HEAD' || status === 101 || status === 204 || status === 304) return { kind: 'none' };
  if (fields.transferEncoding.length > 0) {
    return fields.transferEncoding.at(-1) === 'chunked' ? { kind: 'chunked', state: 'size', remaining: 0 } : { kind: 'until-close' };
  }
  if (fields.contentLength.length > 0) {
    const [first] = fields.contentLength;
    if (!fields.contentLength.every((value) => value === first && digits.test(value))) throw new ProbeFailure('invalid HTTP response: bad Content-Length');
    const remaining = Number(first);
    return remaining === 0 ? { kind: 'none' } : { kind: 'length', remaining };
  }
  return { kind: 'until-close' };
}
