import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
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

test('every alert rule has an expression, a severity and a summary', async (t) => {
  const alerts = await readFile(`${monitoring}vantage-alerts.yaml`, 'utf8');
  const rules = alerts.split(/\n\s+- alert: /).slice(1);
  t.true(rules.length >= 10);
  for (const rule of rules) {
    const name = rule.split('\n')[0]!;
    t.regex(rule, /\n\s+expr: \S/, name);
    t.regex(rule, /severity: (critical|warning)/, name);
    t.regex(rule, /\n\s+summary: \S/, name);
  }
  t.regex(alerts, /alert: VantageRoleDown/, 'a role that is down is noticed');
  t.regex(alerts, /alert: VantageNoProbes/, 'a monitor that silently stopped is noticed');
});
