import { ValidateError } from '@tsoa/runtime';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../log.js';
import { errorBody } from './envelope.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { faultReport, isClientDataFault } from './fault-report.js';
import { RuleRefusal } from '../services/refusal.js';
import { ApiError, BASIC_CHALLENGE, badRequest, notFound, validationError } from './errors.js';
import { parameterLocation, type KnownRoute } from './route-table.js';
import { readableMessage } from './validation-messages.js';

/** body-parser's failures, by its `type`. */
function bodyParserError(error: { type?: unknown; status?: unknown }): ApiError | null {
  switch (error.type) {
    case 'entity.parse.failed':
      return badRequest('the request body is not valid JSON');
    case 'entity.too.large':
      return new ApiError('PAYLOAD_TOO_LARGE', 'the request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'the request body must be UTF-8 JSON');
    case 'request.aborted':
    // The client closed its connection while an earlier step (authentication) was waiting: the body can no longer be read.
    case 'stream.not.readable':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return badRequest('the request body could not be read');
    default:
      return null;
  }
}

/** express's own refusals (an undecodable path parameter) carry a 4xx status and no envelope. */
const clientHttpError = (error: { status?: unknown }): ApiError | null =>
  typeof error.status === 'number' && error.status >= 400 && error.status < 500 ? badRequest('the request could not be read') : null;

/** tsoa's `body.name` / `body.dns_expected_values.$2` keys → the field names clients send. */
const wireField = (key: string): string => key.replace(/^(body|requestBody)\.?/, '').replace(/\.\$(\d+)/g, '[$1]') || 'body';

/**
 * tsoa's own validation: a path parameter that is not valid (a non-numeric id) cannot name a
 * resource (404); query and header values are refused filters (400); body fields are 422.
 */
function fromValidateError(error: ValidateError, route: KnownRoute | undefined, method: string): ApiError {
  const fields: Record<string, string> = {};
  let location: 'body' | 'query' | 'path' = 'body';
  for (const [key, detail] of Object.entries(error.fields)) {
    const where = parameterLocation(route, method, key.split('.')[0]!);
    if (where === 'path') location = 'path';
    else if (where !== undefined && location === 'body') location = 'query';
    fields[where === undefined ? wireField(key) : key] = readableMessage(detail.message);
  }
  if (location === 'path') return notFound('resource');
  if (location === 'query') return badRequest(Object.entries(fields).map(([name, reason]) => `${name} ${reason}`).join('; '), fields);
  return validationError(fields);
}

/** Seconds a client is asked to wait while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function toApiError(error: unknown, route: KnownRoute | undefined, method: string): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof RuleRefusal) return new ApiError(error.code, error.message, error.fields ? { fields: error.fields } : {});
  if (isDatabaseUnavailable(error)) {
    return new ApiError('SERVICE_UNAVAILABLE', 'the database is unavailable; retry shortly', {
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
  }
  if (error instanceof ValidateError) return fromValidateError(error, route, method);
  // A value the checks let through but the database refuses (out of range, not representable) is the request's fault.
  if (isClientDataFault(error)) return badRequest('a value in the request is out of range or cannot be stored');
  if (typeof error === 'object' && error !== null) return bodyParserError(error as { type?: unknown }) ?? clientHttpError(error as { status?: unknown });
  return null;
}

/** Every error ends here: the spec's envelope; unexpected faults are 500 INTERNAL with the request id in the log, never a stack. */
export function errorHandler(logger: Logger, options: { basicChallenge: boolean }): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const requestId = res.locals.requestId as string | undefined;
    const apiError = toApiError(error, res.locals.route as KnownRoute | undefined, req.method);
    if (!apiError) {
      logger.error({ fault: faultReport(error), requestId, method: req.method, route: (res.locals.route as KnownRoute | undefined)?.template }, 'unexpected fault');
      res.status(500).json(errorBody('INTERNAL', `internal error; request id ${requestId ?? 'unknown'}`));
      return;
    }
    if (apiError.status >= 500) logger.warn({ fault: faultReport(error), requestId }, apiError.message);
    res.set(apiError.headers);
    if (apiError.status === 401 && options.basicChallenge) res.set('WWW-Authenticate', BASIC_CHALLENGE);
    res.status(apiError.status).json(errorBody(apiError.code, apiError.message, apiError.fields));
  };
}

/** Anything no route answered. */
export const notFoundHandler: RequestHandler = (req, _res, next) => next(new ApiError('NOT_FOUND', `no route ${req.method} ${req.path}`));
