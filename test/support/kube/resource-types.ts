import type { CustomResourceDefinitionObject, CustomResourceVersion } from '../../../src/manifests/admission/index.js';
import { jsonPathValues } from './jsonpath.js';
import { isPlainObject, type KubeObject } from './kube-object.js';
import type { ScalePaths } from './scale.js';

/** A column of `kubectl get` after Name; `date` cells are shown as ages. */
export interface TableColumn {
  name: string;
  type: string;
  format?: string;
  description?: string;
  priority?: number;
  cell(object: KubeObject): unknown;
}

/** Converts a kind's objects to and from the form another resource of the same storage keeps. */
export interface StorageConversion {
  toStorage(object: KubeObject): KubeObject;
  fromStorage(object: KubeObject): KubeObject;
}

/** One served resource (group, version, plural), as discovery describes it and the handlers treat it. */
export interface ResourceType {
  group: string;
  version: string;
  kind: string;
  listKind: string;
  plural: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  verbs: string[];
  statusSubresource: boolean;
  /** Where the /scale subresource reads and writes replicas, when the kind has one. */
  scale?: ScalePaths;
  /** Whether changes to anything but metadata (and status, with a status subresource) bump metadata.generation. */
  tracksGeneration: boolean;
  /** Whether PUT without metadata.resourceVersion is allowed (it is not for custom resources). */
  unconditionalUpdate: boolean;
  /** Where objects live: resources of one storage (events in v1 and events.k8s.io/v1) are the same objects. */
  storage: string;
  conversion?: StorageConversion;
  columns: TableColumn[];
  /** Fields a field selector may name besides metadata.name and metadata.namespace. */
  selectableFields: string[];
  /** Top-level fields of a built-in kind, for field validation; custom resources use their schema. */
  topLevelFields?: string[];
  crd?: CustomResourceDefinitionObject;
}

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export const groupVersion = (type: Pick<ResourceType, 'group' | 'version'>): string => (type.group ? `${type.group}/${type.version}` : type.version);

const path = (jsonPath: string) => (object: KubeObject) => jsonPathValues(object, jsonPath)[0];
const column = (name: string, type: string, cell: (object: KubeObject) => unknown, extra: Partial<TableColumn> = {}): TableColumn => ({ name, type, cell, ...extra });
const AGE = column('Age', 'date', path('.metadata.creationTimestamp'));
const count = (...fields: string[]) => (object: KubeObject) => fields.reduce((total, field) => total + (isPlainObject(object[field]) ? Object.keys(object[field] as object).length : 0), 0);

function builtIn(group: string, kind: string, plural: string, namespaced: boolean, topLevelFields: string[], extra: Partial<ResourceType> = {}): ResourceType {
  return {
    group,
    version: 'v1',
    kind,
    listKind: `${kind}List`,
    plural,
    singular: kind.toLowerCase(),
    namespaced,
    shortNames: [],
    categories: [],
    verbs: ALL_VERBS,
    statusSubresource: false,
    tracksGeneration: false,
    unconditionalUpdate: true,
    storage: `${group}/${plural}`,
    columns: [AGE],
    selectableFields: [],
    topLevelFields,
    ...extra,
  };
}

/** core/v1 Event ↔ events.k8s.io/v1 Event field names (the API server's conversion, one storage). */
const EVENT_FIELDS: Array<[core: string, events: string]> = [
  ['involvedObject', 'regarding'],
  ['message', 'note'],
  ['reportingComponent', 'reportingController'],
  ['source', 'deprecatedSource'],
  ['firstTimestamp', 'deprecatedFirstTimestamp'],
  ['lastTimestamp', 'deprecatedLastTimestamp'],
  ['count', 'deprecatedCount'],
];

const renamed = (object: KubeObject, pairs: Array<[string, string]>): KubeObject => {
  const copy: KubeObject = { ...object };
  for (const [from, to] of pairs) {
    if (from in copy) {
      copy[to] = copy[from];
      delete copy[from];
    }
  }
  return copy;
};

const eventsConversion: StorageConversion = {
  toStorage: (object) => renamed(object, EVENT_FIELDS.map(([core, events]) => [events, core])),
  fromStorage: (object) => renamed(object, EVENT_FIELDS),
};

const EVENT_COLUMNS = (involved: string, message: string) => [
  column('Last Seen', 'date', (object) => object.lastTimestamp ?? object.eventTime ?? object.deprecatedLastTimestamp ?? object.metadata.creationTimestamp),
  column('Type', 'string', path('.type')),
  column('Reason', 'string', path('.reason')),
  column('Object', 'string', (object) => {
    const target = (object[involved] ?? {}) as { kind?: string; name?: string };
    return `${String(target.kind ?? '').toLowerCase()}/${target.name ?? ''}`;
  }),
  column('Message', 'string', path(`.${message}`)),
];

