/** A cause of a refusal, as metav1.StatusCause. */
export interface StatusCause {
  reason?: string;
  message: string;
  field?: string;
}

/** What a refused request answers: the HTTP code and the metav1.Status reason and details Kubernetes would send. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details: { name?: string; group?: string; kind?: string; causes?: StatusCause[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

/** The metav1.Status body of a refusal; kubectl prints `message`, and for Invalid the causes. */
export function statusOf(error: ApiError): Record<string, unknown> {
  const details = Object.fromEntries(Object.entries(error.details).filter(([, value]) => value !== undefined));
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: error.message,
    reason: error.reason,
    ...(Object.keys(details).length > 0 ? { details } : {}),
    code: error.code,
  };
}

/** The metav1.Status of a successful deletion that left nothing to return. */
export const successStatus = (details: { name: string; group: string; kind: string; uid: string }) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Success',
  details,
});

export const badRequest = (message: string) => new ApiError(400, 'BadRequest', message);
