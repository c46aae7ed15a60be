import { randomUUID } from 'node:crypto';
import type { ProbeRequest, ProbeSpec } from '../../../src/bus/messages.js';

export const probeRequest = (location: string, resultSubject: string, spec: ProbeSpec, deadlineInMs = 10_000): ProbeRequest => ({
  requestId: randomUUID(),
  subjectId: 1,
  subjectKind: 'uptime_check',
  cycleId: 'cycle-1',
  location,
  spec,
  resultSubject,
  deadlineAt: new Date(Date.now() + deadlineInMs).toISOString(),
});

/** A TCP spec that holds its connection `ms` (the server stays silent; `not_contains` waits out the read window). */
export const tcpHolding = (port: number, ms: number): ProbeSpec => ({
  type: 'tcp',
  hostname: '127.0.0.1',
  port,
  bannerOperator: 'not_contains',
  bannerValue: 'x',
  timeoutMs: ms,
});
