import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadYaml } from '@kubernetes/client-node';
import test from 'ava';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const monitoring = `${root}charts/vantage/monitoring/`;

/** Every metric name the code registers: the string literals given to counter, gauge, histogram and sampledGauge. */
async function registeredMetrics(): Promise<Set<string>> {
  const names = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.ts')) for (const match of (await readFile(path, 'utf8')).matchAll(/'(vantage_[a-z_]+)'/g)) names.add(match[1]!);
    }
  };
  for (const dir of ['src', 'agents', 'operator']) await walk(`${root}${dir}`);
  return names;
}

const referenced = (text: string): string[] => [...new Set([...text.matchAll(/\b(vantage_[a-z_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, '')))];

test('the dashboard and the alert rules use only metrics the code exports', async (t) => {
  const exported = await registeredMetrics();
  const dashboard = await readFile(`${monitoring}vantage-dashboard.json`, 'utf8');
  const alerts = await readFile(`${monitoring}vantage-alerts.yaml`, 'utf8');
  for (const [file, text] of [['dashboard', dashboard], ['alerts', alerts]] as const) {
    const unknown = referenced(text).filter((name) => !exported.has(name));
    t.deepEqual(unknown, [], `${file} refers to metrics nobody exports`);
  }
  // The ones an operator most needs are on both.
  for (const name of ['vantage_probes_total', 'vantage_dependency_up', 'vantage_partitions_owned', 'vantage_outbox_depth']) {
    t.true(referenced(dashboard).includes(name) && referenced(alerts).includes(name), name);
  }
});

test('the dashboard is a Grafana dashboard whose panels all query Prometheus', async (t) => {
  const dashboard = JSON.parse(await readFile(`${monitoring}vantage-dashboard.json`, 'utf8')) as {
    uid: string;
    panels: Array<{ title: string; targets: Array<{ expr: string }>; datasource: { type: string } }>;
  };
  t.is(dashboard.uid, 'vantage-overview');
  t.true(dashboard.panels.length >= 10);
  for (const panel of dashboard.panels) {
    t.is(panel.datasource.type, 'prometheus', panel.title);
    t.true(panel.targets.length > 0 && panel.targets.every((target) => target.expr.length > 0), panel.title);
  }
});

/** promtool from Debian's prometheus package (.ci/run installs it); without it the checks below say they are skipped. */
const promtool = spawnSync('promtool', ['--version']).status === 0;
const withPromtool = promtool ? test : test.skip;

function runPromtool(args: string[], cwd = monitoring): { ok: boolean; output: string } {
  const result = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

interface AlertRule {
  alert: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const alertRules = async (): Promise<AlertRule[]> =>
  (loadYaml(await readFile(`${monitoring}vantage-alerts.yaml`, 'utf8')) as { groups: Array<{ rules: AlertRule[] }> }).groups.flatMap((group) => group.rules);

withPromtool('the alert rules load in Prometheus (promtool check rules)', (t) => {
  const result = runPromtool(['check', 'rules', 'vantage-alerts.yaml']);
  t.true(result.ok, result.output);
  t.regex(result.output, /SUCCESS: \d+ rules found/);
});

withPromtool('each alert fires on a synthetic failure and stays quiet on a healthy series (promtool test rules)', async (t) => {
  const result = runPromtool(['test', 'rules', 'vantage-alerts.test.yaml']);
  t.true(result.ok, result.output);
  const unitTests = loadYaml(await readFile(`${monitoring}vantage-alerts.test.yaml`, 'utf8')) as {
    tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
  };
  const cases = unitTests.tests.flatMap((group) => group.alert_rule_test);
  for (const rule of await alertRules()) {
    t.true(cases.some((c) => c.alertname === rule.alert && c.exp_alerts.length > 0), `${rule.alert} has a case where it fires`);
    t.true(cases.some((c) => c.alertname === rule.alert && c.exp_alerts.length === 0), `${rule.alert} has a case where it stays quiet`);
  }
});

test('every alert rule has a severity and a summary', async (t) => {
  const rules = await alertRules();
  t.true(rules.length >= 10);
  for (const rule of rules) {
    t.true(rule.expr.trim().length > 0, rule.alert);
    t.regex(rule.labels?.severity ?? '', /^(critical|warning)$/, rule.alert);
    t.true((rule.annotations?.summary ?? '').length > 0, rule.alert);
  }
  t.true(rules.some((rule) => rule.alert === 'VantageRoleDown'), 'a role that is down is noticed');
  t.true(rules.some((rule) => rule.alert === 'VantageNoProbes'), 'a monitor that silently stopped is noticed');
});

/** Grafana's interval variables, replaced by a duration so the expression is plain PromQL. */
const GRAFANA_INTERVALS: Record<string, string> = { $__rate_interval: '5m', $__interval: '1m', $__range: '1h' };

withPromtool("every PromQL expression of the dashboard parses in Prometheus (as recording rules, promtool check rules)", async (t) => {
  const dashboard = JSON.parse(await readFile(`${monitoring}vantage-dashboard.json`, 'utf8')) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
  const expressions = dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })));
  const lines = ['groups:', '  - name: vantage-dashboard', '    rules:'];
  expressions.forEach(({ expr }, index) => {
    const plain = Object.entries(GRAFANA_INTERVALS).reduce((text, [variable, duration]) => text.replaceAll(variable, duration), expr);
    t.notRegex(plain, /\$/, `${expr}: a dashboard variable promtool cannot resolve`);
    lines.push(`      - record: vantage_dashboard:expression_${index}`, `        expr: ${JSON.stringify(plain)}`);
  });
  const folder = mkdtempSync(join(tmpdir(), 'vantage-dashboard-rules-'));
  try {
    writeFileSync(join(folder, 'dashboard-rules.yaml'), `${lines.join('\n')}\n`);
    const result = runPromtool(['check', 'rules', 'dashboard-rules.yaml'], folder);
    t.true(result.ok, result.output);
    t.regex(result.output, new RegExp(`SUCCESS: ${expressions.length} rules found`));
    // The check can fail: an expression Prometheus cannot parse is refused.
    writeFileSync(join(folder, 'broken.yaml'), 'groups:\n  - name: broken\n    rules:\n      - record: broken\n        expr: "sum by (le (rate(x[5m]))"\n');
    t.false(runPromtool(['check', 'rules', 'broken.yaml'], folder).ok);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
