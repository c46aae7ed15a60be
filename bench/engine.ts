/**
 * Engine benchmark: 100,000 checks across 3 locations at the 1-minute frequency, answered by an
 * in-process probe stub within a few milliseconds, for `--duration` seconds (default 180).
 *
 *   npx tsc -p . && DATABASE_URL=postgres://… node --expose-gc dist/bench/engine.js [--duration 180] [--checks 100000]
 *
 * Prints the cycle start lag (ideal slot → probe requests published), runs stored against runs
 * closed, location results written per second, heap per check, and detection latency (a target
 * turned down → its `uptime.check.failed` outbox row), each against its target.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from '@mikro-orm/postgresql';
import type { ProbeRequest, ProbeRequestBatch, ProbeResultMessage } from '../src/bus/messages.js';
import { InProcessBus } from '../src/bus/in-process-bus.js';
import { agentQueue, probeSubject } from '../src/bus/subjects.js';
import { parseFlags } from '../src/cli/role.js';
import { loadSettings } from '../src/config/load-settings.js';
import { startEngine } from '../src/engine/index.js';
import { createLogger } from '../src/log.js';
import { closeStore, migrate, openStore, type Store } from '../src/store/orm.js';

const locations = ['eu-west', 'us-east', 'ap-south'];
const responseTimeoutMs = 10_000;
const detectionProbes = 100;

const flags = parseFlags(process.argv.slice(2));
const durationS = Number(flags.get('duration') ?? 180);
const checks = Number(flags.get('checks') ?? 100_000);
/** Targets turn down a minute in; detection is watched for at least its bound after that. */
const flipAfterMs = 60_000;
const detectionBound = 60_000 + responseTimeoutMs + 5_000;
const minDurationS = Math.ceil((flipAfterMs + detectionBound) / 1000);
if (!Number.isInteger(durationS) || durationS < minDurationS) throw new Error(`--duration must be a whole number of seconds, at least ${minDurationS}`);
if (!Number.isInteger(checks) || checks < detectionProbes) throw new Error(`--checks must be a whole number, at least ${detectionProbes}`);

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const heapUsed = (): number => (gc(), gc(), process.memoryUsage().heapUsed);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

async function freshDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `vantage_bench_${randomBytes(4).toString('hex')}`;
  const admin = await pg.MikroORM.init({ clientUrl: base, entities: [], discovery: { warnWhenNoEntities: false }, allowGlobalContext: true });
  await admin.em.getConnection().execute(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
      await admin.close(true);
    },
  };
}

async function seed(store: Store): Promise<number[]> {
  const sql = store.em.getConnection();
  const [client] = await sql.execute<Array<{ id: number }>>(`insert into clients (name, plan, created_at, updated_at) values ('Bench', 'pro', now(), now()) returning id`);
  const [workspace] = await sql.execute<Array<{ id: number }>>(`insert into workspaces (client_id, name, created_at) values (?, 'Bench', now()) returning id`, [client!.id]);
  const [group] = await sql.execute<Array<{ id: number }>>(
    `insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_secret, push_enabled, trigger30days, trigger14days, trigger7days, trigger3days, trigger1day, created_at, updated_at)
     values (?, 'On call', '["oncall@example.com"]', '[]', 'secret', false, true, true, true, true, true, now(), now()) returning id`,
    [workspace!.id],
  );
  // Last run "now": the checks start on their schedule instead of all catching up at once.
  await sql.execute(
    `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method, response_timeout,
       trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, paused, state, managed_by, version, created_at, updated_at)
     select ?, 'bench ' || g, 'http', 'svc-' || g || '.bench.invalid', 'https', '/', 1, 'get', ?, ?::jsonb, 2, '["2XX"]'::jsonb, false, false, 'up', 'api', 1, now(), now()
     from generate_series(1, ?) g`,
    [workspace!.id, responseTimeoutMs, JSON.stringify(locations), checks],
  );
  await sql.execute('insert into uptime_check_last_runs (check_id, last_run_at) select id, now() from uptime_checks where workspace_id = ?', [workspace!.id]);
  const probes = await sql.execute<Array<{ id: number }>>('select id from uptime_checks order by id limit ?', [detectionProbes]);
  await sql.execute(
    `insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ? from uptime_checks where id in (${probes.map(() => '?').join(',')})`,
    [group!.id, ...probes.map((p) => p.id)],
  );
  return probes.map((p) => p.id);
}

