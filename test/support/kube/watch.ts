import type { ServerResponse } from 'node:http';
import { ApiError, statusOf } from './api-error.js';
import type { KubeObject } from './kube-object.js';
import type { ObjectStore, StoreEvent } from './object-store.js';
import { groupVersion, type ResourceType } from './resource-types.js';
import type { Resources } from './resources.js';
import type { Selector } from './selectors.js';
import { toTable, type IncludeObject } from './table.js';

/** How often a watch that allows bookmarks gets one (Kubernetes: about a minute; tests want it sooner). */
const BOOKMARK_INTERVAL_MS = 1000;
const MAX_TIMEOUT_SECONDS = 1800;

export interface WatchRequest {
  type: ResourceType;
  namespace?: string;
  name?: string;
  selectors: Selector[];
  resourceVersion: string | null;
  bookmarks: boolean;
  sendInitialEvents: boolean;
  timeoutSeconds: number | undefined;
  table?: IncludeObject;
}

interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: unknown;
}

const expired = (message: string) => new ApiError(410, 'Expired', message);

/**
 * Watch streams (`?watch=1` and `/watch/` paths): newline-separated JSON events from a
 * resourceVersion on (or every object as ADDED when none is given), selector transitions as
 * ADDED/DELETED, periodic BOOKMARKs, timeoutSeconds, and 410 Gone as an ERROR event when the
 * resourceVersion is older than the history kept.
 */
export class Watches {
  private readonly open = new Map<ServerResponse, (error: ApiError) => void>();

  constructor(
    private readonly store: ObjectStore,
    private readonly resources: Resources,
  ) {}

  serve(request: WatchRequest, response: ServerResponse): void {
    const { type } = request;
    const visible = (object: KubeObject) =>
      (request.namespace === undefined || object.metadata.namespace === request.namespace) &&
      (request.name === undefined || object.metadata.name === request.name) &&
      request.selectors.every((selector) => selector(object));
    const translate = (event: StoreEvent): WatchEvent | undefined => {
      const object = this.resources.view(type, event.object);
      const now = visible(object);
      const before = event.previous !== undefined && visible(this.resources.view(type, event.previous));
      if (event.type === 'ADDED') return now ? { type: 'ADDED', object } : undefined;
      if (event.type === 'DELETED') return now ? { type: 'DELETED', object } : undefined;
      if (now) return { type: before ? 'MODIFIED' : 'ADDED', object };
      return before ? { type: 'DELETED', object } : undefined;
    };
    const from = request.resourceVersion;
    let backlog: WatchEvent[];
    if (!from || from === '0' || request.sendInitialEvents) {
      backlog = this.resources.list(type, request.namespace).filter(visible).map((object) => ({ type: 'ADDED', object }));
    } else {
      const version = Number(from);
      if (!Number.isInteger(version) || version < 0) throw new ApiError(400, 'BadRequest', `resourceVersion: Invalid value: ${JSON.stringify(from)}: must be a number`);
      const events = this.store.eventsSince(type.storage, version);
      if (events === undefined) return this.refuse(response, expired(`too old resource version: ${version} (${this.store.oldestResourceVersion})`));
      backlog = events.map(translate).filter((event) => event !== undefined);
    }
    response.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'Cache-Control': 'no-cache' });
    // Headers go out at once: a watch with nothing to tell yet must not look like a hung server.
    response.flushHeaders();
    const emit = (event: WatchEvent) => {
      const object = request.table && event.type !== 'BOOKMARK' && event.type !== 'ERROR' ? toTable(type, [event.object as KubeObject], this.store.resourceVersion, request.table) : event.object;
      response.write(`${JSON.stringify({ type: event.type, object })}\n`);
    };
    const bookmark = (annotations?: Record<string, string>) =>
      emit({ type: 'BOOKMARK', object: { kind: type.kind, apiVersion: groupVersion(type), metadata: { resourceVersion: this.store.resourceVersion, ...(annotations ? { annotations } : {}) } } });
    for (const event of backlog) emit(event);
    if (request.sendInitialEvents && request.bookmarks) bookmark({ 'k8s.io/initial-events-end': 'true' });
    const unsubscribe = this.store.subscribe((event) => {
      if (event.storage !== type.storage) return;
      const translated = translate(event);
      if (translated) emit(translated);
    });
    const bookmarks = request.bookmarks ? setInterval(() => bookmark(), BOOKMARK_INTERVAL_MS) : undefined;
    const seconds = Math.min(request.timeoutSeconds ?? MAX_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS);
    const timeout = setTimeout(() => response.end(), seconds * 1000);
    this.open.set(response, (error) => {
      emit({ type: 'ERROR', object: statusOf(error) });
      response.end();
    });
    response.on('close', () => {
      unsubscribe();
      clearInterval(bookmarks);
      clearTimeout(timeout);
      this.open.delete(response);
    });
  }

  /** A watch that cannot start: 200 with one ERROR event, as the API server's watch cache answers. */
  private refuse(response: ServerResponse, error: ApiError): void {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(`${JSON.stringify({ type: 'ERROR', object: statusOf(error) })}\n`);
  }

  /** Cuts every open watch mid-stream, as a broken connection would. */
  cutAll(): void {
    for (const response of this.open.keys()) response.destroy();
    this.open.clear();
  }

  /** Ends every open watch with 410 Gone: the history they follow is no longer kept. */
  expireAll(): void {
    for (const end of [...this.open.values()]) end(expired('The resourceVersion for the provided watch is too old.'));
    this.open.clear();
  }
}
