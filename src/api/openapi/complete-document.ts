/**
 * What tsoa cannot read from the controllers, added to its OpenAPI document: the X-Workspace-Id
 * header that the authentication module reads, and the error answers the middleware in front of
 * every route gives (app.ts). Applied by `npm run generate:api`; the drift test applies it too.
 */

interface Operation {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<Record<string, unknown>>;
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

const WORKSPACE_HEADER = {
  in: 'header',
  name: 'X-Workspace-Id',
  required: true,
  description: 'The workspace the request acts in: one the user can see (403 otherwise).',
  schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
};

const scopesOf = (operation: Operation): string[] => (operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat());
const isSecured = (operation: Operation): boolean => (operation.security ?? []).length > 0;

/** Status → why the middleware may answer it, for the operations it applies to. */
function middlewareAnswers(operation: Operation, path: string): Record<string, string> {
  const answers: Record<string, string> = {};
  const scopes = scopesOf(operation);
  if (scopes.includes('workspace')) {
    answers['400'] = 'Missing or invalid X-Workspace-Id';
    answers['403'] = 'Workspace not accessible to the user';
  }
  if (operation.requestBody) {
    answers['400'] = answers['400'] ? `${answers['400']}, or a body that is not valid JSON` : 'A body that is not valid JSON';
    answers['413'] = 'Request body too large';
    answers['415'] = 'Request body of another media type than the route takes';
  }
  if (isSecured(operation)) {
    answers['401'] = 'Missing or wrong credentials';
    answers['429'] = 'Too many failed sign-ins from this address; see Retry-After';
  }
  if (scopes.includes('admin')) answers['403'] = 'The route is for administrators';
  if (path.includes('{')) answers['404'] = 'No such resource (an id that is not a positive integer names none)';
  answers['405'] = 'Method not allowed on this path; see the Allow header';
  answers['500'] = 'Unexpected fault; the message carries the request id';
  answers['503'] = 'The database is unavailable; see Retry-After';
  return answers;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** tsoa declares a streamed body (Readable) as a base64 string; the API streams it as text. */
function textBodies(operation: Operation): void {
  for (const response of Object.values(operation.responses)) {
    for (const [mediaType, media] of Object.entries(response.content ?? {})) {
      if (mediaType.startsWith('text/') && media.schema?.format === 'byte') media.schema = { type: 'string' };
    }
  }
}

export function completeOpenApi(document: OpenApiDocument): OpenApiDocument {
  const completed = structuredClone(document);
  for (const [path, item] of Object.entries(completed.paths)) {
    for (const operation of Object.values(item)) {
      if (scopesOf(operation).includes('workspace')) {
        operation.parameters = [WORKSPACE_HEADER, ...(operation.parameters ?? [])];
      }
      for (const [status, description] of Object.entries(middlewareAnswers(operation, path))) {
        operation.responses[status] ??= errorResponse(description);
      }
      operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)));
      textBodies(operation);
    }
  }
  return completed;
}

/** The document as served: absolute server URL when the public URL is known. */
export function servedOpenApi<T extends object>(document: T, publicUrl: string | undefined, basePath: string): T {
  if (!publicUrl) return document;
  return { ...document, servers: [{ url: `${publicUrl.replace(/\/+$/, '')}${basePath}` }] };
}