/** The built-in kinds the operator and kubectl touch. */
export const BUILT_IN_TYPES: ResourceType[] = [
  builtIn('', 'Namespace', 'namespaces', false, ['spec', 'status'], { shortNames: ['ns'], columns: [column('Status', 'string', path('.status.phase')), AGE], selectableFields: ['status.phase'] }),
  builtIn('', 'ConfigMap', 'configmaps', true, ['data', 'binaryData', 'immutable'], { shortNames: ['cm'], columns: [column('Data', 'integer', count('data', 'binaryData')), AGE] }),
  builtIn('', 'Secret', 'secrets', true, ['data', 'stringData', 'type', 'immutable'], { columns: [column('Type', 'string', path('.type')), column('Data', 'integer', count('data')), AGE], selectableFields: ['type'] }),
  builtIn('', 'Event', 'events', true, ['involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'type', 'eventTime', 'series', 'action', 'related', 'reportingComponent', 'reportingInstance'], {
    shortNames: ['ev'],
    storage: 'events',
    columns: EVENT_COLUMNS('involvedObject', 'message'),
    selectableFields: ['involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid', 'involvedObject.apiVersion', 'involvedObject.resourceVersion', 'involvedObject.fieldPath', 'reason', 'reportingComponent', 'source', 'type'],
  }),
  builtIn('events.k8s.io', 'Event', 'events', true, ['eventTime', 'series', 'reportingController', 'reportingInstance', 'action', 'reason', 'regarding', 'related', 'note', 'type', 'deprecatedSource', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp', 'deprecatedCount'], {
    storage: 'events',
    conversion: eventsConversion,
    columns: EVENT_COLUMNS('regarding', 'note'),
    selectableFields: ['regarding.kind', 'regarding.namespace', 'regarding.name', 'regarding.uid', 'reason', 'reportingController', 'type'],
  }),
  builtIn('apps', 'Deployment', 'deployments', true, ['spec', 'status'], {
    shortNames: ['deploy'],
    categories: ['all'],
    statusSubresource: true,
    scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.spec.selector' },
    tracksGeneration: true,
    columns: [
      column('Ready', 'string', (object) => `${Number(path('.status.readyReplicas')(object) ?? 0)}/${Number(path('.spec.replicas')(object) ?? 1)}`),
      column('Up-to-date', 'integer', (object) => path('.status.updatedReplicas')(object) ?? 0),
      column('Available', 'integer', (object) => path('.status.availableReplicas')(object) ?? 0),
      AGE,
    ],
  }),
  builtIn('', 'Service', 'services', true, ['spec', 'status'], {
    shortNames: ['svc'],
    categories: ['all'],
    statusSubresource: true,
    columns: [column('Type', 'string', path('.spec.type')), column('External-IP', 'string', (object) => path('.status.loadBalancer.ingress[0].ip')(object) ?? path('.status.loadBalancer.ingress[0].hostname')(object) ?? '<none>'), AGE],
  }),
  builtIn('networking.k8s.io', 'Ingress', 'ingresses', true, ['spec', 'status'], {
    shortNames: ['ing'],
    statusSubresource: true,
    tracksGeneration: true,
    columns: [column('Class', 'string', (object) => path('.spec.ingressClassName')(object) ?? '<none>'), column('Hosts', 'string', (object) => jsonPathValues(object, '.spec.rules[*].host').join(',') || '*'), AGE],
  }),
  builtIn('coordination.k8s.io', 'Lease', 'leases', true, ['spec'], { columns: [column('Holder', 'string', path('.spec.holderIdentity')), AGE] }),
  builtIn('apiextensions.k8s.io', 'CustomResourceDefinition', 'customresourcedefinitions', false, ['spec', 'status'], {
    shortNames: ['crd', 'crds'],
    columns: [column('Created At', 'date', path('.metadata.creationTimestamp'), { format: 'date-time-absolute' })],
  }),
];

/** The resource of each served version of a CRD. */
export function typesOfCrd(crd: CustomResourceDefinitionObject): ResourceType[] {
  const { group, scope, names } = crd.spec;
  return crd.spec.versions
    .filter((version) => version.served)
    .map((version) => ({
      group,
      version: version.name,
      kind: names.kind,
      listKind: names.listKind ?? `${names.kind}List`,
      plural: names.plural,
      singular: names.singular ?? names.kind.toLowerCase(),
      namespaced: scope === 'Namespaced',
      shortNames: names.shortNames ?? [],
      categories: names.categories ?? [],
      verbs: ALL_VERBS,
      statusSubresource: version.subresources?.status !== undefined,
      ...(version.subresources?.scale ? { scale: version.subresources.scale as unknown as ScalePaths } : {}),
      tracksGeneration: true,
      unconditionalUpdate: false,
      storage: `${group}/${names.plural}`,
      columns: crdColumns(version),
      selectableFields: [],
      crd,
    }));
}

/** The printer columns of a CRD version; without any, Kubernetes shows Age. */
function crdColumns(version: CustomResourceVersion): TableColumn[] {
  const declared = version.additionalPrinterColumns ?? [];
  if (declared.length === 0) return [AGE];
  return declared.map((printer) => {
    const cell = (object: KubeObject) => {
      const values = jsonPathValues(object, printer.jsonPath);
      return values.length > 1 ? values.map((value) => (typeof value === 'object' ? JSON.stringify(value) : String(value))).join(',') : values[0];
    };
    return column(printer.name, printer.type, cell, { format: printer.format, description: printer.description, priority: printer.priority });
  });
}
