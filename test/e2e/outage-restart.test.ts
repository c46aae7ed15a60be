import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import test from 'ava';
import { closeStore, migrate, openStore } from '../../src/store/orm.js';
import { spawnCli } from '../support/cli.js';
import { freePort } from '../support/free-port.js';
import { PrivateNats } from '../support/private-nats.js';
import { PrivatePostgres } from '../support/private-postgres.js';

/**
 * One process of each role (api, engine with its notifier, agent) killed with SIGKILL while a
 * dependency is away and started again before it returns: it comes up, answers /healthz while it
 * waits (the api: 503 SERVICE_UNAVAILABLE with Retry-After on its routes), and joins (answers
 * ready) once the dependency is back.
 */

interface RoleProcess {
  name: string;
  args: string[];
  /** Where its /readyz answers. */
  port: number;
  portVariable: 'PORT' | 'VANTAGE_OPS_PORT';
  child: ChildProcess | null;
  output: string;
}

let postgres: PrivatePostgres;
let nats: PrivateNats;
const roles: RoleProcess[] = [];

test.before(async () => {
  postgres = await PrivatePostgres.start();
  nats = await PrivateNats.start();
  const store = await openStore({ databaseUrl: postgres.url });
  await migrate(store);
  await closeStore(store);
  for (const [name, args, portVariable] of [
    ['api', ['api'], 'PORT'],
    ['engine', ['engine'], 'VANTAGE_OPS_PORT'],
    ['agent', ['agent', '--location', 'eu-west'], 'VANTAGE_OPS_PORT'],
  ] as const) {
    roles.push({ name, args: [...args], port: await freePort(), portVariable, child: null, output: '' });
  }
});

test.after.always(async () => {
  for (const role of roles) await kill(role, 'SIGTERM');
  await nats?.dispose();
  await postgres?.dispose();
});

function start(role: RoleProcess): void {
  const child = spawnCli(role.args, {
    DATABASE_URL: postgres.url,
    NATS_URL: nats.url,
    VANTAGE_LOCATIONS: 'eu-west',
    VANTAGE_CLUSTER_NAME: 'restart',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    [role.portVariable]: String(role.port),
  });
  child.stdout!.on('data', (chunk: Buffer) => (role.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (role.output += chunk.toString()));
  role.child = child;
}

async function kill(role: RoleProcess, signal: NodeJS.Signals): Promise<void> {
  const child = role.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

async function ready(role: RoleProcess): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${role.port}/readyz`)).status === 200;
  } catch {
    return false;
  }
}

async function untilAllReady(what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting: string[] = [];
    for (const role of roles) {
      if (role.child?.exitCode !== null) throw new Error(`${role.name} exited (${role.child?.exitCode}) ${what}: ${role.output.slice(-2000)}`);
      if (!(await ready(role))) waiting.push(role.name);
    }
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting.join(', ')} not ready ${what}: ${roles.map((r) => `${r.name}: ${r.output.slice(-1500)}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function killAndRestartDuring(stop: () => Promise<void>, resume: () => Promise<void>): Promise<void> {
  await untilAllReady('before the outage', 60_000);
  await stop();
  for (const role of roles) {
    await kill(role, 'SIGKILL');
    start(role);
  }
  // Started again during the outage: none gives up and exits while it waits, and each says it lives.
  const waitingSince = Date.now();
  for (const role of roles) {
    while ((await fetch(`http://127.0.0.1:${role.port}/healthz`).then((r) => r.status, () => 0)) !== 200) {
      if (Date.now() - waitingSince > 30_000) throw new Error(`${role.name} /healthz did not answer during the outage: ${role.output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const api = roles.find((r) => r.name === 'api')!;
  const waiting = await fetch(`http://127.0.0.1:${api.port}/app/api/v1/mobile/uptime-checks`);
  if (waiting.status !== 503 || waiting.headers.get('retry-after') === null) throw new Error(`the waiting api answered ${waiting.status} without Retry-After`);
  const body = (await waiting.json()) as { success: boolean; error: { code: string } };
  if (body.success !== false || body.error.code !== 'SERVICE_UNAVAILABLE') throw new Error(`the waiting api answered ${JSON.stringify(body)}`);
  if ((await fetch(`http://127.0.0.1:${api.port}/readyz`)).status !== 503) throw new Error('the waiting api said it was ready');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, waitingSince + 8_000 - Date.now())));
  for (const role of roles) if (role.child!.exitCode !== null) throw new Error(`${role.name} exited during the outage: ${role.output.slice(-2000)}`);
  await resume();
  await untilAllReady('after the dependency returned', 60_000);
}

test.serial('PostgreSQL away: every role killed and started again during the outage joins when it returns', async (t) => {
  t.timeout(180_000);
  for (const role of roles) start(role);
  await killAndRestartDuring(
    () => postgres.stop('immediate'),
    () => postgres.resume(),
  );
  t.pass();
});

test.serial('NATS away: every role killed and started again during the outage joins when it returns', async (t) => {
  t.timeout(180_000);
  await killAndRestartDuring(
    () => nats.stop(),
    () => nats.resume(),
  );
  t.pass();
});
