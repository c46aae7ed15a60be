import { admitCustomResource, pruneUnknownFields } from '../../../src/manifests/admission/index.js';
import { ApiError, badRequest, type StatusCause } from './api-error.js';
import { isPlainObject, type KubeObject } from './kube-object.js';
import type { ResourceType } from './resource-types.js';

/** How unknown fields are treated (the fieldValidation query parameter; Warn when absent, as in Kubernetes). */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export function fieldValidationOf(value: string | null): FieldValidation {
  if (value === null || value === '') return 'Warn';
  if (value === 'Strict' || value === 'Warn' || value === 'Ignore') return value;
  throw badRequest(`fieldValidation must be one of Strict, Warn or Ignore, not "${value}"`);
}

const OBJECT_META_FIELDS = new Set([
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp',
  'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
]);

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** Unknown fields of a built-in object: top-level fields its kind does not have, and unknown ObjectMeta fields. */
function unknownBuiltInFields(type: ResourceType, object: KubeObject, prune: boolean): string[] {
  const found: string[] = [];
  const known = new Set(['apiVersion', 'kind', 'metadata', ...(type.topLevelFields ?? [])]);
  for (const key of Object.keys(object)) {
    if (known.has(key)) continue;
    found.push(key);
    if (prune) delete object[key];
  }
  return found;
}

function unknownMetadataFields(object: KubeObject, prune: boolean): string[] {
  const found = Object.keys(object.metadata).filter((key) => !OBJECT_META_FIELDS.has(key));
  if (prune) for (const key of found) delete object.metadata[key];
  return found.map((key) => `metadata.${key}`);
}

function nameCauses(type: ResourceType, name: string): StatusCause[] {
  const label = type.kind === 'Namespace';
  const valid = label ? name.length <= 63 && DNS_LABEL.test(name) : name.length <= 253 && DNS_SUBDOMAIN.test(name);
  if (valid) return [];
  const rule = label
    ? "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
    : "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
  return [{ field: 'metadata.name', reason: 'FieldValueInvalid', message: `Invalid value: ${JSON.stringify(name)}: ${rule}` }];
}

function labelCauses(labels: unknown): StatusCause[] {
  if (labels === undefined) return [];
  if (!isPlainObject(labels)) return [{ field: 'metadata.labels', reason: 'FieldValueTypeInvalid', message: 'Invalid value: labels must be a map of strings' }];
  const causes: StatusCause[] = [];
  for (const [key, value] of Object.entries(labels)) {
    const [prefix, name] = key.includes('/') ? [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)] : [undefined, key];
    const keyValid = name.length <= 63 && LABEL_NAME.test(name) && (prefix === undefined || (prefix.length <= 253 && DNS_SUBDOMAIN.test(prefix)));
    if (!keyValid) causes.push({ field: 'metadata.labels', reason: 'FieldValueInvalid', message: `Invalid value: ${JSON.stringify(key)}: name part must consist of alphanumeric characters, '-', '_' or '.'` });
    if (typeof value !== 'string' || value.length > 63 || !LABEL_VALUE.test(value)) {
      causes.push({ field: `metadata.labels`, reason: 'FieldValueInvalid', message: `Invalid value: ${JSON.stringify(value)}: a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.'` });
    }
  }
  return causes;
}

export const invalid = (type: ResourceType, name: string, causes: StatusCause[]): ApiError => {
  const detail = causes.map((cause) => `${cause.field}: ${cause.message}`);
  const resource = type.group ? `${type.kind}.${type.group}` : type.kind;
  return new ApiError(422, 'Invalid', `${resource} "${name}" is invalid: ${detail.length === 1 ? detail[0] : `[${detail.join(', ')}]`}`, {
    name,
    group: type.group,
    kind: type.kind,
    causes,
  });
};

/**
 * What the API server checks before it stores a write: unknown fields (refused, warned about and
 * dropped, or dropped, per field validation), the object's name and labels, and for custom
 * resources the CRD's schema, defaults and CEL rules. Returns the object to store.
 */
export function admit(type: ResourceType, candidate: KubeObject, old: KubeObject | undefined, validation: FieldValidation, warnings: string[]): KubeObject {
  const object = structuredClone(candidate);
  const prune = validation !== 'Strict';
  const unknown = [...unknownMetadataFields(object, prune), ...(type.crd ? pruneUnknownFields(type.crd, object) : unknownBuiltInFields(type, object, prune))];
  if (unknown.length > 0 && validation === 'Strict') {
    throw badRequest(`${type.kind} in version "${type.version}" cannot be handled as a ${type.kind}: strict decoding error: ${unknown.map((field) => `unknown field "${field}"`).join(', ')}`);
  }
  if (validation === 'Warn') warnings.push(...unknown.map((field) => `unknown field "${field}"`));
  const causes = [...(old ? [] : nameCauses(type, object.metadata.name)), ...labelCauses(object.metadata.labels)];
  if (causes.length > 0) throw invalid(type, object.metadata.name, causes);
  if (!type.crd) return object;
  const verdict = admitCustomResource(type.crd, object, old);
  if (!verdict.allowed) throw invalid(type, object.metadata.name, verdict.causes);
  return verdict.object as KubeObject;
}
