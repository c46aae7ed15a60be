import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { loadAllYaml } from '@kubernetes/client-node';
import { admitCustomResource, loadCrds, type AdmissionVerdict } from '../../src/manifests/admission/index.js';
import { CRD_NARROWER_CASES, OPERATOR_ONLY_CASES, RULE_CASES, type Kind } from './rule-cases.js';
import { apiVerdict, crdVerdict, KINDS, mirrorContext, type ApiVerdict } from './verdicts.js';

const said = (api: ApiVerdict, crd: AdmissionVerdict) =>
  `API: ${api.ok ? 'accepted' : JSON.stringify(api.problems)}; CRD: ${crd.allowed ? 'admitted' : JSON.stringify(crd.causes.map((cause) => `${cause.field}: ${cause.message}`))}`;

for (const ruleCase of RULE_CASES) {
  test(`${ruleCase.kind}: ${ruleCase.rule} — ${ruleCase.accepted ? 'accepted' : 'refused'} by the API and by the CRD`, (t) => {
    const api = apiVerdict(ruleCase);
    const crd = crdVerdict(ruleCase);
    t.is(api.ok, ruleCase.accepted, said(api, crd));
    t.is(crd.allowed, ruleCase.accepted, said(api, crd));
  });
}

for (const ruleCase of OPERATOR_ONLY_CASES) {
  test(`${ruleCase.kind}: ${ruleCase.rule} — admitted by the CRD, refused by the operator with the API's rules (${ruleCase.why})`, (t) => {
    const api = apiVerdict(ruleCase);
    const crd = crdVerdict(ruleCase);
    t.false(api.ok, said(api, crd));
    t.true(crd.allowed, said(api, crd));
  });
}

for (const ruleCase of CRD_NARROWER_CASES) {
  test(`${ruleCase.kind}: ${ruleCase.rule} — refused by the CRD, accepted by the API (${ruleCase.why})`, (t) => {
    const api = apiVerdict(ruleCase);
    const crd = crdVerdict(ruleCase);
    t.true(api.ok, said(api, crd));
    t.false(crd.allowed, said(api, crd));
  });
}

/** The row a spec makes, spelled out as the spec the operator would write for it. */
function meaning(kind: Kind, spec: Record<string, unknown>): Record<string, unknown> | null {
  const mirrored = KINDS[kind];
  const verdict = mirrored.read(spec, 'case', mirrorContext(), null);
  if (!verdict.ok) throw new Error(JSON.stringify(verdict.problems));
  return mirrored.specOfInput(verdict.input, mirrorContext());
}

test('a resource that leaves a defaulted field out means what an API call that leaves it out means', (t) => {
  let compared = 0;
  for (const ruleCase of RULE_CASES.filter((candidate) => candidate.accepted && !candidate.old && candidate.spec.notificationGroups === undefined)) {
    const crd = crdVerdict(ruleCase);
    if (!crd.allowed) continue;
    const stored = crd.object.spec as Record<string, unknown>;
    t.deepEqual(meaning(ruleCase.kind, stored), meaning(ruleCase.kind, Object.fromEntries(Object.entries(ruleCase.spec).filter(([, value]) => value !== undefined))), ruleCase.rule);
    compared += 1;
  }
  t.true(compared > 30, `${compared} cases compared`);
});

function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? yamlFiles(path) : /\.ya?ml$/.test(name) ? [path] : [];
  });
}

test('every manifest in examples/ is admitted by the CRDs and accepted by the API', (t) => {
  const crds = loadCrds();
  let admitted = 0;
  for (const file of yamlFiles('examples')) {
    for (const document of loadAllYaml(readFileSync(file, 'utf8')) as Array<Record<string, any>>) {
      if (!document || !String(document.apiVersion).startsWith('monitoring.vantage.dev/')) continue;
      const crd = crds.find((candidate) => candidate.spec.names.kind === document.kind);
      if (!crd) return t.fail(`${file}: no CRD for ${document.kind}`);
      const verdict = admitCustomResource(crd, { ...document, metadata: { namespace: 'shop', ...document.metadata } });
      t.true(verdict.allowed, `${file} ${document.metadata?.name}: ${JSON.stringify(verdict.allowed ? [] : verdict.causes)}`);
      const api = apiVerdict({ rule: file, kind: document.kind as Kind, spec: document.spec });
      t.true(api.ok, `${file} ${document.metadata?.name}: ${JSON.stringify(api)}`);
      admitted += 1;
    }
  }
  t.true(admitted >= 7, `${admitted} example resources`);
});

/** A small seeded generator, so a failure names a value that comes back on the next run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PIECES = ['a', 'b1', 'x-y', '-', '.', ':', '::', '1', '255', '256', '0', '8080', '65536', '[', ']', '_', 'ff', 'db8', '%eth0', ' ', 'é', '2001', '1.2.3.4', 'example', 'com'];

function randomValues(seed: number, count: number): string[] {
  const next = seeded(seed);
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 7) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(''));
}

test('random host names get the same verdict from the API and the CRD, for every check type', (t) => {
  const disagreements: string[] = [];
  let refused = 0;
  for (const hostname of randomValues(11, 400)) {
    for (const spec of [
      { checkType: 'http', protocol: 'https', hostname, triggerLocations: ['eu-west'] },
      { checkType: 'ping', hostname, triggerLocations: ['eu-west'] },
      { checkType: 'tcp', port: 22, hostname, triggerLocations: ['eu-west'] },
      { checkType: 'dns', dnsRecordType: 'TXT', dnsExpectedValues: ['x'], hostname, triggerLocations: ['eu-west'] },
    ]) {
      const ruleCase = { rule: hostname, kind: 'UptimeCheck' as const, spec };
      const api = apiVerdict(ruleCase).ok;
      if (api !== crdVerdict(ruleCase).allowed) disagreements.push(`${spec.checkType} ${JSON.stringify(hostname)}: API ${api ? 'accepts' : 'refuses'}`);
      if (!api) refused += 1;
    }
  }
  t.deepEqual(disagreements, []);
  t.true(refused > 400 && refused < 1500, `${refused} of 1600 refused: the sample holds both verdicts`);
});

test('random DNS answers get the same verdict from the API and the CRD, for every record type', (t) => {
  const disagreements: string[] = [];
  for (const value of [...randomValues(12, 400), ...randomValues(13, 200).map((host) => `10 ${host}`)]) {
    for (const recordType of ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT']) {
      const ruleCase = { rule: value, kind: 'UptimeCheck' as const, spec: { checkType: 'dns', hostname: 'shop.example.com', dnsRecordType: recordType, dnsExpectedValues: [value], triggerLocations: ['eu-west'] } };
      const api = apiVerdict(ruleCase).ok;
      if (api !== crdVerdict(ruleCase).allowed) disagreements.push(`${recordType} ${JSON.stringify(value)}: API ${api ? 'accepts' : 'refuses'}`);
    }
  }
  t.deepEqual(disagreements, []);
});
