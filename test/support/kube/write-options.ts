import type { IncomingMessage } from 'node:http';
import { fieldValidationOf } from './admission.js';
import { badRequest } from './api-error.js';
import type { WriteContext } from './resources.js';

/**
 * The write options of a request: field manager (the fieldManager parameter, else the client's
 * user agent up to its first slash, as Kubernetes derives it), field validation, dry run.
 */
export function writeContextOf(request: IncomingMessage, query: URLSearchParams): WriteContext {
  const dryRun = query.getAll('dryRun');
  if (dryRun.some((value) => value !== 'All')) throw badRequest(`dryRun: Unsupported value: ${JSON.stringify(dryRun.join(','))}: supported values: "All"`);
  const agent = String(request.headers['user-agent'] ?? '').split('/')[0]!.trim();
  const manager = query.get('fieldManager') ?? (agent || 'unknown');
  if (manager.length > 128) throw badRequest('fieldManager: Too long: may not be more than 128 bytes');
  return { manager, validation: fieldValidationOf(query.get('fieldValidation')), dryRun: dryRun.length > 0, warnings: [] };
}

/** A non-negative whole number from a query parameter, or undefined when absent. */
export function wholeNumber(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw badRequest(`${name}: Invalid value: ${JSON.stringify(value)}: must be a non-negative integer`);
  return Number(value);
}
