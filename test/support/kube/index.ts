/**
 * TEST SUPPORT — NOT KUBERNETES. A small plain-HTTP server on 127.0.0.1 that speaks the part of the
 * Kubernetes REST API the Vantage operator, @kubernetes/client-node and kubectl use, so that tests
 * run without a cluster. Test data goes in only through kubectl and client-node; the methods of
 * KubeTestServer are fault injection and counting.
 *
 * Served: discovery (legacy, non-aggregated), an OpenAPI v3 index for kubectl's field-validation
 * check, namespaces, configmaps, secrets, events (core v1 and events.k8s.io/v1: one storage),
 * services (with status), ingresses, deployments, leases, customresourcedefinitions and the CRDs of
 * crds/ (and, on request, a minimal Gateway API: gateway-api/) with their schema, defaults and CEL
 * rules checked on admission (test/support/crd-validation). A CRD created through the API is served
 * from then on, and stops being served when it is deleted (its objects are kept hidden, where
 * Kubernetes would delete them).
 * Simplifications, by design: lists return everything at once (no continue token); strategic merge
 * patch merges only the well-known keyed lists of the built-in kinds (strategic-merge-patch.ts);
 * server-side apply owns lists whole and treats a manager as its name (managed-fields.ts);
 * Foreground deletion is Background, and Orphan drops the owner references at once (deletion.ts);
 * the garbage collector (owners take their dependents) runs at once, and can be switched off;
 * nothing runs Deployments, so their status is whatever clients write.
 */
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCrds, type CustomResourceDefinitionObject } from '../../../src/manifests/admission/index.js';
import { ApiError, statusOf } from './api-error.js';
import { Discovery } from './discovery.js';
import { Handlers, verbOf } from './handlers.js';
import { sendJson } from './http-io.js';
import { timestamp, type KubeObject } from './kube-object.js';
import { writeKubeconfig } from './kubeconfig.js';
import { ObjectStore } from './object-store.js';
import { OpenApi } from './openapi.js';
import { BUILT_IN_TYPES, typesOfCrd, type ResourceType } from './resource-types.js';
import { Resources } from './resources.js';
import { routeOf } from './routes.js';
import { Watches } from './watch.js';

export interface RequestFilter {
  verb?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
}

export interface KubeTestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** A kubeconfig for kubectl and client-node: context "test", namespace default, any token. */
  kubeconfigPath: string;
  /** Cuts every open watch mid-stream; clients must watch again. */
  dropWatches(): void;
  /** Every resourceVersion issued so far becomes too old: open watches end with 410 Gone, and so do new ones from them. */
  expireHistory(): void;
  /** Off, deleting an owner leaves its dependents, as when a cluster's garbage collector is not running. */
  setGarbageCollection(on: boolean): void;
  /** While down, every request answers 503 and open watches are cut. */
  setUnavailable(down: boolean): void;
  /** How many resource requests were served (while available) that match the filter. */
  requestCount(filter?: RequestFilter): number;
  close(): Promise<void>;
}

/** A CRD as the API server shows it once it has accepted it. */
function establishedCrd(crd: CustomResourceDefinitionObject): KubeObject {
  const now = timestamp();
  const condition = (type: string, reason: string, message: string) => ({ type, status: 'True', lastTransitionTime: now, reason, message });
  return {
    ...structuredClone(crd),
    metadata: { ...structuredClone(crd.metadata), name: crd.metadata.name } as KubeObject['metadata'],
    status: {
      acceptedNames: crd.spec.names,
      storedVersions: crd.spec.versions.filter((version) => version.storage).map((version) => version.name),
      conditions: [condition('NamesAccepted', 'NoConflicts', 'no conflicts found'), condition('Established', 'InitialNamesAccepted', 'the initial names have been accepted')],
    },
  };
}

/** Hand-written, minimal but structural CRDs of the Gateway API's Gateway and HTTPRoute (v1). */
export const GATEWAY_API_CRDS = fileURLToPath(new URL('../../../../test/support/kube/gateway-api/', import.meta.url));

