import type { ProbeSpec, ProbeType } from '../../src/bus/messages.js';
import { probeDns } from './dns.js';
import { probeHttp } from './http.js';
import { pingSupported, probePing } from './ping.js';
import { defaultProbeOptions, type ProbeOptions, type Prober } from './probe.js';
import { probeTcp } from './tcp.js';
import { probeTls } from './tls.js';

type ProberRegistry = { [T in ProbeType]: Prober<Extract<ProbeSpec, { type: T }>> };

/** The prober of each probe type. */
export const probers: ProberRegistry = {
  http: probeHttp,
  ping: probePing,
  dns: probeDns,
  tcp: probeTcp,
  tls: probeTls,
};

/** Runs the prober the spec's type names. */
export const probe = (spec: ProbeSpec, signal: AbortSignal, options: ProbeOptions = defaultProbeOptions) =>
  (probers[spec.type] as Prober)(spec, signal, options);

/** Probe types this process can run: ping needs an ICMP socket (raw, or datagram inside ping_group_range). */
export const supportedProbeTypes = (): ProbeType[] =>
  (Object.keys(probers) as ProbeType[]).filter((type) => type !== 'ping' || pingSupported());
