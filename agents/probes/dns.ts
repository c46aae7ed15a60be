import type { Resolver } from 'node:dns/promises';
import type { Static } from '@sinclair/typebox';
import type { DnsProbeSpec, ProbeResult } from '../../src/bus/messages.js';
import { missingValues, normaliseAddress, normaliseHostName, type DnsRecordKind } from './dns-answers.js';
import { defaultProbeOptions, down, markPhase, ProbeFailure, reasonOf, runProbe, up, type ProbeContext, type ProbeOptions, type Prober } from './probe.js';
import { withResolver } from './resolver.js';

type DnsSpec = Static<typeof DnsProbeSpec>;

export const probeDns: Prober<DnsSpec> = (spec, signal, options = defaultProbeOptions) =>
  runProbe(spec.timeoutMs, signal, (ctx) => dnsProbe(spec, ctx, options));

async function dnsProbe(spec: DnsSpec, ctx: ProbeContext, options: ProbeOptions): Promise<ProbeResult> {
  const kind = spec.recordType as DnsRecordKind;
  const answers = await withResolver(options, ctx, spec.timeoutMs, (resolver) => query(resolver, kind, spec.hostname)).catch((error: unknown) => {
    if (ctx.stopReason) throw error;
    throw new ProbeFailure(describeDnsError(error, kind, spec.hostname));
  });
  markPhase(ctx, 'dnsMs', 0);
  const missing = missingValues(kind, spec.expectedValues, answers);
  if (missing.length === 1) return down(ctx, `expected value ${missing[0]} missing`, { dnsAnswers: answers });
  if (missing.length > 1) return down(ctx, `expected values ${missing.join(', ')} missing`, { dnsAnswers: answers });
  return up(ctx, { dnsAnswers: answers });
}

/** Answers as comparable strings: addresses canonical, names lower-case without the root dot, MX as `priority host`. */
async function query(resolver: Resolver, kind: DnsRecordKind, hostname: string): Promise<string[]> {
  switch (kind) {
    case 'A':
      return (await resolver.resolve4(hostname)).map(normaliseAddress);
    case 'AAAA':
      return (await resolver.resolve6(hostname)).map(normaliseAddress);
    case 'CNAME':
      return (await resolver.resolveCname(hostname)).map(normaliseHostName);
    case 'NS':
      return (await resolver.resolveNs(hostname)).map(normaliseHostName);
    case 'MX':
      return (await resolver.resolveMx(hostname)).map((mx) => `${mx.priority} ${normaliseHostName(mx.exchange)}`);
    case 'TXT':
      return (await resolver.resolveTxt(hostname)).map((chunks) => chunks.join(''));
  }
}

function describeDnsError(error: unknown, kind: DnsRecordKind, hostname: string): string {
  switch ((error as { code?: string }).code) {
    case 'ENODATA':
      return `no ${kind} record for ${hostname}`;
    case 'ENOTFOUND':
      return `${hostname} does not exist`;
    case 'ETIMEOUT':
      return 'DNS server did not answer';
    case 'ECONNREFUSED':
      return 'DNS server refused the connection';
    default:
      return reasonOf(error);
  }
}