const CRD_STORAGE = 'apiextensions.k8s.io/customresourcedefinitions';

export interface KubeTestServerOptions {
  crdDirectory?: string;
  /** Serve the Gateway API CRDs from the start. */
  gatewayApi?: boolean;
}

export async function startKubeTestServer(options: KubeTestServerOptions = {}): Promise<KubeTestServer> {
  const crds = [...loadCrds(options.crdDirectory), ...(options.gatewayApi ? loadCrds(GATEWAY_API_CRDS) : [])];
  const types: ResourceType[] = [...BUILT_IN_TYPES];
  const store = new ObjectStore();
  // The types served follow the CRDs stored: one created through the API (kubectl apply) is served at once.
  store.subscribe((event) => {
    if (event.storage !== CRD_STORAGE) return;
    const crd = event.object as unknown as CustomResourceDefinitionObject;
    const kept = types.filter((type) => type.crd?.metadata.name !== crd.metadata.name);
    types.splice(0, types.length, ...kept, ...(event.type === 'DELETED' ? [] : typesOfCrd(crd)));
  });
  const resources = new Resources(store);
  const watches = new Watches(store, resources);
  const handlers = new Handlers(store, resources, watches);
  const discovery = new Discovery(types);
  const openApi = new OpenApi(types);
  const byKind = (kind: string) => types.find((type) => type.kind === kind && type.group !== 'events.k8s.io')!;
  const system = { manager: 'kube-test-server', validation: 'Strict' as const, dryRun: false, warnings: [] };
  for (const name of ['default', 'kube-system', 'kube-public']) resources.create(byKind('Namespace'), { metadata: { name } } as KubeObject, system);
  for (const crd of crds) resources.create(byKind('CustomResourceDefinition'), establishedCrd(crd), system);

  const requests: Array<Required<RequestFilter>> = [];
  let unavailable = false;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
    const method = request.method ?? 'GET';
    if (method === 'GET') {
      const answer = discovery.answer(path) ?? openApi.answer(path);
      if (answer !== undefined) return sendJson(response, 200, answer);
    }
    const watchParameter = ['true', '1'].includes(url.searchParams.get('watch') ?? '');
    const route = routeOf(path, types, watchParameter);
    if (!route) throw new ApiError(404, 'NotFound', 'the server could not find the requested resource');
    requests.push({ verb: verbOf(method, route), resource: route.type.plural, subresource: route.subresource ?? '', namespace: route.namespace ?? '' });
    await handlers.handle(request, response, route, url.searchParams);
  }

  const server = createServer((request, response) => {
    if (unavailable) {
      request.resume();
      return sendJson(response, 503, statusOf(new ApiError(503, 'ServiceUnavailable', 'the test server is unavailable', { retryAfterSeconds: 1 })));
    }
    handle(request, response).catch((error: unknown) => {
      const failure = error instanceof ApiError ? error : new ApiError(500, 'InternalError', `an error on the server: ${String((error as Error)?.stack ?? error)}`);
      if (!response.headersSent) sendJson(response, failure.code, statusOf(failure));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kubeconfigPath = writeKubeconfig(url);

  return {
    url,
    kubeconfigPath,
    dropWatches: () => watches.cutAll(),
    setGarbageCollection: (on) => {
      resources.deletion.garbageCollection = on;
    },
    expireHistory: () => {
      store.expireHistory();
      watches.expireAll();
    },
    setUnavailable: (down) => {
      unavailable = down;
      if (down) watches.cutAll();
    },
    requestCount: (filter = {}) =>
      requests.filter((request) => Object.entries(filter).every(([key, value]) => value === undefined || request[key as keyof RequestFilter] === value)).length,
    close: async () => {
      watches.cutAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dirname(kubeconfigPath), { recursive: true, force: true });
    },
  };
}
