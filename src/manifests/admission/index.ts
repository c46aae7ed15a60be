/**
 * The admission a Kubernetes API server applies to custom resources (structural schema, defaults,
 * CEL x-kubernetes-validations), without a cluster: `vantage validate` checks manifests with it, and
 * the kube test server and the tests of the CRDs' rules use it.
 */
import { compileSchemaRules } from './cel/rules.js';
import { loadCrds as readCrds } from './load-crds.js';
import type { CustomResourceDefinitionObject } from './types.js';

export { admitCustomResource, pruneUnknownFields, versionOf } from './admit.js';
export type { AdmissionCause, AdmissionVerdict, CustomResourceDefinitionObject, CustomResourceVersion, JsonSchemaProps, PrinterColumn, ValidationRule } from './types.js';

/** Reads the CRDs of a directory (default: the repository's crds/) and compiles their CEL rules, so a bad rule fails here. */
export function loadCrds(directory?: string): CustomResourceDefinitionObject[] {
  const crds = readCrds(directory);
  for (const crd of crds) for (const version of crd.spec.versions) if (version.schema) compileCrdVersion(crd, version.name, version.schema.openAPIV3Schema);
  return crds;
}

function compileCrdVersion(crd: CustomResourceDefinitionObject, version: string, schema: Parameters<typeof compileSchemaRules>[0]): void {
  try {
    compileSchemaRules(schema);
  } catch (error) {
    throw new Error(`${crd.metadata.name} ${version}: ${(error as Error).message}`);
  }
}
