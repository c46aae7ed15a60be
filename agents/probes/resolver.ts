import { Resolver } from 'node:dns/promises';
import type { ProbeContext, ProbeOptions } from './probe.js';

/**
 * A fresh c-ares resolver for one probe: its own timeout, one try, and the configured server.
 * Never `dns.lookup`: that runs on libuv's small thread pool, where a slow name would stall every
 * other probe and the probe's own timeout could not stop it.
 */
export function probeResolver(options: ProbeOptions, ctx: ProbeContext, timeoutMs: number): Resolver {
  const resolver = new Resolver({ timeout: Math.max(1, Math.ceil(timeoutMs - ctx.elapsed())), tries: 1 });
  if (options.resolver) resolver.setServers([options.resolver]);
  return resolver;
}

/** Runs `query` on a fresh resolver, cancelling it when the probe's deadline or cancellation fires. */
export async function withResolver<T>(
  options: ProbeOptions,
  ctx: ProbeContext,
  timeoutMs: number,
  query: (resolver: Resolver) => Promise<T>,
): Promise<T> {
  const resolver = probeResolver(options, ctx, timeoutMs);
  const cancel = (): void => resolver.cancel();
  ctx.signal.addEventListener('abort', cancel, { once: true });
  try {
    return await query(resolver);
  } finally {
    ctx.signal.removeEventListener('abort', cancel);
  }
}
