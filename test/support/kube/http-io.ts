import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadYaml } from '@kubernetes/client-node';
import { ApiError, badRequest } from './api-error.js';
import { decodeProtobuf, PROTOBUF } from './protobuf.js';

/** The largest request body accepted (the API server's limit is 3 MiB). */
const MAX_BODY_BYTES = 3 * 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'RequestEntityTooLarge', 'the request body is larger than 3 MiB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The body as JSON, YAML for the YAML media types (apply patches), or the protobuf kubectl's typed clients send. */
export function parseBody(body: Buffer, contentType: string): unknown {
  if (contentType.startsWith(PROTOBUF)) return decodeProtobuf(body);
  const text = body.toString('utf8');
  if (text.trim() === '') throw badRequest('the request body is empty');
  try {
    return /yaml/.test(contentType) ? loadYaml(text) : JSON.parse(text);
  } catch (error) {
    throw badRequest(`the request body could not be decoded: ${(error as Error).message}`);
  }
}

/** A JSON answer; warnings go out as `Warning: 299 - "..."` headers, which kubectl prints. */
export function sendJson(response: ServerResponse, code: number, body: unknown, warnings: readonly string[] = []): void {
  if (warnings.length > 0) response.setHeader('Warning', warnings.map((warning) => `299 - ${JSON.stringify(warning)}`));
  response.writeHead(code, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}
