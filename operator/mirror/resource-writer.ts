import { PatchStrategy, setHeaderOptions, type CustomObjectsApi } from '@kubernetes/client-node';
import { GROUP, VERSION } from '../resources/common.js';
import { ROW_FINALIZER, SPEC_FIELD_MANAGER, STATUS_FIELD_MANAGER, type CustomResource } from './custom-resource.js';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const applyPatch = setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply);

/** A merge patch that turns `current` into `desired`: keys `desired` lacks are set to null, which removes them. */
export function replacingPatch(current: Record<string, unknown> | undefined, desired: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = { ...desired };
  for (const key of Object.keys(current ?? {})) if (!(key in desired)) patch[key] = null;
  return patch;
}

/**
 * Every write the operator makes to its custom resources. Metadata patches carry the
 * resourceVersion they were computed from, so a write based on a stale read answers 409 and the
 * reconcile runs again on fresh state instead of overwriting someone else's change.
 */
export class ResourceWriter {
  constructor(private readonly custom: CustomObjectsApi) {}

  private target(plural: string, resource: CustomResource) {
    return { group: GROUP, version: VERSION, plural, namespace: resource.metadata!.namespace!, name: resource.metadata!.name! };
  }

  async setFinalizers(plural: string, resource: CustomResource, finalizers: string[]): Promise<CustomResource> {
    const body = { metadata: { finalizers, resourceVersion: resource.metadata!.resourceVersion } };
    return (await this.custom.patchNamespacedCustomObject({ ...this.target(plural, resource), body }, mergePatch)) as CustomResource;
  }

  addFinalizer(plural: string, resource: CustomResource): Promise<CustomResource> {
    return this.setFinalizers(plural, resource, [...(resource.metadata!.finalizers ?? []), ROW_FINALIZER]);
  }

  removeFinalizer(plural: string, resource: CustomResource): Promise<CustomResource> {
    return this.setFinalizers(plural, resource, (resource.metadata!.finalizers ?? []).filter((f) => f !== ROW_FINALIZER));
  }

  async writeStatus(plural: string, resource: CustomResource, status: Record<string, unknown>): Promise<void> {
    const body = { status: replacingPatch(resource.status, status) };
    await this.custom.patchNamespacedCustomObjectStatus({ ...this.target(plural, resource), body, fieldManager: STATUS_FIELD_MANAGER }, mergePatch);
  }

  /** Server-side apply of a whole object as `vantage-api`: creates it, or takes back every field it sets. */
  async apply(kind: string, plural: string, namespace: string, name: string, labels: Record<string, string>, spec: Record<string, unknown>): Promise<CustomResource> {
    const body = { apiVersion: `${GROUP}/${VERSION}`, kind, metadata: { name, namespace, labels, finalizers: [ROW_FINALIZER] }, spec };
    return (await this.custom.patchNamespacedCustomObject(
      { group: GROUP, version: VERSION, plural, namespace, name, body, fieldManager: SPEC_FIELD_MANAGER, force: true },
      applyPatch,
    )) as CustomResource;
  }

  /** Puts a hand-edited spec back: the fields the edit added are removed, the rest set to `spec`. */
  async replaceSpec(plural: string, resource: CustomResource, spec: Record<string, unknown>): Promise<void> {
    const body = { metadata: { resourceVersion: resource.metadata!.resourceVersion }, spec: replacingPatch(resource.spec, spec) };
    await this.custom.patchNamespacedCustomObject({ ...this.target(plural, resource), body, fieldManager: SPEC_FIELD_MANAGER }, mergePatch);
  }

  async delete(plural: string, resource: CustomResource): Promise<void> {
    await this.custom.deleteNamespacedCustomObject(this.target(plural, resource));
  }
}
