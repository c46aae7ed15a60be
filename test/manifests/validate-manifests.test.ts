import test from 'ava';
import { loadCrds, type JsonSchemaProps } from '../../src/manifests/admission/index.js';
import { validateManifests, type ManifestFile } from '../../src/manifests/validate-manifests.js';
import { RULE_CASES, type RuleCase } from '../crd-rules/rule-cases.js';

/** `vantage validate`'s core against the rule table the CRDs and the API are held to (test/crd-rules/). */

const crds = loadCrds();
const options = { locations: null, now: new Date('2026-01-01T00:00:00Z') };

const manifest = (ruleCase: RuleCase): string =>
  JSON.stringify({
    apiVersion: 'monitoring.vantage.dev/v1',
    kind: ruleCase.kind,
    metadata: { name: ruleCase.name ?? 'case', namespace: 'shop' },
    spec: Object.fromEntries(Object.entries(ruleCase.spec).filter(([, value]) => value !== undefined)),
  });

// Offline there is no previous object (transition rules) and private targets count as allowed.
const offlineCases = RULE_CASES.filter((ruleCase) => !ruleCase.old && ruleCase.allowPrivateTargets !== false);

test('the rule table has cases of every kind, accepted and refused, for validate to run', (t) => {
  for (const kind of ['UptimeCheck', 'Domain', 'MaintenanceWindow'] as const) {
    t.true(offlineCases.some((c) => c.kind === kind && c.accepted), kind);
    t.true(offlineCases.some((c) => c.kind === kind && !c.accepted), kind);
  }
});

for (const ruleCase of offlineCases) {
  test(`${ruleCase.kind}: ${ruleCase.rule} — ${ruleCase.accepted ? 'valid' : 'a problem on a field'}`, (t) => {
    const report = validateManifests([{ path: 'case.yaml', text: manifest(ruleCase) }], crds, options);
    t.is(report.checked, 1);
    if (ruleCase.accepted) return t.deepEqual(report.problems, []);
    t.true(report.problems.length > 0, 'refused');
    for (const problem of report.problems) {
      t.like(problem, { file: 'case.yaml', document: 1, resource: `${ruleCase.kind} shop/${ruleCase.name ?? 'case'}` });
      t.regex(problem.field, /^(spec(\.|$)|metadata\.)/, JSON.stringify(problem));
      t.true(problem.message.length > 0);
    }
  });
}

/** Every CEL rule of a schema: its message and whether it is a transition rule (needs the previous object). */
function celRules(schema: JsonSchemaProps | undefined): Array<{ message: string; transition: boolean }> {
  if (!schema) return [];
  const own = (schema['x-kubernetes-validations'] ?? []).map((rule) => ({ message: rule.message ?? rule.rule, transition: rule.rule.includes('oldSelf') }));
  return [...own, ...Object.values(schema.properties ?? {}).flatMap(celRules), ...celRules(schema.items as JsonSchemaProps | undefined)];
}

test('every CEL rule of the CRDs (but the transition rule, which needs a cluster) refuses some case of the table, with its message', (t) => {
  const said = new Set(offlineCases.flatMap((ruleCase) => validateManifests([{ path: 'case.yaml', text: manifest(ruleCase) }], crds, options).problems.map((problem) => problem.message)));
  const rules = crds.flatMap((crd) => crd.spec.versions.flatMap((version) => celRules(version.schema?.openAPIV3Schema)));
  t.true(rules.length > 40);
  const unheard = rules.filter((rule) => !rule.transition && ![...said].some((message) => message.includes(rule.message)));
  t.deepEqual(unheard.map((rule) => rule.message), []);
});

const file = (path: string, text: string): ManifestFile => ({ path, text });

test('multi-document files: each problem names its file, its document and the field', (t) => {
  const text = `# checks of the shop
apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata: { name: shop }
spec: { checkType: http, protocol: https, hostname: shop.example.com, triggerLocations: [eu-west] }
---
apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata: { name: db }
spec: { checkType: tcp, hostname: db.example.com, triggerLocations: [eu-west] }
---
apiVersion: monitoring.vantage.dev/v1
kind: Domain
metadata: { name: shop-domain }
spec: { name: "shop..example" }
`;
  const report = validateManifests([file('shop/checks.yaml', text)], crds, options);
  t.is(report.checked, 3);
  const where = (document: number) => report.problems.filter((problem) => problem.document === document).map(({ file, resource, field }) => `${file} ${resource} ${field}`);
  t.deepEqual(where(1), []);
  t.deepEqual(where(2), ['shop/checks.yaml UptimeCheck db spec.port']);
  t.deepEqual(where(3), ['shop/checks.yaml Domain shop-domain spec.name']);
});

