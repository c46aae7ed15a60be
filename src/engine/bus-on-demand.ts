import { randomBytes } from 'node:crypto';
import type { OnDemandProbe, RunSummary } from '../api/on-demand-probe.js';
import type { Bus, BusSubscription } from '../bus/bus.js';
import { partitionOf } from '../bus/subjects.js';
import { CheckNotRunHere } from './on-demand.js';

/** Test-now requests go to the replica owning the check's partition; only that replica listens. */
export const testNowSubject = (partition: number): string => `vantage.engine.test-now.${partition}`;

interface TestNowRequest {
  checkId: number;
  replySubject: string;
}

type TestNowReply =
  | { ok: true; summary: Omit<RunSummary, 'startedAt' | 'finishedAt'> & { startedAt: string; finishedAt: string } }
  | { ok: false; notRunHere: boolean; message: string };

/** The longest probe timeout (30 s) plus the engine's margin and travel time. */
const defaultTimeoutMs = 45_000;

/**
 * Test-now for a process that runs the API without the engine (the distributed shape): asks the
 * engine replica owning the check over the bus and waits for its answer.
 */
export class BusOnDemandProbe implements OnDemandProbe {
  constructor(
    private readonly bus: Bus,
    private readonly partitions: number,
    private readonly timeoutMs = defaultTimeoutMs,
  ) {}

  async runNow(checkId: number): Promise<RunSummary> {
    const replySubject = `vantage.engine.test-now-reply.${randomBytes(8).toString('hex')}`;
    let subscription: BusSubscription | undefined;
    let timer: NodeJS.Timeout | undefined;
    const reply = new Promise<TestNowReply>((resolve, reject) => {
      subscription = this.bus.subscribe(replySubject, (_subject, data) => resolve(data as TestNowReply));
      timer = setTimeout(() => reject(new CheckNotRunHere(`no engine answered test-now for check ${checkId} within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      const request: TestNowRequest = { checkId, replySubject };
      await this.bus.publish(testNowSubject(partitionOf(checkId, this.partitions)), request);
      const answer = await reply;
      if (!answer.ok) throw answer.notRunHere ? new CheckNotRunHere(answer.message) : new Error(answer.message);
      return { ...answer.summary, startedAt: new Date(answer.summary.startedAt), finishedAt: new Date(answer.summary.finishedAt) };
    } finally {
      clearTimeout(timer);
      await subscription?.stop();
    }
  }
}

/**
 * The engine side: answers test-now requests for the checks of the partitions it owns with the
 * local on-demand probe. One subscription for every partition; requests for partitions owned
 * elsewhere are left to their owner.
 */
export function serveTestNow(bus: Bus, owns: (checkId: number) => boolean, local: OnDemandProbe): BusSubscription {
  return bus.subscribe('vantage.engine.test-now.*', async (_subject, data) => {
    const request = data as Partial<TestNowRequest>;
    if (typeof request.checkId !== 'number' || typeof request.replySubject !== 'string') return;
    if (!owns(request.checkId)) return;
    let answer: TestNowReply;
    try {
      const summary = await local.runNow(request.checkId);
      answer = { ok: true, summary: { ...summary, startedAt: summary.startedAt.toISOString(), finishedAt: summary.finishedAt.toISOString() } };
    } catch (error) {
      answer = { ok: false, notRunHere: error instanceof CheckNotRunHere, message: error instanceof Error ? error.message : String(error) };
    }
    await bus.publish(request.replySubject, answer);
  });
}
