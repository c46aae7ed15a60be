import type { RequestHandler } from 'express';
import { ApiError } from './errors.js';

interface OpenApiParameter {
  name: string;
  in: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, unknown> } } | undefined>>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface KnownRoute {
  /** OpenAPI path template, e.g. `/mobile/uptime-checks/{id}`. */
  template: string;
  pattern: RegExp;
  /** More literal segments win: `/options` beats `/{id}` as an express router would order them. */
  literalSegments: number;
  /** Lower-case method → where each parameter of that operation is read from. */
  operations: Map<string, Map<string, string>>;
  /** Lower-case methods whose body is multipart/form-data (file uploads). */
  multipartMethods: Set<string>;
}

/** The API's routes as the generated OpenAPI document lists them: the single source of "known paths". */
export function routeTable(document: OpenApiDocument): KnownRoute[] {
  return Object.entries(document.paths).map(([template, item]) => {
    const segments = template.split('/').filter(Boolean);
    const pattern = new RegExp(
      `^/${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`,
      'i',
    );
    const operations = new Map<string, Map<string, string>>();
    const multipartMethods = new Set<string>();
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) operations.set(method, new Map((operation.parameters ?? []).map((p) => [p.name, p.in])));
      if (operation?.requestBody?.content?.['multipart/form-data']) multipartMethods.add(method);
    }
    return { template, pattern, literalSegments: segments.filter((s) => !s.startsWith('{')).length, operations, multipartMethods };
  });
}

export function matchRoute(table: readonly KnownRoute[], path: string): KnownRoute | null {
  const matches = table.filter((route) => route.pattern.test(path));
  return matches.sort((a, b) => b.literalSegments - a.literalSegments)[0] ?? null;
}

/** Where a parameter of the request's operation comes from (`path`, `query`, `header`), or undefined for body fields. */
export const parameterLocation = (route: KnownRoute | undefined, method: string, name: string): string | undefined =>
  route?.operations.get(method.toLowerCase())?.get(name);

/**
 * Runs before the routes: a known path with a method it does not serve is 405 METHOD_NOT_ALLOWED
 * with an Allow header. The matched route is kept in `res.locals.route` for the error handler.
 */
export function methodGuard(table: readonly KnownRoute[]): RequestHandler {
  return (req, res, next) => {
    const route = matchRoute(table, req.path);
    if (!route) return next();
    res.locals.route = route;
    const method = req.method.toLowerCase();
    const served = route.operations.has(method) || (method === 'head' && route.operations.has('get'));
    if (served) return next();
    const allow = [...route.operations.keys()].map((m) => m.toUpperCase()).join(', ');
    return next(new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on this route; use ${allow}`, { headers: { Allow: allow } }));
  };
}
