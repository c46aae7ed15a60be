import { randomBytes } from 'node:crypto';
import test from 'ava';
import { jetstream } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import type { EntityManager } from '@mikro-orm/postgresql';
import { freshStore } from '../support/database.js';
import { PrivateNats } from '../support/private-nats.js';
import { startAnsweringAgent, startEngineProcess, stopEngineProcess, type EngineProcess } from './engine-processes.js';
import { httpCheck, tenant, until } from './helpers.js';

const distributed = process.env.DATABASE_URL ? test : test.skip;
const partitions = 8;
const leaseMs = 3_000;
/** The holder's window ends a fifth of the lease before the lease does. */
const holderWindowMs = leaseMs - leaseMs / 5;
const pollMs = 100;

interface Sighting {
  at: number;
  holder: string | null;
  revision: number;
}

/**
 * The lease bucket as the test sees it, polled: every revision of every partition key with when it
 * was first seen. A new holder may start only after the previous holder's window closed: at least
 * `holderWindowMs` after the previous holder's last write, unless it deleted the key first.
 */
class LeaseTimeline {
  readonly sightings = new Map<number, Sighting[]>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly kv: KV) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), pollMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  holders(): Map<number, string | null> {
    return new Map([...this.sightings].map(([p, seen]) => [p, seen.at(-1)!.holder]));
  }

  /** Holder changes of one partition after `since`. */
  handoversSince(since: number): number {
    let count = 0;
    for (const seen of this.sightings.values()) {
      for (let i = 1; i < seen.length; i++) if (seen[i]!.at >= since && seen[i]!.holder !== null && seen[i]!.holder !== seen[i - 1]!.holder) count++;
    }
    return count;
  }

  /**
   * Two holders whose windows may have overlapped, as a description of each case. A holder that
   * released the partition (logged after deleting its key, having stopped first) ends its window there.
   */
  overlaps(engines: readonly EngineProcess[]): string[] {
    const releases = engines.flatMap((engine) =>
      engine.lines
        .filter((line) => line.msg === 'partition leases released')
        .flatMap((line) => (line.partitions as number[]).map((partition) => ({ holds: holderOf(engine), partition, at: line.time as number }))),
    );
    const found: string[] = [];
    for (const [p, seen] of this.sightings) {
      for (let i = 1; i < seen.length; i++) {
        const [before, after] = [seen[i - 1]!, seen[i]!];
        if (after.holder === null || before.holder === null || after.holder === before.holder) continue;
        if (releases.some((r) => r.partition === p && r.holds(before.holder) && r.at >= before.at - pollMs && r.at <= after.at + pollMs)) continue;
        const gap = after.at - before.at;
        if (gap + pollMs < holderWindowMs) found.push(`partition ${p}: ${after.holder} wrote ${gap} ms after ${before.holder}'s last write`);
      }
    }
    return found;
  }

  private async poll(): Promise<void> {
    for (let p = 0; p < partitions; p++) {
      const entry = await this.kv.get(`p.${p}`).catch(() => undefined);
      if (entry === undefined) continue;
      const revision = entry?.revision ?? 0;
      const seen = this.sightings.get(p) ?? [];
      if (seen.at(-1)?.revision === revision) continue;
      const holder = entry && entry.operation === 'PUT' ? (JSON.parse(entry.string()) as { holder: string }).holder : null;
      seen.push({ at: Date.now(), holder, revision });
      this.sightings.set(p, seen);
    }
  }
}

const holderOf = (engine: EngineProcess) => (holder: string | null | undefined) => holder?.includes(`-${engine.child.pid}-`) ?? false;
const leaseChanges = async (engines: EngineProcess[]) => (await Promise.all(engines.map((engine) => engine.metric('vantage_partition_lease_changes_total')))).reduce((a, b) => a + b, 0);

/**
 * Two `vantage engine` processes with 3 s leases on a NATS server of the test's own. Steady for
 * three minutes: no handover at all. NATS stopped for longer than a lease and started again: no
 * two holders (the bucket's history, polled, and the engines' logs). One engine stopped with
 * SIGSTOP for longer than a lease and continued: the other took its partitions, and it does not
 * act on them (the fence refused its actors' overdue events, and no probe request it would have
 * sent appears twice).
 */
