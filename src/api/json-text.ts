import type { Express } from 'express';
import type { Pagination } from './envelope.js';

/**
 * An answer already written as JSON text (by PostgreSQL, for the read routes): sent as it is,
 * not parsed and written again. Parsing the rows, mapping them to the view and writing them
 * again was most of a list request's CPU in the API process. The text comes in parts (the
 * envelope's start, the text PostgreSQL wrote, the envelope's end), written one after another:
 * joined, V8 copied the page's text (34 KB) into a new string to measure it, and node copied it
 * again to send it behind the headers, two thirds of what the API allocated per list page.
 */
export class JsonText {
  constructor(readonly parts: readonly string[]) {}
}

/**
 * The JSON text of a value of type T, as a controller returns it: tsoa documents the route's
 * declared type T, and `res.json` (see sendsJsonText) sends the text.
 */
export const jsonText = <T>(parts: readonly string[]): T => new JsonText(parts) as unknown as T;

/** The success envelope around data given as JSON text (see envelope.ts). */
export const successText = (data: string): readonly string[] => ['{"success":true,"data":', data, '}'];

/** The page envelope around rows given as a JSON array's text (see envelope.ts). */
export const pageText = (rows: string, pagination: Pagination): readonly string[] => [
  '{"success":true,"data":',
  rows,
  `,"pagination":{"limit":${pagination.limit},"offset":${pagination.offset},"total":${pagination.total}}}`,
];

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `res.json` of this app sends a JsonText's parts as they are, with the headers express's `send`
 * gives any JSON answer, and anything else as before. Sent without `send`, which copied the text (a list
 * page: 34 KB) into a Buffer to learn its length and parsed the content type again on every
 * answer: the API sends no ETag or Last-Modified, so `send`'s freshness check never answers 304.
 * The parts written in one tick leave in one write to the socket. Node leaves out the body of an
 * answer to HEAD (served by the GET route) and keeps its length.
 */
export function sendsJsonText(app: Express): void {
  const json = app.response.json;
  app.response.json = function (this: typeof app.response, body: unknown) {
    if (!(body instanceof JsonText)) return json.call(this, body);
    const { parts } = body;
    let length = 0;
    for (const part of parts) length += Buffer.byteLength(part);
    this.setHeader('Content-Type', JSON_TYPE);
    this.setHeader('Content-Length', length);
    const last = parts.length - 1;
    for (let part = 0; part < last; part += 1) this.write(parts[part], 'utf8');
    this.end(parts[last] ?? '', 'utf8');
    return this;
  };
}
