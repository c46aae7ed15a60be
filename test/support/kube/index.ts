/**
 * TEST SUPPORT — NOT KUBERNETES. A small HTTP server that speaks the part of the Kubernetes REST
 * API that the Vantage operator and `kubectl` use, so that their tests can run without a
 * cluster: discovery, the built-in kinds in resource-types.ts, the CRDs of crds/ with their
 * schema and CEL rules checked on admission, resourceVersion and 409 on stale writes,
 * generation, the status subresource, merge / JSON / strategic (as merge) / apply patches,
 * label and field selectors, watches with bookmarks and 410 Gone, finalizers, background
 * garbage collection by ownerReferences, and Table output for `kubectl get`.
 * Simplifications: server-side apply tracks each manager's applied leaf fields and removes the
 * ones it stops applying, but does not report conflicts; strategic merge patch is a merge patch;
 * list paging returns everything at once. Tests put data in only through kubectl and
 * @kubernetes/client-node; the methods of KubeTestServer are fault injection and counting.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadYaml } from '@kubernetes/client-node';
import { admitCustomResource, loadCrds, pruneUnknownFields, type CustomResourceDefinitionObject } from '../crd-validation/index.js';
import { ApiError, ObjectStore, typeKey, type KubeObject } from './object-store.js';
import { openApiDocument, openApiIndex } from './openapi.js';
import { jsonPatch, leafPaths, mergePatch, PatchError, removePath } from './patches.js';
import { BUILT_IN_TYPES, groupVersion, typesOfCrd, type ResourceType } from './resource-types.js';
import { parseSelector, selectableFields } from './selectors.js';
import { toTable } from './table.js';

export interface RequestFilter {
  verb?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
}

export interface KubeTestServer {
  url: string;
  kubeconfigPath: string;
  dropWatches(): void;
  expireHistory(): void;
  setUnavailable(down: boolean): void;
  requestCount(filter?: RequestFilter): number;
  close(): Promise<void>;
}

interface Target {
  type: ResourceType;
  namespace: string | undefined;
  name: string | undefined;
  subresource: string | undefined;
  watch: boolean;
}

interface Recorded {
  verb: string;
  resource: string;
  subresource: string;
  namespace: string;
}

const status = (error: ApiError) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: error.message,
  reason: error.reason,
  code: error.code,
  ...(error.causes ? { details: { causes: error.causes } } : {}),
});

function send(response: ServerResponse, code: number, body: unknown): void {
  response.writeHead(code, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string, contentType: string): unknown {
  try {
    return contentType.includes('yaml') ? loadYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'BadRequest', `the body could not be read: ${(error as Error).message}`);
  }
}

export async function startKubeTestServer(options: { crdDirectory?: string } = {}): Promise<KubeTestServer> {
  const crds = loadCrds(options.crdDirectory ?? 'crds');
  const types = [...BUILT_IN_TYPES, ...crds.flatMap(typesOfCrd)];
  const crdByType = new Map<ResourceType, CustomResourceDefinitionObject>();
  for (const crd of crds) for (const type of typesOfCrd(crd)) crdByType.set(types.find((t) => t.group === type.group && t.plural === type.plural && t.version === type.version)!, crd);
  const store = new ObjectStore();
  for (const type of types) store.registerType(type);
  const crdType = types.find((type) => type.kind === 'CustomResourceDefinition')!;
  for (const crd of crds) store.create(crdType, structuredClone(crd) as unknown as KubeObject);
  const namespaceType = types.find((type) => type.kind === 'Namespace')!;
  for (const name of ['default', 'kube-system']) store.create(namespaceType, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } as unknown as KubeObject);

  const requests: Recorded[] = [];
  const watches = new Set<ServerResponse>();
  /** Fields each field manager applied last, per object uid: what server-side apply removes when a manager stops applying them. */
  const applied = new Map<string, string[][]>();
  let unavailable = false;

  const groups = () => {
    const byGroup = new Map<string, Set<string>>();
    for (const type of types) if (type.group) byGroup.set(type.group, (byGroup.get(type.group) ?? new Set()).add(type.version));
    return byGroup;
  };

  function discovery(path: string): unknown | undefined {
    if (path === '/openapi/v3') return openApiIndex(types);
    if (path.startsWith('/openapi/v3/')) return openApiDocument(types, path);
    if (path === '/version') return { major: '1', minor: '32', gitVersion: 'v1.32.0-vantage-test', platform: 'linux/amd64' };
    if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
    if (path === '/apis') {
      return {
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: [...groups()].map(([name, versions]) => {
          const list = [...versions].map((version) => ({ groupVersion: `${name}/${version}`, version }));
          return { name, versions: list, preferredVersion: list[0] };
        }),
      };
    }
    const match = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))$/.exec(path);
    if (!match) return undefined;
    const group = match[2] ?? '';
    const version = match[1] ?? match[3]!;
    const served = types.filter((type) => type.group === group && type.version === version);
    if (!served.length) return undefined;
    const verbs = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: groupVersion({ group, version }),
      resources: served.flatMap((type) => [
        { name: type.plural, singularName: type.singular, namespaced: type.namespaced, kind: type.kind, verbs, shortNames: type.shortNames, categories: type.categories },
        ...(type.statusSubresource ? [{ name: `${type.plural}/status`, singularName: '', namespaced: type.namespaced, kind: type.kind, verbs: ['get', 'patch', 'update'] }] : []),
      ]),
    };
  }

  function target(path: string, query: URLSearchParams): Target | undefined {
    const match = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))\/(.+)$/.exec(path);
    if (!match) return undefined;
    const group = match[2] ?? '';
    const version = match[1] ?? match[3]!;
    let segments = match[4]!.split('/').filter(Boolean);
    let watch = query.get('watch') === 'true' || query.get('watch') === '1';
    if (segments[0] === 'watch') {
      watch = true;
      segments = segments.slice(1);
    }
    let namespace: string | undefined;
    if (segments[0] === 'namespaces' && segments.length >= 3) {
      namespace = segments[1];
      segments = segments.slice(2);
    }
    const type = types.find((candidate) => candidate.group === group && candidate.version === version && candidate.plural === segments[0]);
    if (!type) return undefined;
    if (namespace !== undefined && !type.namespaced) return undefined;
    return { type, namespace, name: segments[1], subresource: segments[2], watch };
  }

  function admit(type: ResourceType, object: KubeObject, old: KubeObject | undefined, query: URLSearchParams, warnings: string[]): KubeObject {
    if (object.kind !== undefined && object.kind !== type.kind) throw new ApiError(400, 'BadRequest', `the body is a ${String(object.kind)}, not a ${type.kind}`);
    object.apiVersion = groupVersion(type);
    object.kind = type.kind;
    const crd = crdByType.get(type);
    if (!crd) return object;
    // Strict field validation refuses unknown fields; the other modes prune them, Warn saying so.
    const mode = query.get('fieldValidation') ?? 'Strict';
    if (mode !== 'Strict') {
      const pruned = pruneUnknownFields(crd, object);
      if (mode === 'Warn') warnings.push(...pruned.map((field) => `unknown field "${field}"`));
    }
    const verdict = admitCustomResource(crd, object, old);
    if (!verdict.allowed) {
      const causes = verdict.causes.map((cause) => ({ field: cause.field, message: cause.message, reason: cause.reason ?? 'FieldValueInvalid' }));
      const detail = causes.map((cause) => `${cause.field}: ${cause.message}`).join(', ');
      throw new ApiError(422, 'Invalid', `${type.kind}.${type.group} "${object.metadata.name}" is invalid: ${detail}`, causes);
    }
    return verdict.object as KubeObject;
  }

  function requireNamespace(type: ResourceType, namespace: string | undefined): void {
    if (!type.namespaced) return;
    if (!namespace) throw new ApiError(400, 'BadRequest', 'a namespace is required');
    if (!store.has(namespaceType, undefined, namespace)) throw new ApiError(404, 'NotFound', `namespaces "${namespace}" not found`);
  }

  /** Writes a whole object through the main endpoint or /status, keeping what that endpoint may not change. */
  function write(type: ResourceType, current: KubeObject | undefined, next: KubeObject, subresource: string | undefined, query: URLSearchParams, warnings: string[]): KubeObject {
    if (!current) {
      requireNamespace(type, next.metadata.namespace);
      const admitted = admit(type, next, undefined, query, warnings);
      if (type.statusSubresource) delete admitted.status;
      return store.create(type, admitted);
    }
    let candidate = next;
    if (subresource === 'status') candidate = { ...current, status: next.status, metadata: { ...current.metadata, resourceVersion: next.metadata.resourceVersion || current.metadata.resourceVersion } } as KubeObject;
    else if (type.statusSubresource) candidate = { ...next, ...(current.status !== undefined ? { status: current.status } : {}) } as KubeObject;
    if (subresource !== 'status' && type.statusSubresource && current.status === undefined) delete candidate.status;
    candidate.metadata.name = current.metadata.name;
    if (current.metadata.namespace) candidate.metadata.namespace = current.metadata.namespace;
    const admitted = admit(type, candidate, current, query, warnings);
    return store.update(type, admitted);
  }

  function patched(type: ResourceType, target: Target, contentType: string, body: string, query: URLSearchParams, warnings: string[]): KubeObject {
    const { namespace, name, subresource } = target;
    const exists = store.has(type, namespace, name!);
    if (contentType.startsWith('application/apply-patch')) {
      const desired = parseJson(body, 'yaml') as KubeObject;
      const manager = query.get('fieldManager');
      if (!manager) throw new ApiError(400, 'BadRequest', 'PATCH with application/apply-patch+yaml requires a fieldManager');
      desired.metadata = { ...(desired.metadata ?? {}), name: name!, ...(namespace ? { namespace } : {}) } as KubeObject['metadata'];
      if (!exists) {
        const created = write(type, undefined, structuredClone(desired), subresource, query, warnings);
        applied.set(`${created.metadata.uid}/${manager}`, leafPaths(desired));
        return created;
      }
      const current = store.get(type, namespace, name!);
      const ownedKey = `${current.metadata.uid}/${manager}`;
      const now = leafPaths(desired);
      const next = structuredClone(current);
      for (const path of applied.get(ownedKey) ?? []) if (!now.some((p) => p.join('/') === path.join('/'))) removePath(next, path);
      const merged = mergePatch(next, desired) as KubeObject;
      merged.metadata.resourceVersion = current.metadata.resourceVersion;
      const result = write(type, current, merged, subresource, query, warnings);
      applied.set(ownedKey, now);
      return result;
    }
    const current = store.get(type, namespace, name!);
    let next: KubeObject;
    try {
      if (contentType.startsWith('application/json-patch+json')) next = jsonPatch(current, parseJson(body, contentType)) as KubeObject;
      else if (contentType.startsWith('application/merge-patch+json') || contentType.startsWith('application/strategic-merge-patch+json')) {
        next = mergePatch(current, parseJson(body, contentType)) as KubeObject;
      } else throw new ApiError(415, 'UnsupportedMediaType', `the patch type ${contentType} is not supported`);
    } catch (error) {
      if (error instanceof PatchError) throw new ApiError(422, 'Invalid', error.message);
      throw error;
    }
    // A resourceVersion the patch itself carries is a precondition; otherwise the patch applies to the current object.
    const patchBody = contentType.includes('json-patch') ? {} : ((parseJson(body, contentType) as { metadata?: { resourceVersion?: string } }) ?? {});
    next.metadata.resourceVersion = patchBody.metadata?.resourceVersion ?? current.metadata.resourceVersion;
    return write(type, current, next, subresource, query, warnings);
  }

  function serveWatch(target: Target, query: URLSearchParams, response: ServerResponse): void {
    const labels = parseSelector(query.get('labelSelector') ?? undefined);
    const fields = parseSelector(query.get('fieldSelector') ?? undefined);
    const matches = (object: KubeObject) =>
      (target.namespace === undefined || object.metadata.namespace === target.namespace) && labels(object.metadata.labels ?? {}) && fields(selectableFields(object));
    const from = query.get('resourceVersion');
    let backlog: Array<{ type: string; object: KubeObject }>;
    try {
      backlog = !from || from === '0'
        ? store.list(target.type, target.namespace).filter(matches).map((object) => ({ type: 'ADDED', object }))
        : store.since(target.type, Number(from)).filter((event) => matches(event.object)).map((event) => ({ type: event.type, object: event.object }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(`${JSON.stringify({ type: 'ERROR', object: status(error) })}\n`);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    // A watch with nothing to tell yet still answers at once: clients time out waiting for headers.
    response.flushHeaders();
    const emit = (event: { type: string; object: unknown }) => response.write(`${JSON.stringify(event)}\n`);
    for (const event of backlog) emit(event);
    const unsubscribe = store.subscribe((event) => {
      if (event.typeKey !== typeKey(target.type)) return;
      const before = matches(event.object);
      if (before) emit({ type: event.type, object: event.object });
    });
    const bookmarks = query.get('allowWatchBookmarks') === 'true'
      ? setInterval(() => emit({ type: 'BOOKMARK', object: { kind: target.type.kind, apiVersion: groupVersion(target.type), metadata: { resourceVersion: String(store.resourceVersion) } } }), 1000)
      : undefined;
    const timeout = setTimeout(() => response.end(), Math.min(Number(query.get('timeoutSeconds') ?? 1800), 1800) * 1000);
    watches.add(response);
    const finish = () => {
      unsubscribe();
      clearInterval(bookmarks);
      clearTimeout(timeout);
      watches.delete(response);
    };
    response.on('close', finish);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/$/, '');
    const query = url.searchParams;
    const method = request.method ?? 'GET';
    const info = discovery(path);
    if (info !== undefined && method === 'GET') return send(response, 200, info);
    const found = target(path, query);
    if (!found) {
      if (path.startsWith('/openapi') || path.startsWith('/apis') || path.startsWith('/api')) throw new ApiError(404, 'NotFound', `the server could not find the requested resource (${path})`);
      throw new ApiError(404, 'NotFound', 'the server could not find the requested resource');
    }
    const { type, namespace, name, subresource } = found;
    const verb = found.watch ? 'watch' : method === 'GET' ? (name ? 'get' : 'list') : method === 'POST' ? 'create' : method === 'PUT' ? 'update' : method.toLowerCase();
    requests.push({ verb, resource: type.plural, subresource: subresource ?? '', namespace: namespace ?? '' });
    if (subresource !== undefined && !(subresource === 'status' && type.statusSubresource)) throw new ApiError(404, 'NotFound', `the server could not find the requested resource (${subresource})`);
    const warnings: string[] = [];
    const table = (request.headers.accept ?? '').includes('as=Table');
    const reply = (code: number, object: KubeObject) => {
      if (warnings.length) response.setHeader('Warning', warnings.map((warning) => `299 - "${warning.replace(/"/g, "'")}"`).join(', '));
      send(response, code, table ? toTable(type, [object], object.metadata.resourceVersion) : object);
    };
    if (found.watch) return serveWatch(found, query, response);
    if (method === 'GET' && !name) {
      const labels = parseSelector(query.get('labelSelector') ?? undefined);
      const fields = parseSelector(query.get('fieldSelector') ?? undefined);
      const items = store.list(type, namespace).filter((object) => labels(object.metadata.labels ?? {}) && fields(selectableFields(object)));
      const resourceVersion = String(store.resourceVersion);
      if (table) return send(response, 200, toTable(type, items, resourceVersion));
      return send(response, 200, { kind: `${type.kind}List`, apiVersion: groupVersion(type), metadata: { resourceVersion }, items });
    }
    if (method === 'GET') return reply(200, store.get(type, namespace, name!));
    const body = method === 'DELETE' ? '' : await readBody(request);
    const contentType = String(request.headers['content-type'] ?? 'application/json');
    if (method === 'POST' && !name) {
      const object = parseJson(body, contentType) as KubeObject;
      if (!object || typeof object !== 'object' || typeof object.metadata !== 'object') throw new ApiError(400, 'BadRequest', 'the body has no metadata');
      if (type.namespaced) {
        if (object.metadata.namespace && object.metadata.namespace !== namespace) {
          throw new ApiError(400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request');
        }
        object.metadata.namespace = namespace;
      }
      if (query.get('dryRun') === 'All') return reply(201, admit(type, object, undefined, query, warnings));
      return reply(201, write(type, undefined, object, undefined, query, warnings));
    }
    if (method === 'PUT' && name) {
      const object = parseJson(body, contentType) as KubeObject;
      if (!object?.metadata) throw new ApiError(400, 'BadRequest', 'the body has no metadata');
      if (object.metadata.name !== name) throw new ApiError(400, 'BadRequest', `the name of the object (${object.metadata.name}) does not match the name on the URL (${name})`);
      if (type.namespaced) object.metadata.namespace = namespace;
      return reply(200, write(type, store.get(type, namespace, name), object, subresource, query, warnings));
    }
    if (method === 'PATCH' && name) return reply(200, patched(type, found, contentType, body, query, warnings));
    if (method === 'DELETE' && name) {
      const result = store.delete(type, namespace, name);
      return reply(200, result);
    }
    throw new ApiError(405, 'MethodNotAllowed', `${method} is not supported on ${path}`);
  }

  const server = createServer((request, response) => {
    if (unavailable) {
      request.resume();
      return send(response, 503, status(new ApiError(503, 'ServiceUnavailable', 'the test server is unavailable')));
    }
    handle(request, response).catch((error: unknown) => {
      const failure = error instanceof ApiError ? error : new ApiError(500, 'InternalError', String((error as Error)?.stack ?? error));
      if (!response.headersSent) send(response, failure.code, status(failure));
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kubeconfigPath = join(mkdtempSync(join(tmpdir(), 'vantage-kube-')), 'kubeconfig');
  writeFileSync(
    kubeconfigPath,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      // client-node refuses plain HTTP unless TLS verification is off; nothing here is TLS.
      clusters: [{ name: 'test', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'test', user: { token: 'test-token' } }],
      contexts: [{ name: 'test', context: { cluster: 'test', user: 'test', namespace: 'default' } }],
      'current-context': 'test',
    }),
  );
  const cutWatches = () => {
    for (const watch of watches) watch.destroy();
    watches.clear();
  };
  return {
    url,
    kubeconfigPath,
    dropWatches: cutWatches,
    expireHistory: () => {
      store.expireHistory();
      cutWatches();
    },
    setUnavailable: (down) => {
      unavailable = down;
      if (down) cutWatches();
    },
    requestCount: (filter = {}) =>
      requests.filter((r) => Object.entries(filter).every(([key, value]) => value === undefined || r[key as keyof Recorded] === value)).length,
    close: async () => {
      cutWatches();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
