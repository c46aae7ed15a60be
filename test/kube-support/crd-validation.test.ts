import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { dumpYaml } from '@kubernetes/client-node';
import { admitCustomResource, loadCrds, type AdmissionVerdict, type CustomResourceDefinitionObject, type JsonSchemaProps } from '../../src/manifests/admission/index.js';

const crds = loadCrds();
const crdNamed = (plural: string) => crds.find((crd) => crd.spec.names.plural === plural)!;

const uptimeCheck = (spec: Record<string, unknown>, status?: Record<string, unknown>) => ({
  apiVersion: 'monitoring.vantage.dev/v1',
  kind: 'UptimeCheck',
  metadata: { name: 'shop', namespace: 'team-a' },
  spec: { checkType: 'http', hostname: 'shop.example.com', protocol: 'https', checkFrequency: 1, triggerLocations: ['eu-west'], minFailingLocations: 1, ...spec },
  ...(status ? { status } : {}),
});

const causesOf = (verdict: AdmissionVerdict) => (verdict.allowed ? [] : verdict.causes);
const fieldsOf = (verdict: AdmissionVerdict) => causesOf(verdict).map((cause) => cause.field);

test('loadCrds reads the repository crds/ by default', (t) => {
  t.deepEqual(crds.map((crd) => crd.metadata.name).sort(), ['domains.monitoring.vantage.dev', 'maintenancewindows.monitoring.vantage.dev', 'statuspages.monitoring.vantage.dev', 'uptimechecks.monitoring.vantage.dev']);
});

test('a valid UptimeCheck with every defaulted field set is admitted unchanged, nullable null included', (t) => {
  const defaulted = { path: '/health', requestMethod: 'get', responseTimeout: 10_000, responseClasses: ['2XX'], flagFollowRedirect: false, bannerMatchOperator: 'none', paused: false };
  const object = uptimeCheck(defaulted, { openIncidentId: null, lastRunAt: '2025-01-02T03:04:05Z' });
  const verdict = admitCustomResource(crdNamed('uptimechecks'), object);
  t.deepEqual(verdict, { allowed: true, object });
});

const refusals: Array<[string, Record<string, unknown>, Record<string, unknown> | undefined, string, RegExp]> = [
  ['a missing required field', { hostname: undefined }, undefined, 'spec.hostname', /^Required value$/],
  ['a value outside the enum', { checkType: 'smtp' }, undefined, 'spec.checkType', /^Unsupported value: "smtp": supported values: "http", "ping", "dns", "tcp"$/],
  ['a wrong type', { checkFrequency: 'often' }, undefined, 'spec.checkFrequency', /must be of type integer/],
  ['a non-integer integer', { minFailingLocations: 1.5 }, undefined, 'spec.minFailingLocations', /must be of type integer/],
  ['a number below minimum', { minFailingLocations: 0 }, undefined, 'spec.minFailingLocations', /should be greater than or equal to 1/],
  ['a number above maximum', { port: 70000 }, undefined, 'spec.port', /should be less than or equal to 65535/],
  ['a value a CEL rule on the field forbids', { checkType: 'tcp', port: 25 }, undefined, 'spec.port', /^Invalid value: "integer": port 25 \(SMTP\) cannot be monitored$/],
  ['a pattern mismatch', { path: 'health' }, undefined, 'spec.path', /should match '\^\/'/],
  ['too few items', { triggerLocations: [] }, undefined, 'spec.triggerLocations', /should have at least 1 items/],
  ['a pattern mismatch in a list item', { triggerLocations: ['EU'] }, undefined, 'spec.triggerLocations[0]', /should match/],
  ['an empty string under minLength', { hostname: '' }, undefined, 'spec.hostname', /at least 1 chars long/],
  ['a string over maxLength in characters', { name: 'é'.repeat(201) }, undefined, 'spec.name', /^Too long: may not be more than 200/],
  ['too many items', { notificationGroups: Array.from({ length: 51 }, (_, index) => `g${index}`) }, undefined, 'spec.notificationGroups', /^Too many: 51: must have at most 50 items$/],
  ['an unknown spec field', { colour: 'blue' }, undefined, 'spec.colour', /field not declared in schema/],
  ['a bad date-time in status', {}, { lastRunAt: 'yesterday' }, 'status.lastRunAt', /must be of type date-time/],
  ['a null in a non-nullable required field', { hostname: null }, undefined, 'spec.hostname', /^Required value$/],
];

