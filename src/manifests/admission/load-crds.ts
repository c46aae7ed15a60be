import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAllYaml } from '@kubernetes/client-node';
import { isJsonObject, type CustomResourceDefinitionObject } from './types.js';

/** The repository's crds/ (this file runs from dist/src/manifests/admission/). */
const REPOSITORY_CRDS = fileURLToPath(new URL('../../../../crds/', import.meta.url));

/** Reads every CustomResourceDefinition in the *.yaml / *.yml files of a directory (default: the repository's crds/). */
export function loadCrds(directory = REPOSITORY_CRDS): CustomResourceDefinitionObject[] {
  const files = readdirSync(directory)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();
  const crds: CustomResourceDefinitionObject[] = [];
  for (const file of files) {
    const path = join(directory, file);
    for (const document of loadAllYaml(readFileSync(path, 'utf8')) as unknown[]) {
      if (document === null || document === undefined) continue;
      crds.push(checkedCrd(document, path));
    }
  }
  return crds;
}

/** Refuses anything that is not a v1 CRD with the fields admission depends on, naming the file. */
function checkedCrd(document: unknown, path: string): CustomResourceDefinitionObject {
  const fail = (what: string): never => {
    throw new Error(`${path}: not a usable apiextensions.k8s.io/v1 CustomResourceDefinition: ${what}`);
  };
  if (!isJsonObject(document)) return fail('the document is not a mapping');
  if (document.apiVersion !== 'apiextensions.k8s.io/v1' || document.kind !== 'CustomResourceDefinition') fail(`found ${String(document.apiVersion)} ${String(document.kind)}`);
  const spec = document.spec;
  if (!isJsonObject(spec) || typeof spec.group !== 'string' || !isJsonObject(spec.names) || typeof spec.names.plural !== 'string' || typeof spec.names.kind !== 'string')
    fail('spec.group, spec.names.plural and spec.names.kind are required');
  const { spec: checkedSpec } = document as unknown as CustomResourceDefinitionObject;
  if (checkedSpec.scope !== 'Namespaced' && checkedSpec.scope !== 'Cluster') fail('spec.scope must be Namespaced or Cluster');
  if (!Array.isArray(checkedSpec.versions) || checkedSpec.versions.length === 0) fail('spec.versions is empty');
  const expectedName = `${checkedSpec.names.plural}.${checkedSpec.group}`;
  if (!isJsonObject(document.metadata) || document.metadata.name !== expectedName) fail(`metadata.name must be ${expectedName}`);
  return document as unknown as CustomResourceDefinitionObject;
}
