import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import test from 'ava';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { shutdownBoundMs } from '../../src/cli/shut-down.js';
import { spawnCli } from '../support/cli.js';
import { freshDatabase } from '../support/database.js';
import { freePort } from '../support/free-port.js';

const natsUrl = process.env.NATS_URL;
const distributed = natsUrl && process.env.DATABASE_URL ? test : test.skip;

/** Starts a role, waits for its log line saying it runs, sends SIGTERM and measures how it ends. */
async function runAndTerminate(args: string[], env: Record<string, string | undefined>, runningMessage: string, beforeStop: () => Promise<void> = async () => {}) {
  const child = spawnCli(args, { LOG_LEVEL: 'info', ...env });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const deadline = Date.now() + 60_000;
  while (!output.includes(`"msg":"${runningMessage}"`)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args[0]} did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await beforeStop();
  const stoppedAt = Date.now();
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), shutdownBoundMs + 10_000);
  const [code] = await exited;
  clearTimeout(killer);
  return { code, tookMs: Date.now() - stoppedAt, output, pid: child.pid! };
}

distributed('every role exits 0 on SIGTERM within the shutdown bound; an engine releases its partition leases', async (t) => {
  t.timeout(180_000);
  const database = await freshDatabase();
  const cluster = `s${randomBytes(4).toString('hex')}`;
  const env = { DATABASE_URL: database.databaseUrl, NATS_URL: natsUrl, VANTAGE_CLUSTER_NAME: cluster, VANTAGE_PARTITIONS: '4' };
  const nc = await connect({ servers: natsUrl!.split(',') });
  t.teardown(async () => {
    const jsm = await jetstreamManager(nc);
    for (const stream of ['RESULTS', 'CHANGES']) await jsm.streams.delete(`${cluster.toUpperCase()}_VANTAGE_${stream}`).catch(() => undefined);
    await (await new Kvm(nc).open(`${cluster}-engine-leases`)).destroy().catch(() => undefined);
    await nc.close();
    await database.drop();
  });
  const holders = async (): Promise<string[]> => {
    const kv = await new Kvm(nc).open(`${cluster}-engine-leases`);
    const found: string[] = [];
    for await (const key of await kv.keys()) {
      const entry = await kv.get(key);
      if (entry?.operation === 'PUT') found.push(`${key}=${entry.string()}`);
    }
    return found;
  };

  const engine = await runAndTerminate(['engine'], env, 'engine running', async () => {
    const deadline = Date.now() + 30_000;
    while ((await holders()).filter((held) => held.startsWith('p.')).length < 4) {
      if (Date.now() > deadline) throw new Error('the engine took no leases');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  t.is(engine.code, 0, engine.output);
  t.true(engine.tookMs < shutdownBoundMs, `engine stopped in ${engine.tookMs} ms`);
  t.deepEqual((await holders()).filter((held) => held.includes(`-${engine.pid}-`)), [], 'no lease and no member key of the stopped engine is left');

  const agent = await runAndTerminate(['agent', '--location', `${cluster}-a`], env, 'agent running');
  t.is(agent.code, 0, agent.output);
  t.true(agent.tookMs < shutdownBoundMs, `agent stopped in ${agent.tookMs} ms`);

  const api = await runAndTerminate(['api'], { ...env, PORT: String(await freePort()), HOST: '127.0.0.1' }, 'API listening');
  t.is(api.code, 0, api.output);
  t.true(api.tookMs < shutdownBoundMs, `api stopped in ${api.tookMs} ms`);
});
