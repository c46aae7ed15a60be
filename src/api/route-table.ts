import type { RequestHandler } from 'express';
import { ApiError } from './errors.js';

/** The part of a parameter's OpenAPI schema the input guards read. */
export interface ParameterSchema {
  type?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

interface OpenApiParameter {
  name: string;
  in: string;
  schema?: ParameterSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, unknown> };
  security?: Array<Record<string, string[]>>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation | undefined>>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface KnownParameter {
  in: string;
  schema: ParameterSchema;
}

export interface KnownOperation {
  parameters: Map<string, KnownParameter>;
  /** Scopes of the `basic` scheme, or null for a route open to anyone. */
  basicScopes: string[] | null;
  /** Media types the operation's body may have (empty: it takes none). */
  bodyTypes: string[];
}

export interface KnownRoute {
  /** OpenAPI path template, e.g. `/mobile/uptime-checks/{id}`. */
  template: string;
  pattern: RegExp;
  /** More literal segments win: `/options` beats `/{id}` as an express router would order them. */
  literalSegments: number;
  /** Lower-case method → the operation. */
  operations: Map<string, KnownOperation>;
  /** Lower-case methods whose body is multipart/form-data (file uploads). */
  multipartMethods: Set<string>;
}

function knownOperation(operation: OpenApiOperation): KnownOperation {
  const basic = operation.security?.find((requirement) => 'basic' in requirement)?.basic;
  return {
    parameters: new Map((operation.parameters ?? []).map((p) => [p.name, { in: p.in, schema: p.schema ?? {} }])),
    basicScopes: basic ?? null,
    bodyTypes: Object.keys(operation.requestBody?.content ?? {}),
  };
}

/** The API's routes as the generated OpenAPI document lists them: the single source of "known paths". */
export function routeTable(document: OpenApiDocument): KnownRoute[] {
  return Object.entries(document.paths).map(([template, item]) => {
    const segments = template.split('/').filter(Boolean);
    const pattern = new RegExp(
      `^/${segments.map((s) => (/^\{.+\}$/.test(s) ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`,
      'i',
    );
    const operations = new Map<string, KnownOperation>();
    const multipartMethods = new Set<string>();
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operations.set(method, knownOperation(operation));
      if (operation.requestBody?.content?.['multipart/form-data']) multipartMethods.add(method);
    }
    return { template, pattern, literalSegments: segments.filter((s) => !s.startsWith('{')).length, operations, multipartMethods };
  });
}

export function matchRoute(table: readonly KnownRoute[], path: string): KnownRoute | null {
  const matches = table.filter((route) => route.pattern.test(path));
  return matches.sort((a, b) => b.literalSegments - a.literalSegments)[0] ?? null;
}

/** The raw (still percent-encoded) path segments that fill the route's `{name}` placeholders. */
export function rawPathParameters(route: KnownRoute, path: string): Map<string, string> {
  const names = [...route.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const values = route.pattern.exec(path)?.slice(1) ?? [];
  return new Map(names.map((name, i) => [name, values[i] ?? '']));
}

/** The operation the request's method selects (HEAD is served by GET). */
export const operationOf = (route: KnownRoute | undefined, method: string): KnownOperation | undefined => {
  const lower = method.toLowerCase();
  return route?.operations.get(lower) ?? (lower === 'head' ? route?.operations.get('get') : undefined);
};

/** Where a parameter of the request's operation comes from (`path`, `query`, `header`), or undefined for body fields. */
export const parameterLocation = (route: KnownRoute | undefined, method: string, name: string): string | undefined =>
  operationOf(route, method)?.parameters.get(name)?.in;

/**
 * Runs before the routes: a known path with a method it does not serve is 405 METHOD_NOT_ALLOWED
 * with an Allow header. The matched route is kept in `res.locals.route` for the later guards.
 */
export function methodGuard(table: readonly KnownRoute[]): RequestHandler {
  return (req, res, next) => {
    const route = matchRoute(table, req.path);
    if (!route) return next();
    res.locals.route = route;
    if (operationOf(route, req.method)) return next();
    const allow = [...route.operations.keys()].map((m) => m.toUpperCase()).join(', ');
    return next(new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on this route; use ${allow}`, { headers: { Allow: allow } }));
  };
}