for (const [what, spec, status, field, message] of refusals) {
  test(`an UptimeCheck with ${what} is refused at ${field}`, (t) => {
    const verdict = admitCustomResource(crdNamed('uptimechecks'), uptimeCheck(spec, status));
    t.false(verdict.allowed);
    const cause = causesOf(verdict).find((candidate) => candidate.field === field);
    t.truthy(cause, `causes: ${JSON.stringify(causesOf(verdict))}`);
    t.regex(cause!.message, message);
  });
}

test('a 250-character name of multi-byte characters is measured in characters, not bytes', (t) => {
  t.true(admitCustomResource(crdNamed('uptimechecks'), uptimeCheck({ name: 'é'.repeat(200) })).allowed);
});

test('an apiVersion or kind the CRD does not serve is refused', (t) => {
  t.deepEqual(fieldsOf(admitCustomResource(crdNamed('uptimechecks'), { ...uptimeCheck({}), apiVersion: 'monitoring.vantage.dev/v2' })), ['apiVersion']);
  t.deepEqual(fieldsOf(admitCustomResource(crdNamed('uptimechecks'), { ...uptimeCheck({}), kind: 'Domain' })), ['kind']);
  t.false(admitCustomResource(crdNamed('uptimechecks'), 'not an object').allowed);
});

/** A small CRD whose schema carries the CEL rules under test. */
function inlineCrd(spec: JsonSchemaProps): CustomResourceDefinitionObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.dev' },
    spec: {
      group: 'example.dev',
      scope: 'Namespaced',
      names: { kind: 'Widget', plural: 'widgets' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
}
const widget = (spec: Record<string, unknown>) => ({ apiVersion: 'example.dev/v1', kind: 'Widget', metadata: { name: 'w' }, spec });

const ruleSchema: JsonSchemaProps = {
  type: 'object',
  'x-kubernetes-validations': [
    { rule: 'self.minReplicas <= self.maxReplicas', messageExpression: "'minReplicas (' + string(self.minReplicas) + ') exceeds maxReplicas (' + string(self.maxReplicas) + ')'" },
    { rule: "self.type != 'tcp' || has(self.port)", message: 'port is required for tcp', fieldPath: '.port', reason: 'FieldValueRequired' },
    { rule: '!has(self.endsAt) || self.endsAt > self.startsAt', message: 'endsAt must be after startsAt' },
  ],
  properties: {
    minReplicas: { type: 'integer', default: 2 },
    maxReplicas: { type: 'integer', default: 10 },
    type: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'type is immutable' }] },
    port: { type: 'integer' },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
    label: { type: 'string', 'x-kubernetes-validations': [{ rule: 'size(bytes(self)) <= 6', message: 'at most 6 bytes' }, { rule: "self.startsWith('l-') && !self.endsWith('-') && !self.contains('--')", message: 'l- prefix' }] },
    tags: {
      type: 'array',
      items: { type: 'string' },
      'x-kubernetes-validations': [
        { rule: "self.all(tag, tag.matches('^[a-z]+$'))", message: 'tags are lowercase words' },
        { rule: "self.exists(tag, tag == 'core')", message: 'the core tag is required' },
        { rule: 'size(self) <= 3', message: 'at most three tags' },
        { rule: 'self.isSorted()', message: 'tags are sorted' },
        { rule: "sets.contains(['core', 'edge', 'lab'], self)", message: 'known tags only' },
      ],
    },
    ports: {
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, number: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self >= oldSelf', message: 'a port number only grows' }] } },
      },
    },
    zones: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
    settings: { type: 'object', additionalProperties: { type: 'string', maxLength: 3 } },
  },
};

const crd = inlineCrd(ruleSchema);

test('defaults are applied to absent fields and returned in the admitted object', (t) => {
  const verdict = admitCustomResource(crd, widget({ type: 'http' }));
  t.true(verdict.allowed);
  t.like(verdict.allowed ? verdict.object : {}, { spec: { type: 'http', minReplicas: 2, maxReplicas: 10 } });
});

const ruleCases: Array<[string, Record<string, unknown>, string, string]> = [
  ['messageExpression text', { minReplicas: 5, maxReplicas: 3 }, 'spec', 'Invalid value: "object": minReplicas (5) exceeds maxReplicas (3)'],
  ['fieldPath and reason', { type: 'tcp' }, 'spec.port', 'Required value: port is required for tcp'],
  ['timestamps compared as time', { startsAt: '2025-01-02T00:00:00Z', endsAt: '2025-01-01T23:00:00+02:00' }, 'spec', 'Invalid value: "object": endsAt must be after startsAt'],
  ['size of bytes', { label: 'l-éééé' }, 'spec.label', 'Invalid value: "string": at most 6 bytes'],
  ['startsWith / endsWith / contains', { label: 'l--a' }, 'spec.label', 'Invalid value: "string": l- prefix'],
  ['all with matches', { tags: ['core', 'Edge'] }, 'spec.tags', 'Invalid value: "array": tags are lowercase words'],
  ['exists', { tags: ['edge'] }, 'spec.tags', 'Invalid value: "array": the core tag is required'],
  ['size of a list', { tags: ['core', 'edge', 'lab', 'lab'] }, 'spec.tags', 'Invalid value: "array": at most three tags'],
  ['isSorted from the lists library', { tags: ['edge', 'core'] }, 'spec.tags', 'Invalid value: "array": tags are sorted'],
  ['sets.contains from the sets library', { tags: ['core', 'mars'] }, 'spec.tags', 'Invalid value: "array": known tags only'],
];

