import type { KubernetesObject } from '@kubernetes/client-node';

/** A Vantage custom resource as the API server returns it. */
export interface CustomResource extends KubernetesObject {
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** Label on the custom resources the operator makes for rows created through the API: the database is their truth. */
export const ORIGIN_LABEL = 'vantage.dev/origin';
/** Label on namespaces: the id of the workspace whose rows live there. */
export const WORKSPACE_LABEL = 'vantage.dev/workspace-id';
/** Held by every custom resource mapped to a row, so that deleting it removes the row first. */
export const ROW_FINALIZER = 'monitoring.vantage.dev/row';
/** Field manager of the operator's writes (DESIGN.md: spec writes as `vantage-api`, status with its own). */
export const SPEC_FIELD_MANAGER = 'vantage-api';
export const STATUS_FIELD_MANAGER = 'vantage-operator-status';

export const isApiOrigin = (resource: CustomResource): boolean => resource.metadata?.labels?.[ORIGIN_LABEL] === 'api';

/** `namespace/name`, as rows keep it in `kubernetes_ref`. */
export const resourceRef = (resource: CustomResource): string => `${resource.metadata?.namespace}/${resource.metadata?.name}`;

/** The workspace id a namespace's label names, or null when it names none (or not a valid id). */
export function workspaceIdOf(labels: Record<string, string> | undefined): number | null {
  const value = labels?.[WORKSPACE_LABEL];
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
