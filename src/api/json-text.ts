import type { Express } from 'express';
import type { Pagination } from './envelope.js';

/**
 * An answer already written as JSON text (by PostgreSQL, for the read routes): sent as it is,
 * not parsed and written again. Parsing the rows, mapping them to the view and writing them
 * again was most of a list request's CPU in the API process.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * The JSON text of a value of type T, as a controller returns it: tsoa documents the route's
 * declared type T, and `res.json` (see sendsJsonText) sends the text.
 */
export const jsonText = <T>(text: string): T => new JsonText(text) as unknown as T;

/** The success envelope around data given as JSON text (see envelope.ts). */
export const successText = (data: string): string => `{"success":true,"data":${data}}`;

/** The page envelope around rows given as a JSON array's text (see envelope.ts). */
export const pageText = (rows: string, pagination: Pagination): string =>
  `{"success":true,"data":${rows},"pagination":{"limit":${pagination.limit},"offset":${pagination.offset},"total":${pagination.total}}}`;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `res.json` of this app sends a JsonText's text as it is, with the headers express's `send` gives
 * any JSON answer, and anything else as before. Sent without `send`, which copied the text (a list
 * page: 34 KB) into a Buffer to learn its length and parsed the content type again on every
 * answer: the API sends no ETag or Last-Modified, so `send`'s freshness check never answers 304.
 * Node leaves out the body of an answer to HEAD (served by the GET route) and keeps its length.
 */
export function sendsJsonText(app: Express): void {
  const json = app.response.json;
  app.response.json = function (this: typeof app.response, body: unknown) {
    if (!(body instanceof JsonText)) return json.call(this, body);
    this.setHeader('Content-Type', JSON_TYPE);
    this.setHeader('Content-Length', Buffer.byteLength(body.text));
    this.end(body.text, 'utf8');
    return this;
  };
}
