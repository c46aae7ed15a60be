import { isIP } from 'node:net';
import { canonicalAddress, isPrivateAddress } from '../../src/domain/private-address.js';
import { hostsFileAddresses } from '../../src/resolution/system-hosts.js';
import { withResolver } from './resolver.js';
import { markPhase, ProbeFailure, reasonOf, type ProbeContext, type ProbeOptions } from './probe.js';

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/** Splits a URL-style authority (`example.com:8443`, `[2001:db8::1]:8080`, `::1`) into host and port. */
export function parseAuthority(authority: string, defaultPort: number): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(authority);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ? Number(bracketed[2]) : defaultPort };
  if (isIP(authority) === 6) return { host: authority, port: defaultPort };
  const withPort = /^(.*):(\d+)$/.exec(authority);
  if (withPort) return { host: withPort[1]!, port: Number(withPort[2]) };
  return { host: authority, port: defaultPort };
}

const missingRecord = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * Resolves a host name to ONE address, so the connection uses a single family: with both
 * families, Node's Happy Eyeballs would split the probe's timeout between attempts. As the
 * system does, the hosts file answers first; then DNS, IPv4 first, AAAA only when the name has
 * no A record. IP literals skip both. Every answer passes the same private-address rule.
 */
export async function resolveTarget(host: string, ctx: ProbeContext, options: ProbeOptions, timeoutMs: number): Promise<ResolvedTarget> {
  return literalTarget(host, options) ?? allowed(await lookUp(unbracketed(host), ctx, options, timeoutMs), options);
}

/**
 * The target of an IP literal, without a trip through the event loop (a ping costs a few
 * microseconds; an extra await is a measurable share of it). Null: the host is a name.
 */
export function literalTarget(host: string, options: ProbeOptions): ResolvedTarget | null {
  const bare = unbracketed(host);
  // `127.1` or `2130706433` name an address as a URL or inet_aton reads them, not a DNS name.
  const address = isIP(bare) !== 0 ? bare : canonicalAddress(bare);
  return address === null ? null : allowed({ address, family: isIP(address) as 4 | 6 }, options);
}

const unbracketed = (host: string): string => (host.charCodeAt(0) === 91 /* [ */ ? host.slice(1, host.endsWith(']') ? -1 : undefined) : host);

function allowed(target: ResolvedTarget, options: ProbeOptions): ResolvedTarget {
  if (!options.allowPrivateTargets && isPrivateAddress(target.address)) throw new ProbeFailure('private address refused');
  return target;
}

/** The hosts file's first IPv4 address of the name, else its first IPv6 one; null when it does not list the name. */
function fromHostsFile(host: string, options: ProbeOptions): ResolvedTarget | null {
  const listed = hostsFileAddresses(host, options.hostsFile);
  return listed ? (listed.find((entry) => entry.family === 4) ?? listed[0] ?? null) : null;
}

async function lookUp(host: string, ctx: ProbeContext, options: ProbeOptions, timeoutMs: number): Promise<ResolvedTarget> {
  const listed = fromHostsFile(host, options);
  if (listed) return listed;
  const started = ctx.elapsed();
  try {
    const target = await withResolver(options, ctx, timeoutMs, async (resolver) => {
      try {
        const [v4] = await resolver.resolve4(host);
        if (v4) return { address: v4, family: 4 as const };
      } catch (error) {
        if (!missingRecord.has((error as { code?: string }).code ?? '')) throw error;
      }
      const [v6] = await resolver.resolve6(host);
      if (!v6) throw new ProbeFailure(`cannot resolve ${host}: no address`);
      return { address: v6, family: 6 as const };
    });
    markPhase(ctx, 'dnsMs', started);
    return target;
  } catch (error) {
    if (ctx.stopReason) throw error;
    throw new ProbeFailure(`cannot resolve ${host}: ${reasonOf(error)}`);
  }
}
