import type { ProbePhases, ProbeResult, ProbeSpec } from '../../src/bus/messages.js';
import type { Static } from '@sinclair/typebox';
import { onCancel } from './cancellation.js';

/** Agent-wide settings every prober may read. */
export interface ProbeOptions {
  /** DNS server as `ip` or `ip:port` (`[v6]:port`); unset: the system's servers from resolv.conf. */
  resolver?: string;
  /** Hosts file asked before DNS for the host names of checks and domains; unset: /etc/hosts. */
  hostsFile?: string;
  /** When false, targets resolving to loopback, private, link-local or unique-local addresses are refused. */
  allowPrivateTargets: boolean;
  /** PEM certificates trusted in addition to the system roots (private CAs). */
  extraCa?: string[];
}

export const defaultProbeOptions: ProbeOptions = { allowPrivateTargets: false };

/**
 * One signature for every probe type, after blackbox_exporter's prober functions. A prober never
 * throws, never outlives its timeout, and releases every socket and timer before it resolves.
 */
export type Prober<S extends ProbeSpec = ProbeSpec> = (spec: S, signal: AbortSignal, options?: ProbeOptions) => Promise<ProbeResult>;

/** A failure whose message is already the reason a person reads. */
export class ProbeFailure extends Error {}

/** Something that may stop: `onStop` returns the function that unregisters the listener. */
export interface Stoppable {
  onStop(listener: (reason: Error) => void): () => void;
}

/**
 * What a prober's body works with: its stop notice (deadline or cancellation) and its clock. A
 * plain listener list rather than an AbortSignal: EventTarget costs more than the ping it guards.
 */
export interface ProbeContext extends Stoppable {
  /** Why the probe was stopped; null while it runs. */
  readonly stopReason: Error | null;
  phases: Static<typeof ProbePhases>;
  /** Milliseconds since the probe started. */
  elapsed(): number;
}

class ProbeRun implements ProbeContext {
  stopReason: Error | null = null;
  phases: Static<typeof ProbePhases> = {};
  private listeners: Array<(reason: Error) => void> = [];
  private readonly started = performance.now();

  elapsed(): number {
    return performance.now() - this.started;
  }

  onStop(listener: (reason: Error) => void): () => void {
    if (this.stopReason) {
      const reason = this.stopReason;
      queueMicrotask(() => listener(reason));
      return () => undefined;
    }
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  stop(reason: Error): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener(reason);
  }
}

/** Settles with `work`, or rejects with the stop reason if the probe stops first (the work is abandoned). */
export function untilStopped<T>(ctx: Stoppable, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const off = ctx.onStop(reject);
    work.then(
      (value) => {
        off();
        resolve(value);
      },
      (error: unknown) => {
        off();
        reject(error);
      },
    );
  });
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

export function up(ctx: ProbeContext, extra: Partial<ProbeResult> = {}): ProbeResult {
  return { state: 'up', reason: null, latencyMs: round(ctx.elapsed()), phases: ctx.phases, ...extra };
}

export function down(ctx: ProbeContext, reason: string, extra: Partial<ProbeResult> = {}): ProbeResult {
  return { state: 'down', reason, latencyMs: round(ctx.elapsed()), phases: ctx.phases, ...extra };
}

/** Records a phase as the time since `from` (ms since start) and returns now, so phases chain. */
export function markPhase(ctx: ProbeContext, phase: keyof ProbeContext['phases'], from: number): number {
  const now = ctx.elapsed();
  ctx.phases[phase] = round(now - from);
  return now;
}

class ProbeTimeout extends Error {}
class ProbeCancelled extends Error {}

/** Whether the probe stopped because its timeout passed (not because it was cancelled). */
export const deadlinePassed = (ctx: ProbeContext): boolean => ctx.stopReason instanceof ProbeTimeout;

/**
 * Runs a prober body under one deadline. The body must settle once the context stops (by
 * destroying its sockets); whatever it throws becomes a `down` result with a readable reason. A
 * body may also resolve on stop when the deadline is part of its verdict (the TCP banner read).
 */
export async function runProbe(timeoutMs: number, signal: AbortSignal, body: (ctx: ProbeContext) => Promise<ProbeResult>): Promise<ProbeResult> {
  const ctx = new ProbeRun();
  if (signal.aborted) return down(ctx, 'cancelled');
  const timer = setTimeout(() => ctx.stop(new ProbeTimeout(`timeout after ${timeoutMs} ms`)), timeoutMs);
  const forget = onCancel(signal, () => ctx.stop(new ProbeCancelled('cancelled')));
  try {
    return await body(ctx);
  } catch (error) {
    return down(ctx, reasonOf(ctx.stopReason ?? error));
  } finally {
    clearTimeout(timer);
    forget();
  }
}

const codeReasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  ENOTFOUND: 'name not found',
  ENODATA: 'no record of that type',
  ESERVFAIL: 'DNS server failure',
  EREFUSED: 'DNS query refused',
  ETIMEOUT: 'DNS timeout',
  EBADRESP: 'bad DNS response',
  ECANCELLED: 'cancelled',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS error: certificate does not match the host name',
};

const tlsCodes = /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_OSSL_)/;

/** Turns whatever failed into one line a person can read. */
export function reasonOf(error: unknown): string {
  if (error instanceof ProbeFailure || error instanceof ProbeTimeout || error instanceof ProbeCancelled) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string') {
    const known = codeReasons[code];
    if (known) return known;
    if (tlsCodes.test(code)) return `TLS error: ${message}`;
  }
  return message || 'probe failed';
}
