import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest, successStatus } from './api-error.js';
import type { PropagationPolicy } from './deletion.js';
import { parseBody, readBody, sendJson } from './http-io.js';
import { isPlainObject, type KubeObject } from './kube-object.js';
import type { ObjectStore } from './object-store.js';
import { patched, patchObject, patchTypeOf } from './patch-request.js';
import { groupVersion, type ResourceType } from './resource-types.js';
import type { DeleteOptions, Resources } from './resources.js';
import type { Route } from './routes.js';
import { scaleOf, writeScale, type ScalePaths } from './scale.js';
import { fieldSelector, labelSelector, type Selector } from './selectors.js';
import { toTable, wantsTable, type IncludeObject } from './table.js';
import type { Watches } from './watch.js';
import { wholeNumber, writeContextOf } from './write-options.js';

/** The verb of a request, in the words of Kubernetes authorization (and of requestCount). */
export function verbOf(method: string, route: Route): string {
  if (route.watch) return 'watch';
  switch (method) {
    case 'GET':
      return route.name ? 'get' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return route.name ? 'delete' : 'deletecollection';
    default:
      return method.toLowerCase();
  }
}

const methodNotAllowed = () => new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');

const POLICIES = new Set(['Background', 'Foreground', 'Orphan']);

/** Serves the resource endpoints: list, watch, get, create, update, patch, delete and deletecollection. */
export class Handlers {
  constructor(
    private readonly store: ObjectStore,
    private readonly resources: Resources,
    private readonly watches: Watches,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse, route: Route, query: URLSearchParams): Promise<void> {
    const verb = verbOf(request.method ?? 'GET', route);
    const { type } = route;
    const served = route.subresource === undefined || (route.name !== undefined && ((route.subresource === 'status' && type.statusSubresource) || (route.subresource === 'scale' && type.scale)));
    if (!served) throw new ApiError(404, 'NotFound', 'the server could not find the requested resource');
    if (!type.verbs.includes(verb) || (route.subresource && !['get', 'update', 'patch'].includes(verb))) throw methodNotAllowed();
    if (route.subresource === 'scale') return this.scale(request, response, route, query, verb, type.scale!);
    const table = wantsTable(request.headers.accept) ? includeObjectOf(query) : undefined;
    const reply = (code: number, object: KubeObject, warnings: string[] = []) =>
      sendJson(response, code, table ? toTable(type, [object], this.store.resourceVersion, table) : object, warnings);
    switch (verb) {
      case 'watch':
        return this.watches.serve(
          {
            type,
            namespace: route.namespace,
            name: route.name,
            selectors: this.selectors(type, query),
            resourceVersion: query.get('resourceVersion'),
            bookmarks: query.get('allowWatchBookmarks') === 'true',
            sendInitialEvents: query.get('sendInitialEvents') === 'true',
            timeoutSeconds: wholeNumber(query, 'timeoutSeconds'),
            table,
          },
          response,
        );
      case 'list':
        return sendJson(response, 200, this.list(type, route.namespace, query, table));
      case 'get':
        return reply(200, this.resources.get(type, route.namespace, route.name!));
      case 'create': {
        const context = writeContextOf(request, query);
        const object = this.bodyObject(type, await this.body(request), route);
        return reply(201, this.resources.create(type, object, context), context.warnings);
      }
      case 'update': {
        const context = writeContextOf(request, query);
        const object = this.bodyObject(type, await this.body(request), route);
        if (object.metadata.name !== route.name) throw badRequest(`the name of the object (${object.metadata.name}) does not match the name on the URL (${route.name})`);
        const current = this.resources.get(type, route.namespace, route.name);
        return reply(200, this.resources.update(type, current, object, { ...context, subresource: route.subresource }), context.warnings);
      }
      case 'patch': {
        const context = writeContextOf(request, query);
        const contentType = String(request.headers['content-type'] ?? '');
        const media = patchTypeOf(type, contentType);
        const result = patchObject(this.resources, route, media, parseBody(await readBody(request), media), context, query.get('force') === 'true');
        return reply(result.code, result.object, context.warnings);
      }
      case 'delete': {
        const options = await this.deleteOptions(request, query);
        const { object, gone } = this.resources.delete(type, route.namespace, route.name!, options);
        return gone ? sendJson(response, 200, successStatus({ name: object.metadata.name, group: type.group, kind: type.plural, uid: object.metadata.uid })) : reply(200, object);
      }
      case 'deletecollection': {
        const options = await this.deleteOptions(request, query);
        const items = this.matching(type, route.namespace, query);
        for (const item of items) this.resources.delete(type, item.metadata.namespace, item.metadata.name, options);
        return sendJson(response, 200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { group: type.group, kind: type.plural } });
      }
      default:
        throw methodNotAllowed();
    }
  }

  /** GET, PUT and PATCH of /scale: the object seen as an autoscaling/v1 Scale. */
  private async scale(request: IncomingMessage, response: ServerResponse, route: Route, query: URLSearchParams, verb: string, paths: ScalePaths): Promise<void> {
    const current = this.resources.get(route.type, route.namespace, route.name!);
    if (verb === 'get') return sendJson(response, 200, scaleOf(paths, current));
    const context = writeContextOf(request, query);
    const contentType = String(request.headers['content-type'] ?? 'application/json');
    let scale: unknown;
    if (verb === 'update') {
      scale = await this.body(request);
    } else {
      const media = patchTypeOf(route.type, contentType);
      if (media === 'application/apply-patch+yaml') throw new ApiError(415, 'UnsupportedMediaType', 'server-side apply of /scale is not supported by this test server');
      scale = patched(scaleOf(paths, current), media, parseBody(await readBody(request), media));
    }
    return sendJson(response, 200, writeScale(this.resources, route.type, paths, current, scale, context), context.warnings);
  }

  private selectors(type: ResourceType, query: URLSearchParams): Selector[] {
    return [labelSelector(query.get('labelSelector')), fieldSelector(query.get('fieldSelector'), type.selectableFields)];
  }

  private matching(type: ResourceType, namespace: string | undefined, query: URLSearchParams): KubeObject[] {
    const selectors = this.selectors(type, query);
    return this.resources.list(type, namespace).filter((object) => selectors.every((selector) => selector(object)));
  }

  /** A list holds everything at once: limit is honoured by never needing a continue token. */
  private list(type: ResourceType, namespace: string | undefined, query: URLSearchParams, table: IncludeObject | undefined): unknown {
    wholeNumber(query, 'limit');
    const items = this.matching(type, namespace, query);
    const resourceVersion = this.store.resourceVersion;
    if (table) return toTable(type, items, resourceVersion, table);
    return { kind: type.listKind, apiVersion: groupVersion(type), metadata: { resourceVersion }, items };
  }

  private async body(request: IncomingMessage): Promise<unknown> {
    const contentType = String(request.headers['content-type'] ?? 'application/json');
    if (!/json|yaml|protobuf/.test(contentType)) {
      throw new ApiError(415, 'UnsupportedMediaType', 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf');
    }
    return parseBody(await readBody(request), contentType);
  }

  /** A create or update body: the route's kind and version, and the route's namespace. */
  private bodyObject(type: ResourceType, body: unknown, route: Route): KubeObject {
    if (!isPlainObject(body)) throw badRequest('the request body must be a JSON object');
    if (body.apiVersion !== undefined && body.apiVersion !== groupVersion(type)) {
      throw badRequest(`the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${groupVersion(type)})`);
    }
    if (body.kind !== undefined && body.kind !== type.kind) throw badRequest(`the kind in the data (${String(body.kind)}) does not match the expected kind (${type.kind})`);
    const metadata = isPlainObject(body.metadata) ? { ...body.metadata } : {};
    if (type.namespaced) {
      if (route.namespace === undefined) throw methodNotAllowed();
      if (metadata.namespace !== undefined && metadata.namespace !== '' && metadata.namespace !== route.namespace) {
        throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      metadata.namespace = route.namespace;
    }
    return { ...body, apiVersion: groupVersion(type), kind: type.kind, metadata } as KubeObject;
  }

  private async deleteOptions(request: IncomingMessage, query: URLSearchParams): Promise<DeleteOptions> {
    const raw = await readBody(request);
    const body = raw.toString('utf8').trim() === '' ? {} : parseBody(raw, String(request.headers['content-type'] ?? 'application/json'));
    if (!isPlainObject(body)) throw badRequest('DeleteOptions must be a JSON object');
    const policy = (body.propagationPolicy ?? query.get('propagationPolicy') ?? undefined) as string | undefined;
    if (policy !== undefined && !POLICIES.has(policy)) throw badRequest(`propagationPolicy: Unsupported value: ${JSON.stringify(policy)}: supported values: "Background", "Foreground", "Orphan"`);
    const grace = typeof body.gracePeriodSeconds === 'number' ? body.gracePeriodSeconds : wholeNumber(query, 'gracePeriodSeconds');
    const dryRun = [...(Array.isArray(body.dryRun) ? body.dryRun : []), ...query.getAll('dryRun')];
    const preconditions = isPlainObject(body.preconditions) ? (body.preconditions as DeleteOptions['preconditions']) : undefined;
    return { propagationPolicy: policy as PropagationPolicy | undefined, gracePeriodSeconds: grace, preconditions, dryRun: dryRun.includes('All') };
  }
}

function includeObjectOf(query: URLSearchParams): IncludeObject {
  const value = query.get('includeObject') ?? 'Metadata';
  if (value !== 'None' && value !== 'Metadata' && value !== 'Object') throw badRequest(`includeObject: Unsupported value: ${JSON.stringify(value)}`);
  return value;
}
