import { Value } from '@sinclair/typebox/value';
import { resources } from '../crd.js';

/** A spec as the API server stores it: the CRD's defaults filled in where the spec leaves them out. */
export function withSpecDefaults(kind: string, spec: Record<string, unknown>): Record<string, unknown> {
  const resource = resources.find((candidate) => candidate.kind === kind);
  if (!resource) throw new Error(`no custom resource kind ${kind}`);
  return Value.Default(resource.spec, structuredClone(spec)) as Record<string, unknown>;
}
