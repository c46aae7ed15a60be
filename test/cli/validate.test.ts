import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { runCli } from '../support/cli.js';

const folder = mkdtempSync(join(tmpdir(), 'vantage-validate-'));
test.after.always(() => rmSync(folder, { recursive: true, force: true }));

const write = (name: string, text: string): string => {
  const path = join(folder, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
};

const good = write(
  'good/checks.yaml',
  `apiVersion: v1
kind: Namespace
metadata: { name: shop }
---
apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata: { name: shop, namespace: shop }
spec: { checkType: http, protocol: https, hostname: shop.example.com, triggerLocations: [eu-west, us-east], minFailingLocations: 2 }
---
apiVersion: monitoring.vantage.dev/v1
kind: Domain
metadata: { name: shop-domain, namespace: shop }
spec: { name: shop.example.com }
---
apiVersion: monitoring.vantage.dev/v1
kind: MaintenanceWindow
metadata: { name: release, namespace: shop }
spec: { scope: uptime_check, uptimeCheck: shop, startsAt: "2099-01-05T22:00:00Z", endsAt: "2099-01-06T02:00:00Z" }
`,
);
write('good/window.json', JSON.stringify({ apiVersion: 'monitoring.vantage.dev/v1', kind: 'MaintenanceWindow', metadata: { name: 'all' }, spec: { scope: 'workspace', startsAt: '2099-02-01T00:00:00Z', endsAt: '2099-02-01T01:00:00Z' } }));
write('good/notes.txt', 'not a manifest, not read');
const bad = write(
  'bad/checks.yaml',
  `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata: { name: shop }
spec: { checkType: http, protocol: https, hostname: shop.example.com, triggerLocations: [eu-west], minFailingLocations: 2 }
---
apiVersion: monitoring.vantage.dev/v1
kind: MaintenanceWindow
metadata: { name: long }
spec: { scope: workspace, startsAt: "2099-01-01T00:00:00Z", endsAt: "2099-03-01T00:00:00Z" }
`,
);

test('valid manifests in a folder (YAML and JSON, other kinds skipped): exit 0', async (t) => {
  const result = await runCli(['validate', '-f', join(folder, 'good')], {});
  t.is(result.code, 0, result.stdout + result.stderr);
  t.is(result.stdout, '');
  t.regex(result.stderr, /v1 Namespace is not a Vantage kind, not checked/);
  t.regex(result.stderr, /2 files, 4 Vantage resources checked: all valid/);
});

test('problems: one line each with file, document, resource and field; exit 1', async (t) => {
  const result = await runCli(['validate', '-f', good, bad], {});
  t.is(result.code, 1, result.stderr);
  const lines = result.stdout.trim().split('\n');
  t.is(lines.length, 2, result.stdout);
  t.regex(lines[0]!, new RegExp(`^${bad}: document 1 \\(UptimeCheck shop\\): spec\\.minFailingLocations: .*at most the number of triggerLocations`));
  t.regex(lines[1]!, new RegExp(`^${bad}: document 2 \\(MaintenanceWindow long\\): spec(\\.endsAt)?: .*31 days`));
  t.regex(result.stderr, /2 files, 5 Vantage resources checked: 2 problems/);
});

test('-f may be repeated and --filename=… is understood', async (t) => {
  const result = await runCli(['validate', '-f', good, `--filename=${bad}`], {});
  t.is(result.code, 1);
  t.is(result.stdout.trim().split('\n').length, 2);
});

test('--locations refuses a location the installation does not offer', async (t) => {
  const result = await runCli(['validate', '-f', good, '--locations', 'eu-west'], {});
  t.is(result.code, 1);
  t.regex(result.stdout, /document 2 \(UptimeCheck shop\/shop\): spec\.triggerLocations: "us-east"/);
});

test('malformed YAML is a problem of its file', async (t) => {
  const broken = write('broken.yaml', 'apiVersion: monitoring.vantage.dev/v1\nkind: Domain\nspec: { domain: [\n');
  const result = await runCli(['validate', '-f', broken], {});
  t.is(result.code, 1);
  t.regex(result.stdout, new RegExp(`^${broken}: document 1: <yaml>: not valid YAML: `));
});

test('usage: --help answers 0; no file, a missing file or a stray argument answer 2', async (t) => {
  const help = await runCli(['validate', '--help'], {});
  t.is(help.code, 0);
  t.regex(help.stdout, /usage: vantage validate -f FILE_OR_FOLDER/);
  t.regex((await runCli(['--help'], {})).stdout, /validate -f PATH/);
  for (const args of [[], ['-f', join(folder, 'nothing-here.yaml')], [good]]) {
    const result = await runCli(['validate', ...args], {});
    t.is(result.code, 2, args.join(' '));
    t.regex(result.stderr, /^vantage validate: /);
  }
});

test('the examples shipped in the repository are valid', async (t) => {
  const result = await runCli(['validate', '-f', 'examples'], {});
  t.is(result.code, 0, result.stdout + result.stderr);
});
