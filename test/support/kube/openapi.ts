import { groupVersion, type ResourceType } from './resource-types.js';

const apiPath = (type: ResourceType) => (type.group ? `apis/${type.group}/${type.version}` : `api/${type.version}`);

/** `/openapi/v3`: one document per group-version. kubectl reads it to learn that the server validates fields itself. */
export function openApiIndex(types: readonly ResourceType[]): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const type of types) paths[apiPath(type)] = { serverRelativeURL: `/openapi/v3/${apiPath(type)}?hash=vantage-test` };
  return { paths };
}

/**
 * The OpenAPI v3 document of one group-version: the PATCH, PUT and POST operations of every
 * resource with their group-version-kind and the `fieldValidation` parameter, which is what
 * kubectl's query-parameter check looks for. Schemas are left out: the server validates.
 */
export function openApiDocument(types: readonly ResourceType[], path: string): Record<string, unknown> | undefined {
  const served = types.filter((type) => `/openapi/v3/${apiPath(type)}` === path);
  if (!served.length) return undefined;
  const parameters = [
    { name: 'fieldValidation', in: 'query', schema: { type: 'string', uniqueItems: true } },
    { name: 'fieldManager', in: 'query', schema: { type: 'string', uniqueItems: true } },
    { name: 'dryRun', in: 'query', schema: { type: 'string', uniqueItems: true } },
  ];
  const paths: Record<string, unknown> = {};
  for (const type of served) {
    const gvk = { 'x-kubernetes-group-version-kind': { group: type.group, version: type.version, kind: type.kind } };
    const base = `/${apiPath(type)}${type.namespaced ? '/namespaces/{namespace}' : ''}/${type.plural}`;
    const operation = (action: string) => ({ ...gvk, 'x-kubernetes-action': action, parameters, responses: { '200': { description: 'OK' } } });
    paths[base] = { post: operation('post') };
    paths[`${base}/{name}`] = { put: operation('put'), patch: operation('patch') };
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes (test support)', version: groupVersion(served[0]!) }, paths, components: { schemas: {} } };
}
