import { readdirSync, readFileSync } from 'node:fs';
import { pino } from 'pino';
import type { RunRecord } from '../src/domain/check-actor-reducer.js';
import type { Clock } from '../src/engine/clock.js';
import { RetentionWorker } from '../src/engine/retention-worker.js';
import { RunWriter } from '../src/engine/run-writer.js';
import { provisionClient } from '../src/store/provisioning.js';
import { closeStore, migrate, openStore, type Store } from '../src/store/orm.js';
import { freshDatabase } from '../test/support/database.js';

/**
 * Storage of runs: rows per second through the run writer (3-location HTTP runs with their
 * per-location detail), bytes on disk per stored run (heap + TOAST + indexes of the runs'
 * partitions), and the database size day by day over simulated days with the retention worker on
 * (the days' runs written in bulk, server-side, at the configured checks and period).
 * PostgreSQL (DATABASE_URL) in a fresh database of its own, dropped at the end.
 *
 *   npx tsc -p . && DATABASE_URL=… node dist/bench/storage.js [--checks 10000] [--write-minutes 10]
 *     [--days 30] [--retention-days 7] [--day-checks 10000] [--period-minutes 1]
 */

const flags = new Map<string, number>();
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 2) flags.set(args[i]!.replace(/^--/, ''), Number(args[i + 1]));
const checks = flags.get('checks') ?? 10_000;
const writeMinutes = flags.get('write-minutes') ?? 10;
const days = flags.get('days') ?? 30;
const retentionDays = flags.get('retention-days') ?? 7;
const dayChecks = flags.get('day-checks') ?? checks;
const periodMinutes = flags.get('period-minutes') ?? 1;
const logger = pino({ level: 'silent' });
const dayMs = 86_400_000;
const locations = ['eu-west', 'us-east', 'ap-south'];

const ticksPerSecond = 100;
/** CPU seconds of this process and of every PostgreSQL process on the machine (a shared server counts others' work too). */
function cpuSeconds(): { self: number; postgres: number } {
  let postgres = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      postgres += (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    } catch {
      // The process ended while we read.
    }
  }
  const usage = process.cpuUsage();
  return { self: (usage.user + usage.system) / 1e6, postgres };
}

const httpRun = (checkId: number, startedAt: number, minute: number): RunRecord => {
  const failing = minute % 97 === 0 ? 1 : 0;
  return {
    checkId,
    cycleId: `vantage.${checkId}.${startedAt}`,
    startedAt,
    finishedAt: startedAt + 180 + (checkId % 50),
    state: failing ? 'UNKNOWN' : 'UP',
    failingLocations: failing,
    latencyMs: 80 + (checkId % 40),
    results: locations.map((location, i) =>
      failing && i === 0
        ? { location, state: 'down', reason: 'HTTP 503 Service Unavailable', latencyMs: 40, phases: { dnsMs: 2, connectMs: 11 }, late: false }
        : {
            location,
            state: 'up',
            reason: null,
            latencyMs: 70 + ((checkId + i * 7 + minute) % 60),
            phases: { dnsMs: 1 + (i % 3), connectMs: 10 + i * 20, tlsMs: 25 + i * 20, firstByteMs: 60 + i * 25 },
            late: false,
          },
    ),
    inMaintenance: false,
    onDemand: false,
  };
};

async function sql<T = Record<string, unknown>>(store: Store, text: string, params: unknown[] = []): Promise<T[]> {
  const result = await store.em.getConnection().getKnex().raw<{ rows: T[] }>(text, params as never[]);
  return result.rows;
}

const runsBytes = async (store: Store): Promise<number> =>
  Number((await sql<{ bytes: string }>(store, `select coalesce(sum(pg_total_relation_size(inhrelid)), 0) as bytes from pg_inherits where inhparent = 'runs'::regclass`))[0]!.bytes);
