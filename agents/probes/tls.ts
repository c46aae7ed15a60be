import { isIP } from 'node:net';
import { connect, type DetailedPeerCertificate } from 'node:tls';
import type { Static } from '@sinclair/typebox';
import type { ProbeResult, TlsProbeSpec } from '../../src/bus/messages.js';
import { certificateInfo } from './certificate.js';
import { defaultProbeOptions, markPhase, ProbeFailure, runProbe, up, type ProbeContext, type ProbeOptions, type Prober } from './probe.js';
import { resolveTarget } from './target.js';
import { secureContextFor } from './tls-context.js';

type TlsSpec = Static<typeof TlsProbeSpec>;

/**
 * Handshakes with SNI and reads the certificate chain. An untrusted, expired or mismatched
 * certificate is still `up`: those verdicts are data for the domain logic, which decides.
 */
export const probeTls: Prober<TlsSpec> = (spec, signal, options = defaultProbeOptions) =>
  runProbe(spec.timeoutMs, signal, (ctx) => tlsProbe(spec, ctx, options));

async function tlsProbe(spec: TlsSpec, ctx: ProbeContext, options: ProbeOptions): Promise<ProbeResult> {
  const hostname = spec.hostname.replace(/^\[|\]$/g, '');
  const target = await resolveTarget(hostname, ctx, options, spec.timeoutMs);
  const certificate = await new Promise<ProbeResult['certificate']>((resolve, reject) => {
    const started = ctx.elapsed();
    let connected = started;
    const secureContext = secureContextFor(options.extraCa);
    const socket = connect({
      host: target.address,
      port: spec.port,
      rejectUnauthorized: false,
      // The chain verdict alone; the host name is judged apart so both verdicts reach the result.
      checkServerIdentity: () => undefined,
      ...(isIP(hostname) === 0 ? { servername: hostname } : {}),
      ...(secureContext ? { secureContext } : {}),
    });
    const off = ctx.onStop((reason) => {
      socket.destroy();
      reject(reason);
    });
    const settle = (): void => {
      off();
      socket.destroy();
    };
    socket.once('connect', () => {
      connected = markPhase(ctx, 'connectMs', started);
    });
    socket.once('secureConnect', () => {
      markPhase(ctx, 'tlsMs', connected);
      const leaf = socket.getPeerCertificate(true) as DetailedPeerCertificate;
      const authorizationError = socket.authorizationError as unknown as string | undefined;
      const authorized = socket.authorized;
      settle();
      if (!leaf || Object.keys(leaf).length === 0) reject(new ProbeFailure('server sent no certificate'));
      else resolve(certificateInfo(leaf, hostname, authorized, authorizationError));
    });
    socket.once('error', (error) => {
      settle();
      reject(error);
    });
    socket.once('close', () => {
      settle();
      reject(new ProbeFailure('connection closed during the TLS handshake'));
    });
  });
  return up(ctx, { certificate });
}
