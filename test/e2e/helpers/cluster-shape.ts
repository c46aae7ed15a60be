import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { ExecutionContext } from 'ava';
import { startCluster, type RunningCluster } from '../../../src/cluster/start-cluster.js';
import { runCli } from '../../support/cli.js';
import { freshDatabase } from '../../support/database.js';
import { freePort } from '../../support/free-port.js';
import { PrivateNats } from '../../support/private-nats.js';
import { until } from '../../engine/helpers.js';
import { startReceiver, type ReceivedRequest, type Responder } from '../../support/notify/receiver.js';
import { makeTestCertificates } from '../../support/notify/tls.js';

export { until };

export interface ApiAnswer {
  status: number;
  json: any;
}

/**
 * The distributed shape of `npm run cluster` on a fresh database and a NATS server of the test's
 * own, with one client account, reached through the public API only. Private targets are allowed
 * and the test CA is trusted, so loopback targets and an HTTPS receiver with a test certificate work.
 */
export interface ClusterShape {
  cluster: RunningCluster;
  locations: string[];
  certificates: ReturnType<typeof makeTestCertificates>;
  /** The last log lines of every process, for a failure message. */
  tail(lines?: number): string;
  /** A call to the public API with the account's Basic credentials and workspace. */
  call(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  stop(): Promise<void>;
}

export interface ShapeOptions {
  engines: number;
  locations: number;
  /** Agent replicas of the first location (the others get one). */
  firstLocationReplicas: number;
  env?: Record<string, string>;
}

export async function startClusterShape(options: ShapeOptions): Promise<ClusterShape> {
  const database = await freshDatabase();
  const nats = await PrivateNats.start();
  const certificates = makeTestCertificates();
  const suffix = randomBytes(3).toString('hex');
  const locations = Array.from({ length: options.locations }, (_, i) => `loc${i + 1}-${suffix}`);
  const output: string[] = [];
  const basePort = await freePort();
  let cluster: RunningCluster | null = null;
  const stop = async (): Promise<void> => {
    await cluster?.stop();
    await nats.dispose();
    await database.drop();
  };
  try {
    cluster = await startCluster({
      databaseUrl: database.databaseUrl!,
      natsUrl: nats.url,
      clusterName: `e${suffix}`,
      locations,
      firstLocationReplicas: options.firstLocationReplicas,
      apiReplicas: 1,
      engineReplicas: options.engines,
      basePort,
      env: {
        LOG_LEVEL: 'info',
        VANTAGE_ALLOW_PRIVATE_TARGETS: '1',
        VANTAGE_EXTRA_CA_FILE: certificates.caFile,
        VANTAGE_NOTIFY_POLL_MS: '200',
        ...options.env,
      },
      namespaces: false,
      print: (line) => output.push(line),
    });
    const email = `owner-${suffix}@e2e.test`;
    const created = await runCli(['admin', 'create-client', '--name', 'E2E', '--email', email, '--password', 'e2e-password', '--plan', 'pro'], { DATABASE_URL: database.databaseUrl });
    if (created.code !== 0) throw new Error(`admin create-client failed: ${created.stderr}`);
    const { workspace_id: workspaceId } = JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { workspace_id: number };
    const authorization = `Basic ${Buffer.from(`${email}:e2e-password`).toString('base64')}`;
    const api = `http://127.0.0.1:${basePort}`;
    await until('the api to be ready', () => fetch(`${api}/readyz`).then((r) => r.status === 200, () => false), 60_000);
    const call = async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
      const headers: Record<string, string> = { authorization, 'x-workspace-id': String(workspaceId) };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${api}/app/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      return { status: response.status, json: await response.json() };
    };
    return { cluster, locations, certificates, tail: (lines = 80) => output.slice(-lines).join('\n'), call, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A loopback HTTP target that answers 200, after `holdMs` (a slow but healthy service), and can be
 * stopped (connections refused) and started again on its port. `answering` holds the senders'
 * ports of the requests it is holding.
 */
export class StoppableTarget {
  private server: Server | null = null;
  readonly answering = new Set<number>();
  private constructor(
    readonly port: number,
    private readonly holdMs: number,
  ) {}

  static async start(holdMs = 0): Promise<StoppableTarget> {
    const target = new StoppableTarget(await freePort(), holdMs);
    await target.resume();
    return target;
  }

  get hostname(): string {
    return `127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => {
      const sender = req.socket.remotePort ?? 0;
      this.answering.add(sender);
      setTimeout(() => {
        this.answering.delete(sender);
        res.end('ok');
      }, this.holdMs);
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A process's log line at warn level or above (pino: 40 and up). */
const isWarning = (line: string): boolean => Number(/"level":(\d+)/.exec(line)?.[1] ?? 0) >= 40;

/**
 * The error a failed test of the shape ends with, after logging the cluster's tail: its own
 * message, then the cluster's last warnings and last lines, each cut short. A failure's summary
 * comes last in the suite's output and shows the error, not the test's logs, so a short tail of
 * that output (all CI keeps) still says what the processes were doing.
 */
export function withClusterTail(t: ExecutionContext, shape: ClusterShape, error: unknown): Error {
  t.log(shape.tail());
  const lines = shape.tail(5_000).split('\n');
  const cut = (line: string) => line.slice(0, 400);
  const warnings = lines.filter(isWarning).slice(-12).map(cut);
  const message = error instanceof Error ? error.message : String(error);
  return new Error([message, '-- last warnings of the cluster:', ...warnings, '-- last lines of the cluster:', ...lines.slice(-12).map(cut)].join('\n'), { cause: error });
}

export const payloadOf = (request: ReceivedRequest) => JSON.parse(request.body) as Record<string, any>;
export const ofType = (requests: ReceivedRequest[], type: string) => requests.filter((r) => payloadOf(r).event_type === type);

/** Through the API: a group with the receiver's HTTPS webhook and an HTTP check every minute on the target from every location, attached to it. */
export async function watchedCheck(shape: ClusterShape, receiverOrigin: string, target: StoppableTarget, name: string, minFailingLocations = 1): Promise<number> {
  const group = await shape.call('POST', '/mobile/notification-groups', { name: `${name} on call`, webhook_url: `${receiverOrigin}/hooks/vantage` });
  if (group.status !== 201) throw new Error(`group not created: ${JSON.stringify(group.json)}`);
  const created = await shape.call('POST', '/mobile/uptime-checks', {
    name,
    check_type: 'http',
    hostname: target.hostname,
    protocol: 'http',
    path: '/',
    check_frequency: 1,
    // Generous: a slow machine does not make a healthy target look down.
    response_timeout: 10_000,
    trigger_locations: shape.locations,
    min_failing_locations: minFailingLocations,
    notification_group_ids: [group.json.data.id],
  });
  if (created.status !== 201) throw new Error(`check not created: ${JSON.stringify(created.json)}`);
  return created.json.data.id as number;
}

/** The process of the cluster that holds a TCP connection from this local port (found with `ss`), if any. */
export function processOnPortOrNull(shape: ClusterShape, localPort: number) {
  const listing = execFileSync('ss', ['-tnpH', 'state', 'established', `( sport = :${localPort} )`], { encoding: 'utf8' });
  const pid = Number(/pid=(\d+)/.exec(listing)?.[1]);
  return shape.cluster.processes.find((p) => p.child.pid === pid) ?? null;
}

export function processOnPort(shape: ClusterShape, localPort: number) {
  const found = processOnPortOrNull(shape, localPort);
  if (!found) throw new Error(`no process of the cluster holds local port ${localPort}`);
  return found;
}

/**
 * The shape with an HTTPS webhook receiver answering as told and a stoppable loopback target,
 * all stopped when the test ends.
 */
export async function startWatchedShape(t: ExecutionContext, options: ShapeOptions, respond: Responder = () => ({ status: 200 }), targetHoldMs = 0) {
  const shape = await startClusterShape(options);
  const receiver = await startReceiver(respond, shape.certificates);
  const target = await StoppableTarget.start(targetHoldMs);
  t.teardown(async () => {
    await target.stop();
    await receiver.close();
    await shape.stop();
  });
  return { shape, receiver, target };
}
