import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangeNotice } from '../../../src/bus/messages.js';
import type { Entitlement } from '../../../src/domain/entitlement.js';
import type { ResourceDefinition } from '../../resources/common.js';
import type { ChangeUnit } from '../../../src/services/change-log.js';
import type { Origin, Owner } from '../../../src/services/rules.js';
import type { Workspace } from '../../../src/store/entities/workspace.js';

/** What every mirrored row has: the columns that tie it to its custom resource. */
export interface MirroredRow {
  id: number;
  workspace: Workspace;
  name: string;
  managedBy: 'api' | 'kubernetes';
  kubernetesRef: string | null;
  kubernetesUid: string | null;
}

/** The workspace a namespace maps to, with what reading a spec needs from it. */
export interface WorkspaceView {
  id: number;
  clientId: number;
  entitlement: Entitlement;
  groupIdByName: ReadonlyMap<string, number>;
  groupNameById: ReadonlyMap<number, string>;
}

export interface MirrorContext {
  workspace: WorkspaceView;
  now: Date;
  /** Locations this installation offers. */
  locations: readonly string[];
  allowPrivateTargets: boolean;
  /** Row id of the custom resource of that kind and name in the same namespace, when it has one (a resource that names another). */
  rowIdOfResource: (kind: MirroredKind<MirroredRow>, name: string) => number | null;
  /** Name of the custom resource of that kind mirroring that row in the same namespace, when there is one. */
  resourceNameOfRow: (kind: MirroredKind<MirroredRow>, id: number) => string | null;
}

/**
 * A spec the API's validation accepts, as the input its resource's service writes; or why it is
 * refused, per spec field. `pending`: it names a resource that has no row yet, so reading it again
 * later may accept it.
 */
export type SpecVerdict<I> = { ok: true; input: I } | { ok: false; problems: Record<string, string>; pending?: boolean };

/** Resources of another kind that a spec names by name in its own namespace (a window names its UptimeCheck). */
export interface KindReference {
  kind: MirroredKind<MirroredRow>;
  namesIn(spec: Record<string, unknown>): string[];
}

/**
 * One kind of custom resource mirrored to one kind of row. The mapping both ways lives here;
 * the rules are the API's own (src/domain), so a custom resource and an API call are judged alike.
 */
export interface MirroredKind<R extends MirroredRow, I = unknown> {
  /** The custom resource's definition (schema, names, printer columns), in its kind's folder (operator/mirror/kinds/<kind>/resource.ts). */
  resource: ResourceDefinition;
  kind: string;
  plural: string;
  /** Whether its rows decide the agent Deployments (a change re-sizes them). */
  drivesAgents: boolean;
  /** Kind of the change notice the engine reloads on; `status_page` has none (the engine does not read pages). */
  notice: ChangeNotice['kind'] | 'status_page';
  entity: EntityClass<R>;
  /** Kinds whose resources this kind's specs name: a change to one of them reconciles the resources naming it again. */
  references: readonly KindReference[];
  /** The rows that match, loaded with what `specOf` needs. */
  findRows(em: EntityManager, where: FilterQuery<R>): Promise<R[]>;
  /** Reads a spec (`name` defaults to the resource's name) with the API's validation and plan rules. */
  read(spec: Record<string, unknown>, resourceName: string, context: MirrorContext, existing: R | null): SpecVerdict<I>;
  /** Creates (no existing row) or updates the row through the resource's service, in the caller's transaction. */
  save(unit: ChangeUnit, owner: Owner, existing: R | null, input: I, origin: Origin): Promise<R>;
  /** Deletes the row through the resource's service. */
  remove(unit: ChangeUnit, workspaceId: number, id: number, origin: Origin): Promise<void>;
  /** The spec of the custom resource that mirrors an API-made row; null when it cannot be expressed yet. */
  specOf(row: R, context: MirrorContext): Record<string, unknown> | null;
  /** The spec a row written from this input would have, spelled as `specOf` spells it: a spec and its row compare as plain values. */
  specOfInput(input: I, context: MirrorContext): Record<string, unknown> | null;
  /** The open incident a row's status names, for kinds whose rows have incidents. */
  openIncidentOf?(em: EntityManager, id: number): Promise<number | null>;
  /** Status fields from the row (the operator adds id, observedGeneration and conditions). */
  statusOf(row: R, now: Date, openIncidentId: number | null): Record<string, unknown>;
}

/** `dns_expected_values` → `dnsExpectedValues`: API field names as spec field names, for messages a person can act on. */
export const specField = (apiField: string): string => apiField.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Drops undefined and null values, so a spec carries only what is set. */
export const compact = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null));

export const isoSeconds = (date: Date | null): string | undefined => (date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined);

/** Resolves notification group names to ids; unknown names become a problem on `notificationGroups`. */
export function groupIds(names: unknown, workspace: WorkspaceView): { ids: number[] } | { problem: string } {
  if (names === undefined || names === null) return { ids: [] };
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) return { problem: 'must be a list of notification group names' };
  const unknown = (names as string[]).filter((name) => !workspace.groupIdByName.has(name));
  if (unknown.length) return { problem: `no notification group named ${unknown.map((n) => `"${n}"`).join(', ')} in workspace ${workspace.id}` };
  return { ids: [...new Set((names as string[]).map((name) => workspace.groupIdByName.get(name)!))] };
}

export const groupNames = (ids: readonly number[], workspace: WorkspaceView): string[] =>
  ids.map((id) => workspace.groupNameById.get(id)).filter((name): name is string => name !== undefined).sort();
