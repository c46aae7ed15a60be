import { badRequest } from './errors.js';
import type { Pagination } from './envelope.js';

/** Query-string parsing shared by every list route; a refused filter is a 400 naming the parameter. */
export const PAGE_LIMIT_MAX = 200;
export const PAGE_LIMIT_DEFAULT = 50;

export function parsePaging(limit: number | undefined, offset: number | undefined): Omit<Pagination, 'total'> {
  const pageLimit = limit ?? PAGE_LIMIT_DEFAULT;
  const pageOffset = offset ?? 0;
  if (!Number.isInteger(pageLimit) || pageLimit < 1 || pageLimit > PAGE_LIMIT_MAX) {
    throw badRequest(`limit must be an integer from 1 to ${PAGE_LIMIT_MAX}`, { limit: `must be an integer from 1 to ${PAGE_LIMIT_MAX}` });
  }
  if (!Number.isInteger(pageOffset) || pageOffset < 0) {
    throw badRequest('offset must be an integer of at least 0', { offset: 'must be an integer of at least 0' });
  }
  return { limit: pageLimit, offset: pageOffset };
}

/** A boolean query flag written `true`, `false`, `1` or `0`. */
export type BooleanFilter = 'true' | 'false' | '1' | '0';

export const parseBooleanFilter = (value: BooleanFilter | undefined): boolean | undefined =>
  value === undefined ? undefined : value === 'true' || value === '1';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 date or date-time (UTC when no offset is given). */
export function parseInstant(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const normalised = /T/.test(value) && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? `${value}Z` : value;
  const at = new Date(normalised);
  if (!ISO_INSTANT.test(value) || Number.isNaN(at.getTime())) {
    throw badRequest(`${name} must be an ISO 8601 date or date-time`, { [name]: 'must be an ISO 8601 date or date-time' });
  }
  return at;
}

/** `from` and `to` as a range: `to` defaults to now, `from` to `defaultSpanMs` before `to`, and must not be after `to`. */
export function parseRange(
  from: string | undefined,
  to: string | undefined,
  now: Date,
  defaultSpanMs: number,
  maxSpanMs?: number,
): { from: Date; to: Date } {
  const end = parseInstant('to', to) ?? now;
  const start = parseInstant('from', from) ?? new Date(end.getTime() - defaultSpanMs);
  if (start.getTime() > end.getTime()) throw badRequest('from must not be after to', { from: 'must not be after to' });
  if (maxSpanMs !== undefined && end.getTime() - start.getTime() > maxSpanMs) {
    const days = Math.round(maxSpanMs / 86_400_000);
    throw badRequest(`the range from–to must not exceed ${days} days`, { from: `must be at most ${days} days before to` });
  }
  return { from: start, to: end };
}
