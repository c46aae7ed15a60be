import type { CustomResourceDefinitionObject } from '../crd-validation/index.js';

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  priority?: number;
  format?: string;
}

/** One kind of object the test server serves, as discovery describes it. */
export interface ResourceType {
  group: string;
  version: string;
  kind: string;
  plural: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  statusSubresource: boolean;
  /** Whether a change of anything but metadata and status bumps metadata.generation. */
  tracksGeneration: boolean;
  printerColumns: PrinterColumn[];
}

const builtIn = (
  group: string,
  version: string,
  kind: string,
  plural: string,
  namespaced: boolean,
  extra: Partial<ResourceType> = {},
): ResourceType => ({
  group,
  version,
  kind,
  plural,
  singular: kind.toLowerCase(),
  namespaced,
  shortNames: [],
  categories: [],
  statusSubresource: false,
  tracksGeneration: false,
  printerColumns: [],
  ...extra,
});

/** The built-in kinds the operator and kubectl touch. */
export const BUILT_IN_TYPES: ResourceType[] = [
  builtIn('', 'v1', 'Namespace', 'namespaces', false, { shortNames: ['ns'] }),
  builtIn('', 'v1', 'ConfigMap', 'configmaps', true, { shortNames: ['cm'] }),
  builtIn('', 'v1', 'Secret', 'secrets', true),
  builtIn('', 'v1', 'Event', 'events', true, { shortNames: ['ev'] }),
  builtIn('apps', 'v1', 'Deployment', 'deployments', true, { shortNames: ['deploy'], statusSubresource: true, tracksGeneration: true }),
  builtIn('coordination.k8s.io', 'v1', 'Lease', 'leases', true),
  builtIn('events.k8s.io', 'v1', 'Event', 'events', true),
  builtIn('apiextensions.k8s.io', 'v1', 'CustomResourceDefinition', 'customresourcedefinitions', false, { shortNames: ['crd', 'crds'] }),
];

export function typesOfCrd(crd: CustomResourceDefinitionObject): ResourceType[] {
  const { group, scope, names } = crd.spec;
  return crd.spec.versions
    .filter((version) => version.served !== false)
    .map((version) => ({
      group,
      version: version.name,
      kind: names.kind,
      plural: names.plural,
      singular: names.singular ?? names.kind.toLowerCase(),
      namespaced: scope === 'Namespaced',
      shortNames: names.shortNames ?? [],
      categories: names.categories ?? [],
      statusSubresource: Boolean(version.subresources?.status),
      tracksGeneration: true,
      printerColumns: (version.additionalPrinterColumns ?? []) as PrinterColumn[],
    }));
}

export const groupVersion = (type: Pick<ResourceType, 'group' | 'version'>): string => (type.group ? `${type.group}/${type.version}` : type.version);
