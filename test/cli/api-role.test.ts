import { randomBytes } from 'node:crypto';
import test from 'ava';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { agentCapabilitiesSubject } from '../../src/bus/subjects.js';
import { createLogger } from '../../src/log.js';
import { runCli } from '../support/cli.js';
import { freshDatabase } from '../support/database.js';
import { startHttpRole, stopServe } from '../support/serve-process.js';

/** The `api` role of the distributed shape: it learns what each location's agents can run from the bus. */

const natsUrl = process.env.NATS_URL;
const distributed = natsUrl && process.env.DATABASE_URL ? test : test.skip;

distributed('the api role offers ping only at locations whose live agents announced it', async (t) => {
  const database = await freshDatabase();
  const suffix = randomBytes(4).toString('hex');
  const [withPing, withoutPing, silent] = ['with-ping', 'no-ping', 'silent'].map((name) => `${name}-${suffix}`) as [string, string, string];
  const cluster = `a${suffix}`;
  const env = { DATABASE_URL: database.databaseUrl, NATS_URL: natsUrl, VANTAGE_CLUSTER_NAME: cluster };
  const created = await runCli(['admin', 'create-client', '--name', 'Api', '--email', `api-${suffix}@role.test`, '--password', 'role-password', '--plan', 'pro'], env);
  t.is(created.code, 0, created.stderr);
  const { workspace_id } = JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { workspace_id: number };
  const api = await startHttpRole('api', { ...env, VANTAGE_LOCATIONS: [withPing, withoutPing, silent].join(',') });
  const bus = await NatsBus.connect({ servers: natsUrl!.split(','), namespace: cluster }, createLogger('silent'));
  t.teardown(async () => {
    await bus.close();
    await stopServe(api);
    await database.drop();
  });

  const announce = (location: string, probeTypes: string[]) =>
    bus.publish(agentCapabilitiesSubject(location), { location, agentId: `agent-${location}`, probeTypes, at: new Date().toISOString() });
  const options = async () => {
    const response = await fetch(`${api.baseUrl}/app/api/v1/mobile/uptime-checks/options`, {
      headers: { authorization: `Basic ${Buffer.from(`api-${suffix}@role.test:role-password`).toString('base64')}`, 'x-workspace-id': String(workspace_id) },
    });
    return ((await response.json()) as { data: { check_types: Record<string, { locations: string[] }> } }).data.check_types;
  };

  const deadline = Date.now() + 10_000;
  let types = await options();
  while (types.ping!.locations.includes(withoutPing) && Date.now() < deadline) {
    await announce(withPing, ['http', 'ping', 'dns', 'tcp', 'tls']);
    await announce(withoutPing, ['http', 'dns', 'tcp', 'tls']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    types = await options();
  }
  t.deepEqual(types.ping!.locations, [withPing, silent], 'no ping where the live agent lacks it; a silent location is not refused');
  t.deepEqual(types.http!.locations, [withPing, withoutPing, silent]);
});
