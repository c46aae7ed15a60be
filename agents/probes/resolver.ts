import { Resolver } from 'node:dns/promises';
import { untilStopped, type ProbeContext, type ProbeOptions } from './probe.js';

/**
 * c-ares resolvers shared by the probes that use the same server and timeout (rounded up to the
 * second). Never `dns.lookup`: it runs on libuv's small thread pool, where a slow name would
 * stall every other probe and the probe's timeout could not stop it. Never a resolver per probe
 * either: each would open and close its own UDP socket. This Node's c-ares caches no answers,
 * so every probe still asks the server.
 */
const resolvers = new Map<string, Resolver>();

function resolverFor(options: ProbeOptions, timeoutMs: number): Resolver {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const key = `${options.resolver ?? 'system'}|${seconds}`;
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = new Resolver({ timeout: seconds * 1000, tries: 1 });
    if (options.resolver) resolver.setServers([options.resolver]);
    resolvers.set(key, resolver);
  }
  return resolver;
}

/**
 * Runs `query` on the shared resolver. When the probe stops first, the query is abandoned (a shared
 * resolver cannot cancel one query alone); c-ares drops it by its own timeout, at most a second later.
 */
export function withResolver<T>(options: ProbeOptions, ctx: ProbeContext, timeoutMs: number, query: (resolver: Resolver) => Promise<T>): Promise<T> {
  return untilStopped(ctx, query(resolverFor(options, timeoutMs)));
}
