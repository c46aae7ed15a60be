import type { Request, Response } from 'express';
import type { KnownRoute } from './route-table.js';

/**
 * The one name of the route a request went to, whatever the answer: an API route by its
 * template (`/app/api/v1/mobile/uptime-checks/:id`), known from the route table before
 * authentication runs, so a 401, a 404 or an error handled outside the API router carries the
 * same label as a 200; other routes by express's pattern; `unmatched` for paths no route knows.
 * Never the raw path: ids would make a series per resource.
 */
export function routeLabel(req: Request, res: Response, apiBasePath: string): string {
  const known = res.locals.route as KnownRoute | undefined;
  if (known) return `${apiBasePath}${known.template.replace(/\{([^}]+)\}/g, ':$1')}`;
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : 'unmatched';
}
