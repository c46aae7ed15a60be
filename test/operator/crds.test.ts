import { readFileSync, readdirSync } from 'node:fs';
import test from 'ava';
import { Type } from '@sinclair/typebox';
import { loadYaml } from '@kubernetes/client-node';
import { crdFiles } from '../../operator/crd-files.js';
import { toStructuralSchema } from '../../operator/crd-schema.js';

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
