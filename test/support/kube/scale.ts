import { ApiError } from './api-error.js';
import { invalid } from './admission.js';
import { jsonPathValues } from './jsonpath.js';
import { isPlainObject, type KubeObject } from './kube-object.js';
import type { ResourceType } from './resource-types.js';
import type { Resources, WriteContext } from './resources.js';

/** Where a kind keeps what its /scale subresource shows (a CRD's subresources.scale, or Deployment's). */
export interface ScalePaths {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

/** `app=web,tier=front` from a metav1.LabelSelector's matchLabels (what Deployment's Scale shows). */
function selectorText(selector: unknown): string | undefined {
  if (typeof selector === 'string') return selector;
  if (!isPlainObject(selector) || !isPlainObject(selector.matchLabels)) return undefined;
  return Object.entries(selector.matchLabels).map(([key, value]) => `${key}=${String(value)}`).join(',');
}

/** The autoscaling/v1 Scale of an object. */
export function scaleOf(paths: ScalePaths, object: KubeObject): KubeObject {
  const { name, namespace, uid, resourceVersion, creationTimestamp } = object.metadata;
  const selector = paths.labelSelectorPath ? selectorText(jsonPathValues(object, paths.labelSelectorPath)[0]) : undefined;
  return {
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: { name, ...(namespace ? { namespace } : {}), uid, resourceVersion, creationTimestamp },
    spec: { replicas: Number(jsonPathValues(object, paths.specReplicasPath)[0] ?? 0) },
    status: { replicas: Number(jsonPathValues(object, paths.statusReplicasPath)[0] ?? 0), ...(selector !== undefined ? { selector } : {}) },
  } as KubeObject;
}

function setPath(object: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.replace(/^\./, '').split('.');
  let node = object;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/** Writes a Scale: its spec.replicas goes to the object's replicas field, its resourceVersion is a precondition. */
export function writeScale(resources: Resources, type: ResourceType, paths: ScalePaths, current: KubeObject, scale: unknown, context: WriteContext): KubeObject {
  if (!isPlainObject(scale) || !isPlainObject(scale.spec)) throw new ApiError(400, 'BadRequest', 'a Scale needs a spec');
  const replicas = scale.spec.replicas;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
    throw invalid(type, current.metadata.name, [{ field: 'spec.replicas', reason: 'FieldValueInvalid', message: `Invalid value: ${JSON.stringify(replicas)}: must be greater than or equal to 0` }]);
  }
  const next = structuredClone(current);
  setPath(next, paths.specReplicasPath, replicas);
  const metadata = isPlainObject(scale.metadata) ? scale.metadata : {};
  next.metadata.resourceVersion = typeof metadata.resourceVersion === 'string' && metadata.resourceVersion !== '' ? metadata.resourceVersion : current.metadata.resourceVersion;
  return scaleOf(paths, resources.update(type, current, next, context));
}
