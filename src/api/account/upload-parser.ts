import type { RequestHandler } from 'express';
import multer, { MulterError, type Multer } from 'multer';
import { ApiError, badRequest, validationError } from '../errors.js';
import { PROFILE_IMAGE_MAX_BYTES } from './profile-image.js';

function uploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new ApiError('PAYLOAD_TOO_LARGE', `the file is larger than ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MiB`);
    return validationError({ [error.field ?? 'body']: `unexpected multipart content (${error.message})` });
  }
  return badRequest('the multipart body could not be read');
}

const translated = (handler: RequestHandler): RequestHandler => (req, res, next) =>
  handler(req, res, (error?: unknown) => next(error === undefined ? undefined : uploadError(error)));

/**
 * The multipart parser tsoa's upload routes use: files kept in memory (they are checked before
 * anything is written), at most 2 MiB and one file per request, and multer's and busboy's
 * failures turned into the API's errors (413 too large, 422 unexpected part, 400 unreadable).
 */
export function uploadParser(): Multer {
  const inner = multer({ storage: multer.memoryStorage(), limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  return Object.assign(Object.create(inner) as Multer, {
    single: (name: string) => translated(inner.single(name)),
    array: (name: string, max?: number) => translated(inner.array(name, max)),
    fields: (fields: readonly multer.Field[]) => translated(inner.fields(fields)),
    none: () => translated(inner.none()),
    any: () => translated(inner.any()),
  });
}
