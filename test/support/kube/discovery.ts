import { groupVersion, type ResourceType } from './resource-types.js';

/** The answers of the discovery endpoints (legacy, non-aggregated: kubectl falls back to them). */
export class Discovery {
  constructor(private readonly types: readonly ResourceType[]) {}

  /** The body for a discovery path, or undefined when the path is not a discovery endpoint. */
  answer(path: string): unknown {
    if (path === '/version') return VERSION;
    if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
    if (path === '/apis') return { kind: 'APIGroupList', apiVersion: 'v1', groups: this.groupNames().map((name) => this.group(name)) };
    const group = /^\/apis\/([^/]+)$/.exec(path);
    if (group && this.groupNames().includes(group[1]!)) return { kind: 'APIGroup', apiVersion: 'v1', ...this.group(group[1]!) };
    const resources = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))$/.exec(path);
    if (resources) return this.resourceList(resources[2] ?? '', resources[1] ?? resources[3]!);
    return undefined;
  }

  private groupNames(): string[] {
    return [...new Set(this.types.filter((type) => type.group !== '').map((type) => type.group))];
  }

  private group(name: string) {
    const served = this.types.filter((type) => type.group === name);
    const versions = [...new Set(served.map((type) => type.version))].map((version) => ({ groupVersion: `${name}/${version}`, version }));
    const storage = served.find((type) => type.crd?.spec.versions.find((version) => version.name === type.version)?.storage) ?? served[0]!;
    return { name, versions, preferredVersion: { groupVersion: groupVersion(storage), version: storage.version } };
  }

  private resourceList(group: string, version: string): unknown {
    const served = this.types.filter((type) => type.group === group && type.version === version);
    if (served.length === 0) return undefined;
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: groupVersion({ group, version }),
      resources: served.flatMap((type) => [
        {
          name: type.plural,
          singularName: type.singular,
          namespaced: type.namespaced,
          kind: type.kind,
          verbs: type.verbs,
          ...(type.shortNames.length > 0 ? { shortNames: type.shortNames } : {}),
          ...(type.categories.length > 0 ? { categories: type.categories } : {}),
        },
        ...(type.statusSubresource ? [{ name: `${type.plural}/status`, singularName: '', namespaced: type.namespaced, kind: type.kind, verbs: ['get', 'patch', 'update'] }] : []),
        ...(type.scale ? [{ name: `${type.plural}/scale`, singularName: '', namespaced: type.namespaced, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] }] : []),
      ]),
    };
  }
}

const VERSION = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0-vantage-test-support',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2025-01-01T00:00:00Z',
  goVersion: 'go1.23.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};
