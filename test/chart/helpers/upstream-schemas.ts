import * as kube from '@kubernetes/client-node';
import { ObjectSerializer } from '@kubernetes/client-node/dist/gen/models/ObjectSerializer.js';
import type { KubeObject } from './chart.js';

type Model = new (data: unknown) => { validate(): void };

/** The kubernetes-models class of an object's apiVersion and kind (Prometheus Operator kinds from their own package). */
async function modelOf(object: KubeObject): Promise<Model> {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const path =
    group === 'monitoring.coreos.com'
      ? `@kubernetes-models/prometheus-operator/${group}/${version}/${object.kind}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}/${object.kind}`;
  const module = (await import(path)) as Record<string, Model>;
  const model = module[object.kind];
  if (!model) throw new Error(`${path} has no model ${object.kind}`);
  return model;
}

/** Paths present in `original` that `kept` lacks: fields the typed model does not know. */
function droppedPaths(original: unknown, kept: unknown, path: string): string[] {
  if (original === null || typeof original !== 'object') return [];
  if (kept === null || typeof kept !== 'object') return [path];
  if (Array.isArray(original)) return original.flatMap((item, i) => droppedPaths(item, (kept as unknown[])[i], `${path}[${i}]`));
  return Object.entries(original as Record<string, unknown>).flatMap(([key, value]) =>
    key in (kept as Record<string, unknown>) ? droppedPaths(value, (kept as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

/**
 * Why the API server would refuse the object, by the upstream schemas: types, required fields and
 * formats from kubernetes-models, unknown fields (refused under strict field validation, as
 * kubectl and helm apply) from @kubernetes/client-node's generated models. Empty when valid.
 */
export async function upstreamSchemaErrors(object: KubeObject): Promise<string[]> {
  const errors: string[] = [];
  try {
    new (await modelOf(object))(object).validate();
  } catch (error) {
    errors.push((error as Error).message);
  }
  const typeName = `V1${object.kind}`;
  // Prometheus Operator kinds have no typed model there; kubernetes-models checked them above.
  if (typeName in kube) {
    const kept = ObjectSerializer.serialize(ObjectSerializer.deserialize(object, typeName, ''), typeName, '');
    for (const path of droppedPaths(object, kept, '')) errors.push(`unknown field ${path.slice(1)}`);
  }
  return errors;
}
