/** Error codes of the API and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  ENTITLEMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  PLAN_CAPABILITY_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error the client caused or may act on: it becomes the error envelope with its status. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;
  /** A plain property, not a getter: tsoa's authentication middleware assigns `status` on the errors it forwards. */
  readonly status: number;

  constructor(code: ErrorCode, message: string, options: { fields?: Record<string, string>; headers?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string>): ApiError =>
  new ApiError('BAD_REQUEST', message, fields ? { fields } : {});
/** No WWW-Authenticate challenge here: a browser would prompt and cache the credentials for cross-site requests (the error handler adds it when configured). */
export const unauthorized = (message = 'missing or wrong credentials'): ApiError => new ApiError('UNAUTHORIZED', message);
export const BASIC_CHALLENGE = 'Basic realm="vantage", charset="UTF-8"';
export const forbidden = (message: string): ApiError => new ApiError('FORBIDDEN', message);
export const notFound = (what: string): ApiError => new ApiError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string): ApiError => new ApiError('CONFLICT', message);
export const validationError = (fields: Record<string, string>): ApiError =>
  new ApiError('VALIDATION_ERROR', `invalid ${Object.keys(fields).join(', ')}`, { fields });
export const tooManyRequests = (retryAfterSeconds: number): ApiError =>
  new ApiError('TOO_MANY_REQUESTS', `too many failed sign-ins; retry in ${retryAfterSeconds} s`, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
