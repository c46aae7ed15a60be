import { readFileSync, readdirSync } from 'node:fs';
import test from 'ava';
import { Type } from '@sinclair/typebox';
import { loadYaml } from '@kubernetes/client-node';
import { crdFiles } from '../../operator/crd-files.js';
import { toStructuralSchema } from '../../operator/crd-schema.js';
import { CHECK_DEFAULTS } from '../../src/domain/check-options.js';
import { loadCrds } from '../../src/manifests/admission/index.js';

test('crds/ and the chart crds/ hold exactly what the resource schemas generate', (t) => {
  const expected = crdFiles();
  for (const folder of ['crds', 'charts/vantage/crds']) {
    t.deepEqual(readdirSync(folder).sort(), [...expected.keys()].sort(), `${folder}: run npm run generate:crds`);
    for (const [name, text] of expected) t.is(readFileSync(`${folder}/${name}`, 'utf8'), text, `${folder}/${name} drifted: run npm run generate:crds`);
  }
});

type Node = Record<string, unknown>;

/** Kubernetes refuses a CRD whose schema is not structural: every node typed, no anyOf/oneOf/const. */
function structuralProblems(node: Node, path: string, insideNot = false): string[] {
  const problems: string[] = [];
  for (const banned of ['anyOf', 'oneOf', 'allOf', 'const', '$id', '$ref']) if (banned in node) problems.push(`${path}: has ${banned}`);
  if (!insideNot && typeof node.type !== 'string') problems.push(`${path}: has no type`);
  if (node.properties && node.type !== 'object') problems.push(`${path}: properties without type object`);
  for (const [name, child] of Object.entries((node.properties as Record<string, Node>) ?? {})) problems.push(...structuralProblems(child, `${path}.${name}`, insideNot));
  if (node.items) problems.push(...structuralProblems(node.items as Node, `${path}[]`, insideNot));
  if (node.not) problems.push(...structuralProblems(node.not as Node, `${path}!`, true));
  return problems;
}

for (const [name, text] of crdFiles()) {
  test(`${name} is a namespaced v1 CRD of monitoring.vantage.dev with a structural schema and a status subresource`, (t) => {
    const crd = loadYaml<{ kind: string; spec: { group: string; scope: string; versions: Array<Record<string, any>> } }>(text);
    t.is(crd.kind, 'CustomResourceDefinition');
    t.is(crd.spec.group, 'monitoring.vantage.dev');
    t.is(crd.spec.scope, 'Namespaced');
    const [version] = crd.spec.versions;
    t.is(version!.name, 'v1');
    t.deepEqual(version!.subresources, { status: {} });
    const schema = version!.schema.openAPIV3Schema as Node;
    t.deepEqual(structuralProblems(schema, 'root'), []);
    const status = (schema.properties as Record<string, Node>).status!;
    for (const field of ['id', 'observedGeneration', 'conditions']) t.truthy((status.properties as Node)[field], `status.${field}`);
  });
}

test('unions of literals become enums, a union with null becomes nullable, const becomes a one-value enum', (t) => {
  const schema = toStructuralSchema(
    Type.Object({
      kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
      count: Type.Union([Type.Integer(), Type.Null()]),
      exact: Type.Literal(3),
      port: Type.Integer({ not: Type.Literal(25) }),
    }),
  );
  const properties = schema.properties as Record<string, Node>;
  t.deepEqual(properties.kind, { type: 'string', enum: ['a', 'b'] });
  t.deepEqual(properties.count, { type: 'integer', nullable: true });
  t.deepEqual(properties.exact, { type: 'integer', enum: [3] });
  t.deepEqual(properties.port, { type: 'integer', not: { enum: [25] } });
});

test('a union the CRD schema language cannot express is refused, not silently widened', (t) => {
  t.throws(() => toStructuralSchema(Type.Union([Type.String(), Type.Integer()])), { message: /cannot express this union/ });
});