for (const [what, spec, field, message] of ruleCases) {
  test(`a CEL rule refuses: ${what}`, (t) => {
    const verdict = admitCustomResource(crd, widget(spec));
    t.false(verdict.allowed);
    t.true(causesOf(verdict).some((cause) => cause.field === field && cause.message === message), JSON.stringify(causesOf(verdict)));
  });
}

test('CEL rules that hold let the object through', (t) => {
  const spec = { type: 'tcp', port: 80, startsAt: '2025-01-01T00:00:00Z', endsAt: '2025-01-02T00:00:00Z', label: 'l-ab', tags: ['core', 'edge'], minReplicas: 3, maxReplicas: 3 };
  t.true(admitCustomResource(crd, widget(spec)).allowed);
});

test('transition rules run only on update, with oldSelf correlated by field and by map-list key', (t) => {
  const old = widget({ type: 'http', ports: [{ name: 'a', number: 80 }, { name: 'b', number: 90 }] });
  t.true(admitCustomResource(crd, widget({ type: 'tcp', port: 1, ports: [{ name: 'a', number: 1 }] })).allowed, 'no oldSelf on create');
  t.true(admitCustomResource(crd, widget({ type: 'http', ports: [{ name: 'b', number: 90 }, { name: 'a', number: 81 }, { name: 'c', number: 1 }] }), old).allowed);
  const changed = admitCustomResource(crd, widget({ type: 'dns', ports: [{ name: 'b', number: 89 }] }), old);
  t.deepEqual(causesOf(changed), [
    { field: 'spec.type', reason: 'FieldValueInvalid', message: 'Invalid value: "string": type is immutable' },
    { field: 'spec.ports[0].number', reason: 'FieldValueInvalid', message: 'Invalid value: "integer": a port number only grows' },
  ]);
});

test('list-type map and set items must be unique; map values follow additionalProperties', (t) => {
  const verdict = admitCustomResource(crd, widget({ ports: [{ name: 'a' }, { name: 'a' }], zones: ['x', 'x'], settings: { ok: 'abc', bad: 'abcd' } }));
  t.deepEqual(fieldsOf(verdict).sort(), ['spec.ports[1]', 'spec.settings[bad]', 'spec.zones[1]']);
});

test('a CEL function the validator does not implement is a clear error, never a pass', (t) => {
  const withUrl = inlineCrd({ type: 'object', properties: { url: { type: 'string', 'x-kubernetes-validations': [{ rule: "self == '' || isURL(self)" }] } } });
  t.throws(() => admitCustomResource(withUrl, widget({ url: '' })), { message: /calls isURL, which this test validator does not implement/ });
  const directory = mkdtempSync(join(tmpdir(), 'crds-'));
  try {
    writeFileSync(join(directory, 'widgets.yaml'), dumpYaml(withUrl));
    t.throws(() => loadCrds(directory), { message: /widgets\.example\.dev v1: x-kubernetes-validations at spec\.url: CEL expression .* calls isURL/ });
    writeFileSync(join(directory, 'widgets.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n');
    t.throws(() => loadCrds(directory), { message: /widgets\.yaml: not a usable apiextensions.k8s.io\/v1 CustomResourceDefinition/ });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('a rule that does not parse, or reads optional types, is refused with the rule named', (t) => {
  t.throws(() => admitCustomResource(inlineCrd({ type: 'object', 'x-kubernetes-validations': [{ rule: 'self.a ==' }] }), widget({})), { message: /does not parse/ });
  t.throws(() => admitCustomResource(inlineCrd({ type: 'object', 'x-kubernetes-validations': [{ rule: 'true', optionalOldSelf: true }] }), widget({})), { message: /optionalOldSelf/ });
});

test('a rule that fails at run time refuses the object with the CEL error', (t) => {
  const verdict = admitCustomResource(inlineCrd({ type: 'object', properties: { a: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.a > 0' }] }), widget({}));
  t.false(verdict.allowed);
  t.regex(causesOf(verdict)[0]!.message, /evaluating rule: self\.a > 0/);
});
