import { Type, type Static } from '@sinclair/typebox';

/** What a probe is asked to do. One variant per probe type; the agent never reads the database. */
export const HttpProbeSpec = Type.Object({
  type: Type.Literal('http'),
  protocol: Type.Union([Type.Literal('http'), Type.Literal('https')]),
  /** Host name or address, optionally with a port as in a URL authority (`example.com:8443`, `[::1]:8080`). */
  hostname: Type.String(),
  path: Type.String(),
  method: Type.String(),
  timeoutMs: Type.Integer({ minimum: 1 }),
  /** Accepted status classes such as `2XX`. */
  responseClasses: Type.Array(Type.String()),
  followRedirects: Type.Boolean(),
});

export const PingProbeSpec = Type.Object({
  type: Type.Literal('ping'),
  hostname: Type.String(),
  timeoutMs: Type.Integer({ minimum: 1 }),
});

export const DnsRecordType = Type.Union(['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT'].map((t) => Type.Literal(t)));

export const DnsProbeSpec = Type.Object({
  type: Type.Literal('dns'),
  hostname: Type.String(),
  recordType: DnsRecordType,
  expectedValues: Type.Array(Type.String()),
  timeoutMs: Type.Integer({ minimum: 1 }),
});

export const TcpProbeSpec = Type.Object({
  type: Type.Literal('tcp'),
  hostname: Type.String(),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  bannerOperator: Type.Union([Type.Literal('none'), Type.Literal('contains'), Type.Literal('not_contains')]),
  bannerValue: Type.String(),
  timeoutMs: Type.Integer({ minimum: 1 }),
});

export const TlsProbeSpec = Type.Object({
  type: Type.Literal('tls'),
  hostname: Type.String(),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  timeoutMs: Type.Integer({ minimum: 1 }),
});

export const ProbeSpec = Type.Union([HttpProbeSpec, PingProbeSpec, DnsProbeSpec, TcpProbeSpec, TlsProbeSpec]);
export type ProbeSpec = Static<typeof ProbeSpec>;
export type ProbeType = ProbeSpec['type'];

export const CertificateInfo = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  subjectAltNames: Type.Array(Type.String()),
  notBefore: Type.String({ description: 'ISO 8601 UTC' }),
  notAfter: Type.String({ description: 'ISO 8601 UTC' }),
  serialNumber: Type.String(),
  fingerprintSha256: Type.String(),
  /** Chain from the leaf up, as the server sent it. */
  chain: Type.Array(Type.Object({ subject: Type.String(), issuer: Type.String(), notAfter: Type.String(), fingerprintSha256: Type.String() })),
  trusted: Type.Boolean(),
  hostnameMatches: Type.Boolean(),
  /** Why the chain was not trusted, as a person can read it; null when trusted. */
  verificationError: Type.Union([Type.String(), Type.Null()]),
});
export type CertificateInfo = Static<typeof CertificateInfo>;

export const ProbePhases = Type.Object({
  dnsMs: Type.Optional(Type.Number()),
  connectMs: Type.Optional(Type.Number()),
  tlsMs: Type.Optional(Type.Number()),
  firstByteMs: Type.Optional(Type.Number()),
});

/**
 * The outcome of one probe. `unsupported` means this agent cannot run the probe type at all
 * (for example no ICMP privilege); the engine treats it as an incompatible location, not as down.
 * `dropped` means the agent could not run it in time (its reason says why): the location is
 * missing from the cycle, never down.
 */
export const ProbeResult = Type.Object({
  state: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('unsupported'), Type.Literal('dropped')]),
  reason: Type.Union([Type.String(), Type.Null()]),
  latencyMs: Type.Number(),
  phases: ProbePhases,
  httpStatus: Type.Optional(Type.Integer()),
  ping: Type.Optional(Type.Object({ sent: Type.Integer(), received: Type.Integer(), rttMs: Type.Union([Type.Number(), Type.Null()]) })),
  dnsAnswers: Type.Optional(Type.Array(Type.String())),
  banner: Type.Optional(Type.String()),
  certificate: Type.Optional(CertificateInfo),
});
export type ProbeResult = Static<typeof ProbeResult>;

/** Published by the engine on `vantage.probe.<location>`; answered on `resultSubject`. */
export const ProbeRequest = Type.Object({
  requestId: Type.String(),
  /** Check id for uptime checks, domain id for TLS probes of domains. */
  subjectId: Type.Integer(),
  subjectKind: Type.Union([Type.Literal('uptime_check'), Type.Literal('domain')]),
  cycleId: Type.String(),
  location: Type.String(),
  spec: ProbeSpec,
  resultSubject: Type.String(),
  /** ISO 8601; an agent that receives the request after this drops it. */
  deadlineAt: Type.String(),
  /** Someone waits for the answer (test now): the request and its result skip the batch windows. */
  urgent: Type.Optional(Type.Literal(true)),
});
export type ProbeRequest = Static<typeof ProbeRequest>;

/**
 * What crosses `vantage.probe.<location>`: the requests of one location gathered over a short
 * window, so that the bus moves one message per batch instead of one per probe.
 */
export const ProbeRequestBatch = Type.Object({ requests: Type.Array(ProbeRequest) });
export type ProbeRequestBatch = Static<typeof ProbeRequestBatch>;

export const ProbeResultMessage = Type.Object({
  requestId: Type.String(),
  subjectId: Type.Integer(),
  subjectKind: Type.Union([Type.Literal('uptime_check'), Type.Literal('domain')]),
  cycleId: Type.String(),
  location: Type.String(),
  agentId: Type.String(),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  result: ProbeResult,
});
export type ProbeResultMessage = Static<typeof ProbeResultMessage>;

/**
 * Results an agent gathered for one result subject (one engine partition) over a short window,
 * published durably as one JetStream message with a `Nats-Msg-Id` of its own.
 */
export const ProbeResultBatch = Type.Object({ results: Type.Array(ProbeResultMessage) });
export type ProbeResultBatch = Static<typeof ProbeResultBatch>;

/** Published by the API after a committed mutation: the engine reloads the resource from the store. */
export const ChangeNotice = Type.Object({
  kind: Type.Union([
    Type.Literal('uptime_check'),
    Type.Literal('domain'),
    Type.Literal('maintenance_window'),
    Type.Literal('notification_group'),
    Type.Literal('incident'),
    Type.Literal('client'),
  ]),
  id: Type.Integer(),
  action: Type.Union([
    Type.Literal('created'),
    Type.Literal('updated'),
    Type.Literal('deleted'),
    Type.Literal('paused'),
    Type.Literal('resumed'),
    Type.Literal('test_now'),
    Type.Literal('check_now'),
  ]),
  at: Type.String(),
});
export type ChangeNotice = Static<typeof ChangeNotice>;

/** How often an agent announces its capabilities; API processes forget an agent after three silences. */
export const agentCapabilitiesEveryMs = 20_000;

/** Announced by every agent at start and then periodically: which probe types it can run. */
export const AgentCapabilities = Type.Object({
  location: Type.String(),
  agentId: Type.String(),
  probeTypes: Type.Array(Type.Union([Type.Literal('http'), Type.Literal('ping'), Type.Literal('dns'), Type.Literal('tcp'), Type.Literal('tls')])),
  at: Type.String(),
});
export type AgentCapabilities = Static<typeof AgentCapabilities>;
