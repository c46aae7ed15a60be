import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import test from 'ava';
import { render } from '../chart/helpers/chart.js';

/** One image name and tag scheme: what .ci/image/build.sh tags is what the chart, the examples and the README name. */

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const built = `${/^repository=(\S+)$/m.exec(readFileSync('.ci/image/build.sh', 'utf8'))![1]}:${version}`;

test('the build tags ghcr.io/vantage-monitoring/vantage with the package version, the chart appVersion', (t) => {
  t.is(built, `ghcr.io/vantage-monitoring/vantage:${version}`);
  t.regex(readFileSync('charts/vantage/Chart.yaml', 'utf8'), new RegExp(`^appVersion: "${version.replaceAll('.', '\\.')}"$`, 'm'));
});

/** Every `image` field anywhere in a value. */
const imagesIn = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(imagesIn)
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => (key === 'image' && typeof inner === 'string' ? [inner] : imagesIn(inner)))
      : [];

test("the chart's default image reference is the one the build tags, for every pod and the agents' template", async (t) => {
  const objects = await render();
  const workloads = imagesIn(objects.filter((object) => object.kind !== 'ConfigMap'));
  const template = objects.find((object) => object.kind === 'ConfigMap' && object.data?.['agent-template.json']);
  const agents = imagesIn(JSON.parse(template!.data['agent-template.json']));
  t.true(workloads.length >= 4, JSON.stringify(workloads));
  t.true(agents.length >= 1, 'the agent template names an image');
  t.deepEqual([...new Set([...workloads, ...agents])], [built]);
});

test('every image reference in the repository (examples, README, Dockerfile) is the one the build tags', (t) => {
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter((file) => file && !file.startsWith('test/'));
  const references = files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    return [...text.matchAll(/\b[a-z0-9.-]+\.io\/[a-z0-9-]+\/vantage(?::[\w.-]+)?/g)].map((match) => ({ file, reference: match[0] }));
  });
  t.true(references.some(({ file }) => file === 'examples/operator/agent-template.yaml'));
  t.true(references.some(({ file }) => file === 'README.md'));
  for (const { file, reference } of references) t.true(reference === built || reference === built.split(':')[0], `${file}: ${reference}`);
});
