import { groupVersion, type ResourceType } from './resource-types.js';

const apiPath = (type: ResourceType) => (type.group ? `apis/${type.group}/${type.version}` : `api/${type.version}`);

/**
 * `/openapi/v3` and its per group-version documents. kubectl reads them to learn that the server
 * validates fields itself (the `fieldValidation` parameter on the write operations); custom
 * resources carry their CRD schema. Built-in schemas are left out: kubectl knows those kinds.
 */
export class OpenApi {
  constructor(private readonly types: readonly ResourceType[]) {}

  answer(path: string): unknown {
    if (path === '/openapi/v3') {
      const paths: Record<string, unknown> = {};
      for (const type of this.types) paths[apiPath(type)] = { serverRelativeURL: `/openapi/v3/${apiPath(type)}?hash=${HASH}` };
      return { paths };
    }
    const served = this.types.filter((type) => `/openapi/v3/${apiPath(type)}` === path);
    if (served.length === 0) return undefined;
    return { openapi: '3.0.0', info: { title: 'Kubernetes test support', version: groupVersion(served[0]!) }, paths: Object.assign({}, ...served.map(pathsOf)), components: { schemas: Object.assign({}, ...served.map(schemaOf)) } };
  }
}

const HASH = 'vantage-test-support';

const PARAMETERS = ['fieldValidation', 'fieldManager', 'dryRun', 'force'].map((name) => ({ name, in: 'query', schema: { type: 'string', uniqueItems: true } }));

const schemaName = (type: ResourceType) => `${type.group || 'core'}.${type.version}.${type.kind}`;

function pathsOf(type: ResourceType): Record<string, unknown> {
  const gvk = { 'x-kubernetes-group-version-kind': { group: type.group, version: type.version, kind: type.kind } };
  const body = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName(type)}` } } } };
  const operation = (action: string) => ({ ...gvk, 'x-kubernetes-action': action, parameters: PARAMETERS, requestBody: body, responses: { '200': { description: 'OK', ...body } } });
  const base = `/${apiPath(type)}${type.namespaced ? '/namespaces/{namespace}' : ''}/${type.plural}`;
  return { [base]: { post: operation('post') }, [`${base}/{name}`]: { put: operation('put'), patch: operation('patch') } };
}

function schemaOf(type: ResourceType): Record<string, unknown> {
  const version = type.crd?.spec.versions.find((candidate) => candidate.name === type.version);
  const schema = version?.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  return { [schemaName(type)]: { ...schema, 'x-kubernetes-group-version-kind': [{ group: type.group, version: type.version, kind: type.kind }] } };
}
