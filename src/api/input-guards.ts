import type { RequestHandler } from 'express';
import { integerTextProblem, isResourceId } from '../domain/numeric-parameter.js';
import { firstUnstorableText, UNSTORABLE_TEXT_REASON } from '../domain/storable-text.js';
import { badRequest, notFound, validationError } from './errors.js';
import { operationOf, rawPathParameters, type KnownRoute } from './route-table.js';

/**
 * Guards that read the route's OpenAPI operation and refuse hostile input before any handler
 * or query sees it: one decision for the whole API instead of one per controller.
 */

const isIntegerSchema = (schema: { type?: string }): boolean => schema.type === 'integer';

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** A path parameter that cannot name a resource (not a positive integer id, not decodable, not storable) is 404. */
export const pathParameterGuard: RequestHandler = (req, res, next) => {
  const route = res.locals.route as KnownRoute | undefined;
  const operation = operationOf(route, req.method);
  if (!route || !operation) return next();
  for (const [name, raw] of rawPathParameters(route, req.path)) {
    const schema = operation.parameters.get(name)?.schema ?? {};
    const value = decoded(raw);
    const valid = isIntegerSchema(schema) ? isResourceId(raw, schema) : value !== null && firstUnstorableText(value, name) === null;
    if (!valid) return next(notFound('resource'));
  }
  next();
};

/** Query values: text the database cannot store is 400 naming the parameter, and so are integers out of range or given twice. */
export const queryGuard: RequestHandler = (req, res, next) => {
  const unstorable = firstUnstorableText(req.query, 'query');
  if (unstorable !== null) {
    const name = unstorable.split(/[.[]/)[0]!;
    return next(badRequest(`${name} ${UNSTORABLE_TEXT_REASON}`, { [name]: UNSTORABLE_TEXT_REASON }));
  }
  const operation = operationOf(res.locals.route as KnownRoute | undefined, req.method);
  for (const [name, parameter] of operation?.parameters ?? []) {
    const value = req.query[name];
    if (parameter.in !== 'query' || value === undefined || !isIntegerSchema(parameter.schema)) continue;
    const problem = typeof value === 'string' ? integerTextProblem(value, parameter.schema) : 'must be given once, as an integer';
    if (problem) return next(badRequest(`${name} ${problem}`, { [name]: problem }));
  }
  next();
};

/** JSON bodies: a string or key the database cannot store is 422 naming the field. */
export const bodyTextGuard: RequestHandler = (req, _res, next) => {
  const field = req.body === undefined ? null : firstUnstorableText(req.body, 'body');
  next(field === null ? undefined : validationError({ [field]: UNSTORABLE_TEXT_REASON }));
};
