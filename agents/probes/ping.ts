import type { Static } from '@sinclair/typebox';
import type { PingProbeSpec, ProbeResult } from '../../src/bus/messages.js';
import { IcmpSocket, IcmpUnsupportedError } from './icmp-socket.js';
import type { IcmpSocketKind } from './icmp-transport.js';
import { defaultProbeOptions, down, reasonOf, runProbe, up, type ProbeContext, type ProbeOptions, type Prober } from './probe.js';
import { literalTarget, resolveTarget } from './target.js';

type PingSpec = Static<typeof PingProbeSpec>;

/** Process-wide: every ping shares these two sockets (see icmp-socket.ts for the privileges needed). */
const sockets = { 4: new IcmpSocket(4), 6: new IcmpSocket(6) } as const;

/** The socket kind pings go out on (raw, else datagram), or null when this process may not ping. */
export function pingSocketKind(): IcmpSocketKind | null {
  return sockets[4].kind();
}

/** Whether this process may send pings; the options endpoint offers ping only where it is true. */
export function pingSupported(): boolean {
  return pingSocketKind() !== null;
}

/** One ICMP echo request; up when its reply arrives before the timeout. */
export const probePing: Prober<PingSpec> = (spec, signal, options = defaultProbeOptions) =>
  runProbe(spec.timeoutMs, signal, (ctx) => pingProbe(spec, ctx, options));

async function pingProbe(spec: PingSpec, ctx: ProbeContext, options: ProbeOptions): Promise<ProbeResult> {
  const target = literalTarget(spec.hostname, options) ?? (await resolveTarget(spec.hostname, ctx, options, spec.timeoutMs));
  const sentAt = ctx.elapsed();
  try {
    await sockets[target.family].echo(target.address, ctx);
  } catch (error) {
    if (error instanceof IcmpUnsupportedError) return { ...down(ctx, error.message), state: 'unsupported' };
    if (ctx.stopReason) return down(ctx, reasonOf(ctx.stopReason), { ping: { sent: 1, received: 0, rttMs: null } });
    throw error;
  }
  const rttMs = Math.round((ctx.elapsed() - sentAt) * 100) / 100;
  return up(ctx, { ping: { sent: 1, received: 1, rttMs } });
}

/** Closes the shared sockets (process shutdown; a later ping reopens them). */
export function closePingSockets(): void {
  sockets[4].close();
  sockets[6].close();
}
