import { DriverException } from '@mikro-orm/core';

/**
 * What the log records of an unexpected fault: its class, codes and stack frames, and its
 * message unless it comes from the database. A database error's message carries the SQL
 * statement and its parameters, that is the user's values; the SQLSTATE and the frames are
 * enough to find the fault.
 */
export interface FaultReport {
  errorClass: string;
  message?: string;
  code?: string;
  sqlState?: string;
  frames?: string[];
  cause?: FaultReport;
}

export function faultReport(error: unknown, depth = 0): FaultReport {
  if (typeof error !== 'object' || error === null) return { errorClass: typeof error };
  const { code, sqlState, stack, cause, message } = error as { code?: unknown; sqlState?: unknown; stack?: unknown; cause?: unknown; message?: unknown };
  return {
    errorClass: (error as { constructor?: { name?: string } }).constructor?.name ?? 'Object',
    ...(typeof message === 'string' && !isDatabaseError(error) ? { message } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    ...(typeof sqlState === 'string' ? { sqlState } : {}),
    ...(typeof stack === 'string' ? { frames: stack.split('\n').filter((line) => /^\s+at /.test(line)).map((line) => line.trim()) } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: faultReport(cause, depth + 1) } : {}),
  };
}

/** A driver error, or one that carries a SQLSTATE: its message may quote the statement and its parameters. */
const isDatabaseError = (error: object): boolean => {
  const { code, sqlState } = error as { code?: unknown; sqlState?: unknown };
  return error instanceof DriverException || sqlState !== undefined || (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
};

/** SQLSTATE classes a request's own values cause: 22 data exception (out of range, untranslatable), 54 program limit (value too large to index). */
export function isClientDataFault(error: unknown, depth = 0): boolean {
  if (depth > 3 || typeof error !== 'object' || error === null) return false;
  const { code, sqlState, cause } = error as { code?: unknown; sqlState?: unknown; cause?: unknown };
  const state = typeof sqlState === 'string' ? sqlState : typeof code === 'string' ? code : '';
  return /^(22[0-9A-Z]{3}|54000)$/.test(state) || isClientDataFault(cause, depth + 1);
}
