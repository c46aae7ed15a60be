import test from 'ava';
import { agentDeployment } from '../../operator/agents/agent-deployment.js';
import { parseAgentTemplate } from '../../operator/agents/agent-template.js';
import { chartDir, ciValuesFiles, find, fullname, helm, namespace, render, type KubeObject } from './helpers/chart.js';
import { upstreamSchemaErrors } from './helpers/upstream-schemas.js';

test('there are several realistic values files', (t) => {
  t.true(ciValuesFiles.length >= 4, ciValuesFiles.join(', '));
});

for (const valuesFile of ciValuesFiles) {
  test(`helm lint --strict passes with ${valuesFile}`, async (t) => {
    const output = await helm(['lint', '--strict', chartDir, '-f', valuesFile]);
    t.regex(output, /1 chart\(s\) linted, 0 chart\(s\) failed/);
    t.notRegex(output, /\[(WARNING|ERROR)\]/);
  });

  test(`every object rendered with ${valuesFile} (CRDs and the agent Deployments the operator makes too) passes the upstream schemas`, async (t) => {
    const objects = await render({ valuesFiles: [valuesFile], extraArgs: ['--include-crds'] });
    const kinds = new Set(objects.map((o) => o.kind));
    for (const kind of ['CustomResourceDefinition', 'Deployment', 'Job', 'ConfigMap', 'ServiceAccount', 'ClusterRole', 'Role', 'Service']) {
      t.true(kinds.has(kind), `${kind} is rendered`);
    }
    const configMap = find(objects, 'ConfigMap', `${fullname}-agent-template`);
    const parsed = parseAgentTemplate(configMap.data);
    if (!parsed.ok) return t.fail(parsed.reason);
    const owner = { metadata: { name: configMap.metadata.name, namespace, uid: 'uid-1' } };
    const locations = Object.keys(parsed.template.placement?.locations ?? {});
    const agents = locations.map((location) => agentDeployment(location, 2, parsed.template, owner) as KubeObject);
    for (const object of [...objects, ...agents]) {
      t.deepEqual(await upstreamSchemaErrors(object), [], `${object.kind} ${object.metadata.name}`);
    }
  });
}

test('the upstream schema check refuses a wrong type, a missing required field and an unknown field', async (t) => {
  const [api] = (await render()).filter((o) => o.kind === 'Deployment');
  const broken = structuredClone(api!);
  broken.spec.replicas = '2';
  delete broken.spec.template.spec.containers[0].name;
  broken.spec.template.spec.containers[0].securityContex = {};
  const errors = await upstreamSchemaErrors(broken);
  t.true(errors.some((error) => /replicas must be integer/.test(error)), errors.join('\n'));
  t.true(errors.some((error) => /name/.test(error) && /required/.test(error)), errors.join('\n'));
  t.true(errors.includes('unknown field spec.template.spec.containers[0].securityContex'), errors.join('\n'));
});
