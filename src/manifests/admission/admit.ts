import { ruleCauses } from './cel/rules.js';
import { applyDefaults } from './defaults.js';
import { forbidden } from './field-errors.js';
import { validateStructure } from './structural.js';
import { isJsonObject, type AdmissionVerdict, type CustomResourceDefinitionObject, type CustomResourceVersion, type JsonSchemaProps } from './types.js';
import { unknownFields } from './unknown-fields.js';

/** The served version of the CRD that an object's apiVersion names, if any. */
export function versionOf(crd: CustomResourceDefinitionObject, apiVersion: unknown): CustomResourceVersion | undefined {
  return crd.spec.versions.find((version) => version.served && `${crd.spec.group}/${version.name}` === apiVersion);
}

const schemaOf = (version: CustomResourceVersion): JsonSchemaProps => version.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

/**
 * What the API server does to a custom resource on create and update: defaulting, then the
 * structural schema (unknown fields refused unless preserved), then the CEL rules — these only when
 * the schema holds, as a rule over a mistyped value would only add noise. Transition rules see the
 * previous object as oldSelf on update.
 */
export function admitCustomResource(crd: CustomResourceDefinitionObject, object: unknown, oldObject?: unknown): AdmissionVerdict {
  if (!isJsonObject(object)) return { allowed: false, causes: [{ field: '<root>', reason: 'FieldValueTypeInvalid', message: 'Invalid value: the object must be a JSON object' }] };
  const version = versionOf(crd, object.apiVersion);
  if (!version) {
    const served = crd.spec.versions.filter((candidate) => candidate.served).map((candidate) => `${crd.spec.group}/${candidate.name}`);
    return { allowed: false, causes: [{ field: 'apiVersion', reason: 'FieldValueNotSupported', message: `Unsupported value: ${JSON.stringify(object.apiVersion)}: supported values: ${served.map((name) => JSON.stringify(name)).join(', ')}` }] };
  }
  if (object.kind !== crd.spec.names.kind) {
    return { allowed: false, causes: [{ field: 'kind', reason: 'FieldValueNotSupported', message: `Unsupported value: ${JSON.stringify(object.kind)}: supported values: ${JSON.stringify(crd.spec.names.kind)}` }] };
  }
  const schema = schemaOf(version);
  const defaulted = structuredClone(object);
  applyDefaults(schema, defaulted, true);
  const causes = [...unknownFields(schema, defaulted, { prune: false }).map((field) => forbidden(field, 'field not declared in schema')), ...validateStructure(schema, defaulted)];
  if (causes.length === 0) causes.push(...ruleCauses(schema, defaulted, isJsonObject(oldObject) ? oldObject : undefined));
  return causes.length === 0 ? { allowed: true, object: defaulted } : { allowed: false, causes };
}

/**
 * Drops the fields the CRD's schema does not declare (what the API server does unless field
 * validation is Strict) and returns their paths, for the caller to warn about or refuse.
 */
export function pruneUnknownFields(crd: CustomResourceDefinitionObject, object: Record<string, unknown>): string[] {
  const version = versionOf(crd, object.apiVersion);
  return version ? unknownFields(schemaOf(version), object, { prune: true }) : [];
}
