import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { ProbeRequest, ProbeRequestBatch, ProbeResultBatch } from '../../src/bus/messages.js';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { agentQueue, probeSubject } from '../../src/bus/subjects.js';
import { createLogger } from '../../src/log.js';
import { spawnCli } from '../support/cli.js';
import { until } from './helpers.js';

/** A `vantage engine` process of a test, with its log lines and its ops port. */
export interface EngineProcess {
  child: ChildProcess;
  name: string;
  lines: Array<Record<string, unknown>>;
  opsPort: number;
  output(): string;
  /** The sum of one metric's samples on `/metrics`, by label filter. */
  metric(name: string, labels?: Record<string, string>): Promise<number>;
}

export async function startEngineProcess(name: string, env: Record<string, string | undefined>): Promise<EngineProcess> {
  const child = spawnCli(['engine'], { LOG_LEVEL: 'info', ...env });
  let text = '';
  const lines: Array<Record<string, unknown>> = [];
  let pending = '';
  const take = (chunk: Buffer): void => {
    text += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop()!;
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const running = await until(`engine ${name} to run`, async () => {
    if (child.exitCode !== null) throw new Error(`engine ${name} exited with ${child.exitCode}: ${text}`);
    return lines.find((line) => line.msg === 'engine running');
  }, 60_000);
  const opsPort = running.opsPort as number;
  return {
    child,
    name,
    lines,
    opsPort,
    output: () => text,
    metric: async (metric, labels = {}) => {
      const body = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
      let sum = 0;
      for (const line of body.split('\n')) {
        const match = /^([a-z_:]+)(\{[^}]*\})?\s+([-0-9.e+]+)$/i.exec(line);
        if (!match || match[1] !== metric) continue;
        if (Object.entries(labels).every(([key, value]) => (match[2] ?? '').includes(`${key}="${value}"`))) sum += Number(match[3]);
      }
      return sum;
    },
  };
}

/** SIGTERM, then the exit code (SIGKILL after `graceMs`). */
export async function stopEngineProcess(engine: EngineProcess, graceMs = 30_000): Promise<number | null> {
  const { child } = engine;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const [code] = await exited;
  clearTimeout(timer);
  return code;
}

/** An in-test agent for some locations that answers every probe alike, recording each request it got and when. */
export async function startAnsweringAgent(servers: string[], cluster: string, locations: string[], state: 'up' | 'down') {
  const bus = await NatsBus.connect({ servers, namespace: cluster }, createLogger('silent'));
  const requests: Array<{ at: number; request: ProbeRequest }> = [];
  for (const location of locations) {
    bus.subscribe(
      probeSubject(location),
      async (_subject, data) => {
        const batch = data as ProbeRequestBatch;
        const now = new Date().toISOString();
        // Answered as an agent does: one result batch per result subject.
        const bySubject = new Map<string, ProbeResultBatch>();
        for (const request of batch.requests) {
          requests.push({ at: Date.now(), request });
          const results = bySubject.get(request.resultSubject) ?? { results: [] };
          bySubject.set(request.resultSubject, results);
          results.results.push({
            requestId: request.requestId,
            subjectId: request.subjectId,
            subjectKind: request.subjectKind,
            cycleId: request.cycleId,
            location,
            agentId: `test-${location}`,
            startedAt: now,
            finishedAt: now,
            result: { state, reason: state === 'up' ? null : 'connection refused', latencyMs: 3, phases: {} },
          });
        }
        for (const [subject, results] of bySubject) await bus.publishDurable(subject, results);
      },
      { queue: agentQueue(location) },
    );
  }
  return { bus, requests };
}