const crdOf = (plural: string) => loadYaml<Record<string, any>>(crdFiles().get(`${plural}.yaml`)!);
const versionOf = (plural: string) => crdOf(plural).spec.versions[0];
const PLURALS = ['uptimechecks', 'domains', 'maintenancewindows'];

/** What controller-gen emits for `[]metav1.Condition` with +listType=map, +listMapKeys=type (descriptions aside). */
const CONTROLLER_GEN_CONDITIONS = {
  type: 'array',
  'x-kubernetes-list-type': 'map',
  'x-kubernetes-list-map-keys': ['type'],
  items: {
    type: 'object',
    required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'],
    properties: {
      type: { type: 'string', maxLength: 316, pattern: '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$' },
      status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
      observedGeneration: { type: 'integer', format: 'int64', minimum: 0 },
      lastTransitionTime: { type: 'string', format: 'date-time' },
      reason: { type: 'string', minLength: 1, maxLength: 1024, pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$' },
      message: { type: 'string', maxLength: 32768 },
    },
  },
};

const withoutDescriptions = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(withoutDescriptions)
    : node && typeof node === 'object'
      ? Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'description').map(([key, value]) => [key, withoutDescriptions(value)]))
      : node;

for (const plural of PLURALS) {
  test(`${plural}: status.conditions is metav1.Condition as controller-gen emits it`, (t) => {
    const conditions = versionOf(plural).schema.openAPIV3Schema.properties.status.properties.conditions;
    t.deepEqual(withoutDescriptions(conditions), CONTROLLER_GEN_CONDITIONS);
  });
}

test('kubectl get prints Ready and Age for every kind and the frequency of checks; the kinds share the category vantage; short names are Vantage-specific', (t) => {
  for (const plural of PLURALS) {
    const columns = versionOf(plural).additionalPrinterColumns as Array<{ name: string; jsonPath: string }>;
    t.like(columns.find((column) => column.name === 'Ready'), { jsonPath: '.status.conditions[?(@.type=="Ready")].status' }, plural);
    t.like(columns.find((column) => column.name === 'Age'), { jsonPath: '.metadata.creationTimestamp' }, plural);
    t.deepEqual(crdOf(plural).spec.names.categories, ['vantage']);
  }
  t.like(versionOf('uptimechecks').additionalPrinterColumns.find((column: { name: string }) => column.name === 'Frequency'), { jsonPath: '.spec.checkFrequency' });
  t.deepEqual(PLURALS.map((plural) => crdOf(plural).spec.names.shortNames), [['uc'], ['vdom'], ['vmw']]);
});

test('the UptimeCheck defaults are the API defaults, taken from CHECK_DEFAULTS', (t) => {
  const spec = versionOf('uptimechecks').schema.openAPIV3Schema.properties.spec.properties;
  for (const [field, value] of Object.entries(CHECK_DEFAULTS)) t.deepEqual(spec[field].default, value, field);
});

/** Every string and list a CEL rule can reach is bounded, so the API server's cost estimate stays within its budget. */
function unbounded(node: Record<string, any>, path: string): string[] {
  const found: string[] = [];
  if (node.type === 'string' && node.maxLength === undefined && node.enum === undefined && node.format !== 'date-time') found.push(path);
  if (node.type === 'array' && node.maxItems === undefined) found.push(path);
  for (const [name, child] of Object.entries((node.properties as Record<string, any>) ?? {})) found.push(...unbounded(child, `${path}.${name}`));
  if (node.items) found.push(...unbounded(node.items, `${path}[]`));
  return found;
}

for (const plural of PLURALS) {
  test(`${plural}: every string and list in spec is bounded, and every CEL rule compiles`, (t) => {
    t.deepEqual(unbounded(versionOf(plural).schema.openAPIV3Schema.properties.spec, 'spec'), []);
    t.notThrows(() => loadCrds());
  });
}
