import { ApiError, badRequest } from './api-error.js';
import { jsonPatch, PatchError } from './json-patch.js';
import { isPlainObject, type KubeObject } from './kube-object.js';
import { serverSideApply } from './managed-fields.js';
import { mergePatch } from './merge-patch.js';
import { groupVersion, type ResourceType } from './resource-types.js';
import { notFound, type Resources, type WriteContext } from './resources.js';
import type { Route } from './routes.js';
import { strategicMergePatch } from './strategic-merge-patch.js';

const MEDIA_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

const unsupported = (accepted: string[]) =>
  new ApiError(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);

/** The patch media type of a request; strategic merge patch is refused for custom resources, as Kubernetes does. */
export function patchTypeOf(type: ResourceType, contentType: string): string {
  const accepted = type.crd ? MEDIA_TYPES.filter((media) => !media.startsWith('application/strategic')) : MEDIA_TYPES;
  const media = contentType.split(';')[0]!.trim();
  if (!accepted.includes(media)) throw unsupported(accepted);
  return media;
}

/** The object a JSON, merge or strategic merge patch makes of the current one. */
export function patched(current: KubeObject, media: string, patch: unknown): KubeObject {
  let result: unknown;
  try {
    if (media === 'application/json-patch+json') result = jsonPatch(current, patch);
    else if (!isPlainObject(patch)) throw new PatchError('a merge patch must be a JSON object');
    else result = media === 'application/merge-patch+json' ? mergePatch(current, patch) : strategicMergePatch(current, patch);
  } catch (error) {
    if (error instanceof PatchError) throw new ApiError(422, 'Invalid', `the patch could not be applied: ${error.message}`);
    throw error;
  }
  if (!isPlainObject(result) || !isPlainObject(result.metadata)) throw new ApiError(422, 'Invalid', 'the patch removed the object or its metadata');
  return result as KubeObject;
}

/** The part of an applied configuration an endpoint applies: all but status on the main endpoint, only status on /status. */
function appliedPart(type: ResourceType, applied: Record<string, unknown>, subresource: string | undefined): Record<string, unknown> {
  const metadata = applied.metadata as Record<string, unknown>;
  if (subresource === 'status') return { apiVersion: applied.apiVersion, kind: applied.kind, metadata: { name: metadata.name }, ...(applied.status !== undefined ? { status: applied.status } : {}) };
  if (!type.statusSubresource) return applied;
  const { status: _status, ...rest } = applied;
  return rest;
}

/**
 * Server-side apply, simplified (see managed-fields.ts): creates a missing object, else merges the
 * applied fields and removes the ones the manager stopped applying; conflicts with other managers are
 * 409 unless force=true.
 */
function apply(resources: Resources, route: Route, body: unknown, context: WriteContext, force: boolean): { code: number; object: KubeObject } {
  const { type, namespace, name, subresource } = route;
  if (!context.manager || context.manager === 'unknown') throw badRequest('PATCH, application/apply-patch+yaml requires fieldManager');
  if (!isPlainObject(body)) throw badRequest('an applied configuration must be an object');
  if (body.apiVersion !== groupVersion(type) || body.kind !== type.kind) {
    throw badRequest(`an applied configuration needs apiVersion ${groupVersion(type)} and kind ${type.kind}, found ${String(body.apiVersion)} ${String(body.kind)}`);
  }
  const metadata = isPlainObject(body.metadata) ? body.metadata : {};
  if (metadata.name !== undefined && metadata.name !== name) throw badRequest(`the name of the object (${String(metadata.name)}) does not match the name on the URL (${name})`);
  const applied = { ...body, metadata: { ...metadata, name, ...(namespace ? { namespace } : {}) } };
  const manager = { name: context.manager, apiVersion: groupVersion(type), subresource };
  const current = resources.find(type, namespace, name!);
  if (!current) {
    if (subresource) throw notFound(type, name!);
    const outcome = serverSideApply(undefined, applied, manager, force);
    if ('conflicts' in outcome) throw new Error('a new object cannot conflict');
    return { code: 201, object: resources.create(type, outcome.object, { ...context, managedFields: outcome.managedFields }) };
  }
  const outcome = serverSideApply(current, appliedPart(type, applied, subresource), manager, force);
  if ('conflicts' in outcome) {
    const causes = outcome.conflicts.map((conflict) => ({ reason: 'FieldManagerConflict', message: `conflict with "${conflict.manager}"`, field: `.${conflict.path.join('.')}` }));
    const listed = causes.map((cause) => `${cause.message}: ${cause.field}`).join('\n- ');
    throw new ApiError(409, 'Conflict', `Apply failed with ${causes.length} conflict${causes.length === 1 ? '' : 's'}: ${causes.length === 1 ? listed : `\n- ${listed}`}`, { name, group: type.group, kind: type.plural, causes });
  }
  const candidate = outcome.object;
  candidate.metadata.resourceVersion = typeof metadata.resourceVersion === 'string' ? metadata.resourceVersion : current.metadata.resourceVersion;
  return { code: 200, object: resources.update(type, current, candidate, { ...context, subresource, managedFields: outcome.managedFields }) };
}

/** PATCH of one object: JSON patch, merge patch, strategic merge patch (built-ins) or server-side apply. */
export function patchObject(resources: Resources, route: Route, media: string, body: unknown, context: WriteContext, force: boolean): { code: number; object: KubeObject } {
  if (media === 'application/apply-patch+yaml') return apply(resources, route, body, context, force);
  const current = resources.get(route.type, route.namespace, route.name!);
  const next = patched(current, media, body);
  return { code: 200, object: resources.update(route.type, current, next, { ...context, subresource: route.subresource }) };
}