distributed('partition leases: steady without handovers, fenced through a NATS restart and a SIGSTOP', async (t) => {
  t.timeout(480_000);
  const nats = await PrivateNats.start();
  const { store, databaseUrl, close } = await freshStore();
  const cluster = `f${randomBytes(4).toString('hex')}`;
  const locations = [`${cluster}-a`, `${cluster}-b`];
  const em = () => store.em.fork() as EntityManager;
  const owner = await tenant(em());
  for (let i = 0; i < 24; i++) await httpCheck(em(), owner, `Check ${i}`, `service-${i}.example.net`, { triggerLocations: locations });
  const agent = await startAnsweringAgent([nats.url], cluster, locations, 'up');
  const nc = await connect({ servers: [nats.url], maxReconnectAttempts: -1, reconnectTimeWait: 200 });
  const env = {
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    VANTAGE_CLUSTER_NAME: cluster,
    VANTAGE_PARTITIONS: String(partitions),
    VANTAGE_PARTITION_LEASE_MS: String(leaseMs),
    VANTAGE_LOCATIONS: locations.join(','),
  };
  const engines = [await startEngineProcess('a', env), await startEngineProcess('b', env)] as const;
  const [first, second] = engines;
  const kv = await new Kvm(jetstream(nc, { timeout: 1_000 })).open(`${cluster}-engine-leases`);
  const timeline = new LeaseTimeline(kv);
  timeline.start();
  t.teardown(async () => {
    timeline.stop();
    for (const engine of engines) engine.child.kill('SIGCONT');
    await Promise.all(engines.map((engine) => stopEngineProcess(engine, 5_000)));
    await agent.bus.close().catch(() => undefined);
    await nc.close().catch(() => undefined);
    await nats.dispose();
    await close();
  });
  const evenSplit = async () => {
    const holders = [...timeline.holders().values()];
    return holders.length === partitions && engines.every((engine) => holders.filter(holderOf(engine)).length === partitions / 2);
  };

  try {
    await until('an even split of the partitions', evenSplit, 30_000);
    // Settled: the lease counters stop moving once the split is done.
    let settled = await leaseChanges([...engines]);
    await until('the lease counters to settle', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2 * leaseMs));
      const now = await leaseChanges([...engines]);
      const same = now === settled;
      settled = now;
      return same;
    }, 60_000);

    // Steady state: a measured window, not a wait for a condition.
    const steadyFrom = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 180_000));
    t.is(timeline.handoversSince(steadyFrom), 0, 'no partition changed holder in three steady minutes');
    t.is(await leaseChanges([...engines]), settled, 'no lease was gained or given up in three steady minutes');

    // NATS away for longer than a lease: both fences close; afterwards no two holders, and each takes its own back.
    const holdersBefore = timeline.holders();
    await nats.stop();
    await new Promise((resolve) => setTimeout(resolve, 2 * leaseMs));
    await nats.resume();
    await until('an even split after the NATS restart', evenSplit, 60_000);
    await until('both engines acting on their partitions', async () => (await Promise.all(engines.map((e) => e.metric('vantage_partitions_owned')))).every((n) => n === partitions / 2), 30_000);
    t.deepEqual(timeline.overlaps(engines), [], 'no new holder wrote before the previous holder’s window closed');
    t.deepEqual(timeline.holders(), holdersBefore, 'each engine took its own partitions back');
    for (const engine of engines) {
      t.true(
        engine.lines.some((line) => line.msg === 'stopped acting on partitions: their leases were not renewed in time'),
        `engine ${engine.name} logged that it stopped acting while it could not renew`,
      );
    }

    // SIGSTOP for longer than a lease: the other engine takes over; on SIGCONT the stopped one is fenced off.
    const lost = [...timeline.holders()].filter(([, holder]) => holderOf(first)(holder)).map(([p]) => p);
    const fencedBefore = await first.metric('vantage_engine_fenced_events_total');
    first.child.kill('SIGSTOP');
    await until('the other engine to hold every partition', async () => [...timeline.holders().values()].every(holderOf(second)), 30_000);
    await new Promise((resolve) => setTimeout(resolve, leaseMs));
    const continuedAt = Date.now();
    const logCountAtContinue = first.lines.length;
    first.child.kill('SIGCONT');
    const expiry = await until('the continued engine to log its expired leases', async () =>
      first.lines.slice(logCountAtContinue).find((line) => line.msg === 'stopped acting on partitions: their leases were not renewed in time'),
    );
    t.deepEqual([...(expiry.partitions as number[])].sort(), [...lost].sort(), 'it stopped acting on every partition it had held');
    await until('an even split after the continue', evenSplit, 60_000);
    const reacquired = first.lines.slice(logCountAtContinue).find((line) => line.msg === 'partition leases acquired');
    const reacquiredAt = typeof reacquired?.time === 'number' ? reacquired.time : Date.now();
    t.log(`events refused by the fence after the continue: ${(await first.metric('vantage_engine_fenced_events_total')) - fencedBefore}`);
    const seenBefore = new Set(agent.requests.filter((r) => r.at < continuedAt).map((r) => r.request.requestId));
    const repeated = agent.requests.filter((r) => r.at >= continuedAt && r.at < reacquiredAt && seenBefore.has(r.request.requestId));
    t.deepEqual(
      repeated.map((r) => r.request.requestId),
      [],
      'no probe request was sent again by the continued engine for partitions it had lost',
    );
    t.deepEqual(timeline.overlaps(engines), [], 'no new holder wrote before the previous holder’s window closed');
  } catch (error) {
    for (const engine of engines) t.log(`engine ${engine.name}:\n${engine.output().split('\n').slice(-40).join('\n')}`);
    throw error;
  }
});