const databaseBytes = async (store: Store): Promise<number> => Number((await sql<{ bytes: string }>(store, 'select pg_database_size(current_database()) as bytes'))[0]!.bytes);
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function makeChecks(store: Store, count: number): Promise<number> {
  const ids = await provisionClient(store.em.fork(), { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery', plan: 'pro' });
  await sql(
    store,
    `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method, response_timeout, trigger_locations, min_failing_locations, response_classes, created_at, updated_at)
     select ?, 'bench ' || n, 'http', 'bench' || n || '.example.net', 'https', '/', 1, 'get', 10000, '["eu-west","us-east","ap-south"]', 2, '["2XX"]', now(), now()
     from generate_series(1, ?) n`,
    [ids.workspace_id, count],
  );
  return Number((await sql<{ first: number }>(store, 'select min(id) as first from uptime_checks'))[0]!.first);
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  if (!database.databaseUrl) throw new Error('set DATABASE_URL: the bench measures PostgreSQL');
  const store = await openStore({ databaseUrl: database.databaseUrl });
  try {
    await migrate(store);
    const firstCheck = await makeChecks(store, Math.max(checks, dayChecks));
    const start = Date.UTC(2027, 0, 1);
    let now = start;
    const clock: Clock = { now: () => now, setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
    const retention = new RetentionWorker({ store, logger, clock, policy: { runDays: retentionDays, hourlyRollupDays: 400, outboxDays: 30, activityDays: 365 }, maxPartitionChanges: 8 });
    await retention.runPass();

    // 1. Through the run writer, as the engine writes.
    const writer = new RunWriter(store, logger);
    const cpuBefore = cpuSeconds();
    const began = performance.now();
    for (let minute = 0; minute < writeMinutes; minute++) {
      for (let c = 0; c < checks; c++) writer.addRun(httpRun(firstCheck + c, start + minute * 60_000 + (c % 60_000), minute));
      await writer.flush();
    }
    await writer.stop();
    const seconds = (performance.now() - began) / 1000;
    const cpuAfter = cpuSeconds();
    const written = writeMinutes * checks;
    const stored = Number((await sql<{ n: string }>(store, 'select count(*) as n from runs'))[0]!.n);
    await sql(store, 'vacuum analyze runs');
    const bytesPerRun = (await runsBytes(store)) / stored;
    const sample = (await sql<{ results: string }>(store, `select results from runs where state = 'UP' limit 1`))[0]!.results;
    console.log(`run writer: ${written} runs of ${checks} checks × 3 locations in ${seconds.toFixed(1)} s = ${Math.round(written / seconds)} rows/s; ${stored} stored`);
    console.log(`  CPU: bench process ${(cpuAfter.self - cpuBefore.self).toFixed(1)} s, PostgreSQL (every process on the machine) ${(cpuAfter.postgres - cpuBefore.postgres).toFixed(1)} s`);
    console.log(`bytes on disk per stored run (heap + TOAST + indexes): ${bytesPerRun.toFixed(1)}; per-location detail kept, e.g. ${sample} (${sample.length} characters)`);

    // 2. Simulated days, written in bulk by the server, with the retention worker on.
    const perDay = Math.round((dayChecks * 1440) / periodMinutes);
    console.log(`\n${days} simulated days: ${dayChecks} checks every ${periodMinutes} min = ${perDay} runs a day, runs kept ${retentionDays} days`);
    const sizes: number[] = [];
    for (let day = 1; day <= days; day++) {
      now = start + day * dayMs;
      while ((await retention.runPass())?.more) {
        // A backlog (several days at once) takes several bounded passes.
      }
      const dayBegan = performance.now();
      await sql(
        store,
        `insert into runs (check_id, cycle_key, started_at, finished_at, state, failing_locations, latency_ms, results)
         select c, ('x' || left(md5('vantage.' || c || '.' || m), 16))::bit(64)::bigint, at, at + interval '200 milliseconds', 'UP', 0, 80 + c % 40, r.results
         from generate_series(?::int, ?::int) c, generate_series(0, ?::int) m, (select results from runs where state = 'UP' limit 1) r,
              lateral (select to_timestamp(? / 1000.0) + m * ? * interval '1 minute' + (c % 60) * interval '1 second' as at) t
`,
        [firstCheck, firstCheck + dayChecks - 1, Math.floor(1440 / periodMinutes) - 1, now, periodMinutes],
      );
      const daySeconds = (performance.now() - dayBegan) / 1000;
      sizes.push(await databaseBytes(store));
      console.log(`  day ${String(day).padStart(2)}: database ${mib(sizes.at(-1)!)}, runs ${mib(await runsBytes(store))} (bulk day written in ${daySeconds.toFixed(1)} s)`);
    }
    const settled = sizes.slice(retentionDays + 1);
    if (settled.length > 1) {
      const growth = (settled.at(-1)! - settled[0]!) / settled[0]!;
      console.log(`after the retention period (day ${retentionDays + 2} to ${days}): ${mib(Math.min(...settled))} to ${mib(Math.max(...settled))}, ${(growth * 100).toFixed(1)}% from first to last`);
    }
    const fullDay = (checks * 1440) / periodMinutes;
    console.log(
      `projected at ${checks} checks every ${periodMinutes} min: ${Math.round(fullDay)} runs a day × ${bytesPerRun.toFixed(0)} bytes = ${mib(fullDay * bytesPerRun)} a day; runs kept ${retentionDays} days (+ the day being written) ≈ ${mib(fullDay * bytesPerRun * (retentionDays + 1))}, with the default 31 days ≈ ${mib(fullDay * bytesPerRun * 32)}`,
    );
    await retention.stop();
  } finally {
    await closeStore(store);
    await database.drop();
  }
}

await main();
