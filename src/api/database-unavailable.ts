import { ConnectionException } from '@mikro-orm/core';

/** Node and PostgreSQL codes that mean the database cannot be reached now, not that the request is wrong. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNREACHABLE_MESSAGES = /Connection terminated|Connection ended unexpectedly|Timeout acquiring a connection|connect ECONNREFUSED|the database system is (starting up|shutting down)/i;

/** Whether an error (or one it wraps) says the database is away: the request may succeed when it is back. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  if (error instanceof ConnectionException) return true;
  const { code, name, message, cause } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
