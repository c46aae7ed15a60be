import { connect, isIP } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { Static } from '@sinclair/typebox';
import type { HttpProbeSpec, ProbeResult } from '../../src/bus/messages.js';
import { defaultProbeOptions, down, markPhase, ProbeFailure, runProbe, up, type ProbeContext, type ProbeOptions, type Prober } from './probe.js';
import { describeClasses, statusAccepted } from './response-class.js';
import { HttpResponseReader, type ResponseOutline } from './http-response-reader.js';
import { parseAuthority, resolveTarget, type ResolvedTarget } from './target.js';
import { secureContextFor } from './tls-context.js';

type HttpSpec = Static<typeof HttpProbeSpec>;

const maxRedirects = 5;
/** Enough body to prove the server answers; more would only cost memory per probe in flight. */
const maxBodyBytes = 64 * 1024;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export const probeHttp: Prober<HttpSpec> = (spec, signal, options = defaultProbeOptions) =>
  runProbe(spec.timeoutMs, signal, (ctx) => followChain(spec, ctx, options));

async function followChain(spec: HttpSpec, ctx: ProbeContext, options: ProbeOptions): Promise<ProbeResult> {
  let url = startUrl(spec);
  let method = spec.method.toUpperCase();
  const visited = new Set<string>();
  for (let hop = 0; ; hop++) {
    visited.add(url.href);
    const { status, location } = await exchange(url, method, spec.timeoutMs, ctx, options);
    if (spec.followRedirects && redirectStatuses.has(status) && location !== undefined) {
      const next = redirectTarget(url, location);
      if (visited.has(next.href)) return down(ctx, `redirect loop at ${next.href}`, { httpStatus: status });
      if (hop + 1 > maxRedirects) return down(ctx, `more than ${maxRedirects} redirects`, { httpStatus: status });
      if (status === 303 && method !== 'HEAD') method = 'GET';
      url = next;
      continue;
    }
    if (statusAccepted(status, spec.responseClasses)) return up(ctx, { httpStatus: status });
    return down(ctx, `status ${status} not in ${describeClasses(spec.responseClasses)}`, { httpStatus: status });
  }
}

function startUrl(spec: HttpSpec): URL {
  const path = spec.path.startsWith('/') ? spec.path : `/${spec.path}`;
  try {
    return new URL(`${spec.protocol}://${spec.hostname}${path}`);
  } catch {
    throw new ProbeFailure(`invalid URL ${spec.protocol}://${spec.hostname}${path}`);
  }
}

function redirectTarget(from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new ProbeFailure(`invalid redirect location ${location}`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new ProbeFailure(`redirect to unsupported URL ${next.href}`);
  return next;
}

/** Request methods go on the request line as they are: anything but a token could smuggle a second request. */
const methodToken = /^[A-Z]{1,16}$/;

/**
 * One request on a fresh connection (no pooling, no keep-alive, no TLS session reuse) to one
 * resolved address, written and read on the socket itself: Node's HTTP client (an agent, a
 * request and a response object, their streams and events per exchange) cost twice what the
 * connection does, and a probe needs only the status, the Location and proof that the body comes.
 */
async function exchange(url: URL, method: string, timeoutMs: number, ctx: ProbeContext, options: ProbeOptions): Promise<ResponseOutline> {
  if (!methodToken.test(method)) throw new ProbeFailure(`invalid request method ${JSON.stringify(method)}`);
  const secure = url.protocol === 'https:';
  const { host, port } = parseAuthority(url.host, secure ? 443 : 80);
  const target = await resolveTarget(host, ctx, options, timeoutMs);
  const requestStarted = ctx.elapsed();
  return new Promise<ResponseOutline>((resolve, reject) => {
    const socket = secure ? tlsConnection(target, port, host, options) : connect({ host: target.address, family: target.family, port, noDelay: true });
    const reader = new HttpResponseReader(method, maxBodyBytes);
    let answered = false;
    /** Ends the exchange once, with the response's outline or with what failed. */
    const settle = (outcome: ResponseOutline | Error): void => {
      if (answered) return;
      answered = true;
      off();
      socket.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    /** A complete response, or a malformed one, ends the exchange. */
    const read = (step: () => ResponseOutline | null): void => {
      let outline: ResponseOutline | null;
      try {
        outline = step();
      } catch (error) {
        settle(error as Error);
        return;
      }
      if (outline) settle(outline);
    };
    const off = ctx.onStop(settle);
    socket.once('connect', () => {
      const connected = markPhase(ctx, 'connectMs', requestStarted);
      if (secure) socket.once('secureConnect', () => markPhase(ctx, 'tlsMs', connected));
    });
    socket.on('data', (chunk: Buffer) => {
      if (ctx.phases.firstByteMs === undefined) markPhase(ctx, 'firstByteMs', requestStarted);
      read(() => reader.push(chunk));
    });
    socket.once('end', () => read(() => reader.end()));
    // on, not once: a TLS socket may report a second error while it is torn down.
    socket.on('error', settle);
    socket.write(`${method} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nuser-agent: Vantage-Probe/1.0\r\naccept: */*\r\n${bodyless.has(method) ? '' : 'content-length: 0\r\n'}connection: close\r\n\r\n`, 'latin1');
  });
}

/** Methods whose requests carry no body; the others say theirs is empty, as Node's client does. */
const bodyless = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

function tlsConnection(target: ResolvedTarget, port: number, host: string, options: ProbeOptions): TLSSocket {
  const secureContext = secureContextFor(options.extraCa);
  return tlsConnect({
    host: target.address,
    port,
    // SNI carries names only; an IP literal target gets none, as browsers do. The certificate is checked against the name either way.
    ...(isIP(host) === 0 ? { servername: host } : {}),
    ...(secureContext ? { secureContext } : {}),
  });
}
