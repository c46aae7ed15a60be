import type { ExecutionContext } from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProbeAgent } from '../../agents/probe-agent.js';
import type { Bus } from '../../src/bus/bus.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { phaseOffset, slotAfter } from '../../src/domain/schedule.js';
import { startEngine, type RunningEngine } from '../../src/engine/index.js';
import { createLogger } from '../../src/log.js';
import { Incident } from '../../src/store/entities/incident.js';
import { OutboxEvent } from '../../src/store/entities/outbox.js';
import { Run } from '../../src/store/entities/run.js';
import { closeStore, migrate, openStore, type Store } from '../../src/store/orm.js';
import { freshStore } from '../support/database.js';
import { PrivateNats } from '../support/private-nats.js';
import { PrivatePostgres } from '../support/private-postgres.js';
import { httpCheck, tenant, Target, until } from './helpers.js';

const minute = 60_000;
const locations = ['eu-west', 'us-east'];
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export interface OutageScenario {
  dependency: 'database' | 'nats';
  outageMs: number;
}

/**
 * One engine with two probe agents, checks of a minute that start failing (their target refuses
 * connections) just before the dependency goes away, and healthy checks. The outage starts two
 * seconds before the first failing check's next cycle, so at least one failing cycle closes while
 * the dependency is away. Afterwards: every failing check has exactly one incident and one
 * `uptime.check.failed` within one cycle of the return, every check ran through and after, and
 * the healthy checks opened nothing.
 */
export async function runOutageScenario(t: ExecutionContext, scenario: OutageScenario): Promise<void> {
  const logger = createLogger(process.env.OUTAGE_LOG_LEVEL ?? 'silent');
  const cleanup: Array<() => Promise<unknown>> = [];
  try {
    let store: Store;
    let postgres: PrivatePostgres | null = null;
    if (scenario.dependency === 'database') {
      postgres = await PrivatePostgres.start();
      cleanup.push(() => postgres!.dispose());
      store = await openStore({ databaseUrl: postgres.url });
      await migrate(store);
      cleanup.push(() => closeStore(store).catch(() => undefined));
    } else {
      const fresh = await freshStore();
      store = fresh.store;
      cleanup.push(() => fresh.close());
    }
    let nats: PrivateNats | null = null;
    const busFor = async (name: string): Promise<Bus> => {
      if (!nats) return shared;
      const bus = await NatsBus.connect({ servers: [nats.url], name, namespace: 'outage' }, logger);
      cleanup.push(() => bus.close().catch(() => undefined));
      return bus;
    };
    const shared = new InProcessBus(logger);
    if (scenario.dependency === 'nats') {
      nats = await PrivateNats.start();
      cleanup.push(() => nats!.dispose());
    }

    const em = () => store.em.fork() as EntityManager;
    const owner = await tenant(em());
    const healthyTarget = await Target.start();
    const failingTarget = await Target.start();
    cleanup.push(() => healthyTarget.stop(), () => failingTarget.stop().catch(() => undefined));
    const failing: number[] = [];
    const healthy: number[] = [];
    for (let i = 0; i < 4; i++) failing.push((await httpCheck(em(), owner, `Failing ${i}`, failingTarget.hostname, { triggerLocations: locations })).id);
    for (let i = 0; i < 2; i++) healthy.push((await httpCheck(em(), owner, `Healthy ${i}`, healthyTarget.hostname, { triggerLocations: locations })).id);
    const all = [...failing, ...healthy];

    for (const location of locations) {
      const agent = new ProbeAgent({ bus: await busFor(`agent-${location}`), location, agentId: `agent-${location}`, concurrency: 8, probeOptions: { allowPrivateTargets: true }, logger });
      agent.start();
      cleanup.push(() => agent.stop(1_000));
    }
    const running: RunningEngine = await startEngine({
      settings: loadSettings({ VANTAGE_PARTITIONS: '2' }),
      logger,
      store,
      bus: await busFor('engine'),
      resyncIntervalMs: 5_000,
    });
    cleanup.push(() => running.stop());
    const lastRunOf = (id: number): number => running.engine.stateOfCheck(id)?.lastRunAt ?? 0;
    await until('every check ran once', async () => all.every((id) => lastRunOf(id) > 0), 30_000);

    // The first failing cycle that can still be waited for; the outage starts two seconds before it.
    const now = Date.now();
    const firstSlot = Math.min(...failing.map((id) => slotAfter(now + 5_000, minute, phaseOffset(id, minute))));
    await sleep(firstSlot - 2_000 - Date.now());
    await failingTarget.stop();
    const ranBefore = new Map(all.map((id) => [id, lastRunOf(id)]));
    const outageStart = Date.now();
    if (postgres) await postgres.stop('immediate');
    else await nats!.stop();
    await sleep(outageStart + scenario.outageMs - Date.now());
    const ranThrough = all.filter((id) => lastRunOf(id) > ranBefore.get(id)!);
    if (postgres) await postgres.resume();
    else await nats!.resume();
    const returnedAt = Date.now();

    t.true(ranThrough.length >= 1, 'the cycle due during the outage ran');
    if (scenario.outageMs > 2 * minute) t.deepEqual(ranThrough.sort(), [...all].sort(), 'every check ran through the outage');

    const decided = async (id: number): Promise<boolean> =>
      (await em().count(Incident, { check: id })) === 1 && (await em().count(OutboxEvent, { eventType: 'uptime.check.failed', resource: { id } })) === 1;
    for (const id of failing) await until(`check ${id} decided after the return`, () => decided(id), minute + 30_000);
    const decidedAfterMs = Date.now() - returnedAt;
    t.true(decidedAfterMs <= minute + 15_000, `decided ${decidedAfterMs} ms after the return, within one cycle`);

    // Every check keeps running after the return; nothing is decided twice, and nothing for the healthy ones.
    await until(
      'a cycle of every check after the return',
      async () => {
        await running.engine.flushRuns();
        for (const id of all) if ((await em().count(Run, { check: id, startedAt: { $gt: new Date(returnedAt) } })) === 0) return false;
        return true;
      },
      minute + 30_000,
    );
    for (const id of failing) {
      t.is(await em().count(Incident, { check: id }), 1, `check ${id}: one incident`);
      t.is(await em().count(OutboxEvent, { eventType: 'uptime.check.failed', resource: { id } }), 1, `check ${id}: one notification`);
    }
    for (const id of healthy) t.is(await em().count(Incident, { check: id }), 0, `healthy check ${id} opened nothing`);
    if (postgres) {
      const duringOutage = await em().count(Run, { check: { $in: ranThrough }, startedAt: { $gte: new Date(outageStart), $lt: new Date(returnedAt) } });
      t.true(duringOutage >= ranThrough.length, 'the runs of cycles during the outage were stored after it');
    }
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
}
