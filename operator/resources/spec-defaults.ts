import { Value } from '@sinclair/typebox/value';
import type { ResourceDefinition } from './common.js';

/** A spec as the API server stores it: the CRD's defaults filled in where the spec leaves them out. */
export function withSpecDefaults(resource: ResourceDefinition, spec: Record<string, unknown>): Record<string, unknown> {
  return Value.Default(resource.spec, structuredClone(spec)) as Record<string, unknown>;
}