/**
 * Answers every probe request 2–4 ms after it arrived; checks in `down` answer down. Requests
 * are answered in batches from one timer, so the stub costs the engine's process little next to
 * the engine itself (a timer per request would). Returns its stop, for before the bus closes: a
 * request that came in as the engine stopped would otherwise be answered on a closed bus.
 */
function startStub(bus: InProcessBus, down: Set<number>): () => void {
  const waiting: Array<{ request: ProbeRequest; location: string }> = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const answer = (): void => {
    timer = null;
    const now = new Date().toISOString();
    for (const { request, location } of waiting.splice(0)) {
      const failing = down.has(request.subjectId);
      const message: ProbeResultMessage = {
        requestId: request.requestId,
        subjectId: request.subjectId,
        subjectKind: request.subjectKind,
        cycleId: request.cycleId,
        location,
        agentId: `stub-${location}`,
        startedAt: now,
        finishedAt: now,
        result: { state: failing ? 'down' : 'up', reason: failing ? 'status 503 not in 2XX' : null, latencyMs: 2, phases: {}, ...(failing ? {} : { httpStatus: 200 }) },
      };
      void bus.publishDurable(request.resultSubject, message);
    }
  };
  for (const location of locations) {
    bus.subscribe(
      probeSubject(location),
      (_subject, data) => {
        if (stopped) return;
        for (const request of (data as ProbeRequestBatch).requests) waiting.push({ request, location });
        timer ??= setTimeout(answer, 2);
      },
      { queue: agentQueue(location) },
    );
  }
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    waiting.length = 0;
  };
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const store = await openStore({ databaseUrl: database.url, poolSize: 10 });
  await migrate(store);
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const probes = await seed(store);
  const bus = new InProcessBus(logger, { maxStoredMessages: 1000 });
  const down = new Set<number>();
  const stopStub = startStub(bus, down);

  const lags: number[] = [];
  /** The ideal start of each cycle: the slot its cycle id carries, so that runs and starts are counted by the same instant. */
  const slots: number[] = [];
  const heapBefore = heapUsed();
  const loadStarted = Date.now();
  const running = await startEngine({
    settings: loadSettings({ VANTAGE_PARTITIONS: '16', DATABASE_URL: database.url }),
    logger,
    store,
    bus,
    observer: {
      cycleStarted: (lagMs, scheduledAt) => {
        lags.push(lagMs);
        slots.push(scheduledAt);
      },
    },
  });
  const loadMs = Date.now() - loadStarted;
  const started = Date.now();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.stderr.write(`engine running ${running.engine.runningChecks} checks after ${loadMs} ms; measuring for ${durationS} s\n`);

  await sleep(flipAfterMs);
  const flippedAt = Date.now();
  for (const id of probes) down.add(id);
  const detected = new Map<number, number>();
  while (Date.now() - started < durationS * 1000) {
    const rows = await store.em
      .getConnection()
      .execute<Array<{ id: string }>>(`select resource->>'id' as id from outbox_events where event_type = 'uptime.check.failed'`);
    const now = Date.now();
    for (const row of rows) if (!detected.has(Number(row.id))) detected.set(Number(row.id), now - flippedAt);
    await sleep(250);
  }
  const endedAt = Date.now();
  loopDelay.disable();
  // Forced collections pause the process: measured after the timing window, not inside it.
  const measuredLags = lags.length;
  const heapPerCheck = (heapUsed() - heapBefore) / checks;
  await running.stop();
  // Runs whose cycle started at least the deadline before the end had every chance to close.
  const cutoff = endedAt - (responseTimeoutMs + 6_000);
  const closedExpected = slots.filter((slot) => slot >= started && slot < cutoff).length;
  const [stored] = await store.em
    .getConnection()
    .execute<Array<{ count: string }>>(
      // A scheduled run starts at its slot or within the start lag after it (runs keep no cycle id, only its key).
      `select count(*) from runs where not on_demand and started_at >= ? and started_at < ?`,
      [new Date(started).toISOString(), new Date(cutoff).toISOString()],
    );
  const [all] = await store.em.getConnection().execute<Array<{ runs: string; from: Date; to: Date }>>(
    'select count(*) as runs, min(finished_at) as from, max(finished_at) as to from runs where started_at >= ?',
    [new Date(started).toISOString()],
  );
  const storedRuns = Number(stored!.count);
  const windowS = (new Date(all!.to).getTime() - new Date(all!.from).getTime()) / 1000;
  const resultsPerSecond = (Number(all!.runs) * locations.length) / windowS;
  const sortedLags = lags.slice(0, measuredLags).sort((a, b) => a - b);
  // Where the slow starts are in time: a stall shows as one bad window, a steady cost as all of them.
  const byWindow = new Map<number, number[]>();
  for (let i = 0; i < measuredLags; i++) {
    const window = Math.floor((slots[i]! - started) / 10_000);
    const list = byWindow.get(window) ?? [];
    list.push(lags[i]!);
    byWindow.set(window, list);
  }
  const windows = [...byWindow].sort((a, b) => a[0] - b[0]).map(([w, list]) => `${w * 10}s:${percentile(list.sort((a, b) => a - b), 99).toFixed(0)}`);
  process.stderr.write(`start lag p99 per 10 s window: ${windows.join(' ')}\n`);
  const detections = [...detected.values()].sort((a, b) => a - b);

  const rows: Array<[string, string, string, boolean]> = [
    ['checks / locations / frequency', `${checks} / ${locations.length} / 1 min`, '', true],
    ['engine start (load every check)', `${loadMs} ms`, '', true],
    ['cycles started (scheduled)', String(measuredLags), '', true],
    ['start lag p50', `${percentile(sortedLags, 50).toFixed(1)} ms`, '', true],
    ['start lag p99', `${percentile(sortedLags, 99).toFixed(1)} ms`, '≤ 100 ms', percentile(sortedLags, 99) <= 100],
    ['event loop delay p99 / max', `${(loopDelay.percentile(99) / 1e6).toFixed(1)} / ${(loopDelay.max / 1e6).toFixed(1)} ms`, '', true],
    ['start lag max', `${(sortedLags.at(-1) ?? Number.NaN).toFixed(1)} ms`, '', true],
    ['runs stored / runs closed', `${storedRuns} / ${closedExpected}`, 'all', storedRuns === closedExpected],
    ['location results written', `${resultsPerSecond.toFixed(0)} /s`, '≥ 5000 /s', resultsPerSecond >= 5000 * 0.98],
    ['heap per check', `${(heapPerCheck / 1024).toFixed(2)} KB`, '≤ 4 KB', heapPerCheck <= 4096],
    ['detected (down → outbox row)', `${detected.size} / ${probes.length}`, 'all', detected.size === probes.length],
    ['detection latency p50', `${((percentile(detections, 50) ?? 0) / 1000).toFixed(1)} s`, '', true],
    ['detection latency max', `${((detections.at(-1) ?? Number.NaN) / 1000).toFixed(1)} s`, `≤ ${detectionBound / 1000} s`, (detections.at(-1) ?? Infinity) <= detectionBound],
  ];
  const width = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length)), Math.max(...rows.map((r) => r[2].length))];
  process.stdout.write(`\nVantage engine benchmark (${database.url ? 'PostgreSQL' : 'PGlite'}, ${durationS} s)\n`);
  for (const [name, value, target, ok] of rows) {
    process.stdout.write(`${name.padEnd(width[0]!)}  ${value.padStart(width[1]!)}  ${target.padEnd(width[2]!)}  ${target ? (ok ? 'ok' : 'MISSED') : ''}\n`);
  }
  stopStub();
  await bus.close();
  await closeStore(store);
  await database.drop();
  process.exitCode = rows.every((r) => r[3]) ? 0 : 1;
}

await main();
