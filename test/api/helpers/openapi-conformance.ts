import validatorModule from 'openapi-response-validator';

// A CommonJS module: its class is the `default` export of the module object.
const OpenAPIResponseValidator = validatorModule.default;
type OpenAPIResponseValidator = InstanceType<typeof OpenAPIResponseValidator>;

interface Operation {
  responses: Record<string, { content?: Record<string, unknown> }>;
}

export interface ServedDocument {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

interface Match {
  key: string;
  operation: Operation;
}

const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * Checks answers against the served OpenAPI document with openapi-response-validator (an
 * independent validator, not our code): the status must be documented, the media type declared,
 * and a JSON body valid for the documented schema. Remembers which operations were seen.
 */
export class ConformanceRecorder {
  readonly mismatches: string[] = [];
  readonly seen = new Map<string, Set<number>>();
  private readonly validators = new Map<string, OpenAPIResponseValidator>();
  private readonly routes: Array<{ template: string; pattern: RegExp; literals: number }>;

  constructor(private readonly document: ServedDocument) {
    this.routes = Object.keys(document.paths).map((template) => ({
      template,
      pattern: templatePattern(template),
      literals: template.split('/').filter((s) => s && !s.startsWith('{')).length,
    }));
  }

  operationKeys(): string[] {
    return Object.entries(this.document.paths).flatMap(([template, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`));
  }

  /**
   * The path as the server routes it (most literal segments first), then the method. A method the
   * path does not serve is answered 405, which every operation of the path documents.
   */
  private match(method: string, path: string, status: number): Match | null {
    const route = this.routes.filter((candidate) => candidate.pattern.test(path)).sort((a, b) => b.literals - a.literals)[0];
    if (!route) return null;
    const item = this.document.paths[route.template]!;
    const operation = item[method.toLowerCase()];
    if (operation) return { key: `${method.toUpperCase()} ${route.template}`, operation };
    if (status !== 405) return null;
    const [servedMethod, served] = Object.entries(item)[0]!;
    return { key: `${servedMethod.toUpperCase()} ${route.template}`, operation: served };
  }

  /** Validates one answer to `method path` (path relative to the server URL, without the query). */
  check(method: string, path: string, status: number, contentType: string | null, text: string): void {
    const match = this.match(method, path, status);
    if (!match) {
      this.mismatches.push(`${method} ${path}: no operation in the document answers ${status}`);
      return;
    }
    const statuses = this.seen.get(match.key) ?? new Set<number>();
    statuses.add(status);
    this.seen.set(match.key, statuses);
    const response = match.operation.responses[String(status)];
    if (!response) {
      this.mismatches.push(`${match.key}: status ${status} is not documented (${text.slice(0, 200)})`);
      return;
    }
    const mediaTypes = Object.keys(response.content ?? {});
    const mediaType = (contentType ?? '').split(';')[0]!.trim();
    if (mediaTypes.length > 0 && !mediaTypes.includes(mediaType)) {
      this.mismatches.push(`${match.key} ${status}: answered ${mediaType || 'no content type'}, declared ${mediaTypes.join(', ')}`);
      return;
    }
    const body = mediaType === 'application/json' ? (JSON.parse(text) as unknown) : text;
    const cacheKey = `${match.key} ${status}`;
    const validator =
      this.validators.get(cacheKey) ??
      new OpenAPIResponseValidator({ responses: { [String(status)]: response } as never, components: this.document.components as never });
    this.validators.set(cacheKey, validator);
    const errors = validator.validateResponse(status, body);
    if (errors) this.mismatches.push(`${match.key} ${status}: ${JSON.stringify(errors.errors)} in ${text.slice(0, 300)}`);
  }
}