test('the API rules no schema states are applied: a window that has already ended', (t) => {
  const text = 'apiVersion: monitoring.vantage.dev/v1\nkind: MaintenanceWindow\nmetadata: { name: w }\nspec: { scope: workspace, startsAt: "2025-01-05T22:00:00Z", endsAt: "2025-01-06T02:00:00Z" }\n';
  const [problem] = validateManifests([file('w.yaml', text)], crds, options).problems;
  t.like(problem, { field: 'spec.endsAt', message: 'must be in the future' });
});

test('locations are checked when the offered ones are given, and taken as offered otherwise', (t) => {
  const text = 'apiVersion: monitoring.vantage.dev/v1\nkind: UptimeCheck\nmetadata: { name: c }\nspec: { checkType: ping, hostname: shop.example.com, triggerLocations: [mars] }\n';
  t.deepEqual(validateManifests([file('c.yaml', text)], crds, options).problems, []);
  const [problem] = validateManifests([file('c.yaml', text)], crds, { ...options, locations: ['eu-west'] }).problems;
  t.like(problem, { field: 'spec.triggerLocations' });
  t.regex(problem!.message, /mars/);
});

test('unknown kinds of the group are problems; other groups are skipped; a document without kind is a problem', (t) => {
  const text = `apiVersion: monitoring.vantage.dev/v1
kind: Probe
metadata: { name: p }
---
apiVersion: v1
kind: Namespace
metadata: { name: shop }
---
metadata: { name: nothing }
---
- just
- a list
`;
  const report = validateManifests([file('mixed.yaml', text)], crds, options);
  t.like(report.problems[0], { document: 1, field: 'kind' });
  t.regex(report.problems[0]!.message, /unknown kind "Probe".*UptimeCheck/);
  t.deepEqual(report.skipped, [{ file: 'mixed.yaml', document: 2, what: 'v1 Namespace' }]);
  t.like(report.problems[1], { document: 3, field: 'apiVersion' });
  t.like(report.problems[2], { document: 4, field: '<root>' });
  t.is(report.problems.length, 3);
});

test('malformed YAML names the file, the document and the line', (t) => {
  const text = 'apiVersion: v1\nkind: Namespace\nmetadata: { name: a }\n---\napiVersion: monitoring.vantage.dev/v1\nkind: UptimeCheck\nspec: { hostname: [a\nx: y\n';
  const [problem, ...rest] = validateManifests([file('broken.yaml', text)], crds, options).problems;
  t.is(rest.length, 0);
  t.like(problem, { file: 'broken.yaml', document: 2, field: '<yaml>' });
  t.regex(problem!.message, /^not valid YAML: .*\(8:\d+\)/);
});

test('a resource without a name is a problem on metadata.name', (t) => {
  const text = 'apiVersion: monitoring.vantage.dev/v1\nkind: Domain\nmetadata: {}\nspec: { name: shop.example.com }\n';
  t.like(validateManifests([file('d.yaml', text)], crds, options).problems[0], { field: 'metadata.name', message: 'required' });
});

test('the same resource twice (kind, namespace and name) is a problem on the second', (t) => {
  const check = (namespace: string) => `apiVersion: monitoring.vantage.dev/v1\nkind: UptimeCheck\nmetadata: { name: shop, namespace: ${namespace} }\nspec: { checkType: ping, hostname: shop.example.com, triggerLocations: [eu-west] }\n`;
  const report = validateManifests([file('a.yaml', check('shop')), file('b.yaml', `${check('other')}---\n${check('shop')}`)], crds, options);
  t.deepEqual(
    report.problems.map(({ file, document, field, message }) => `${file} ${document} ${field}: ${message}`),
    ['b.yaml 2 metadata.name: the same UptimeCheck as a.yaml document 1: applying both keeps only the last'],
  );
});
