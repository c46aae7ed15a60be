import * as http from 'node:http';
import * as https from 'node:https';
import { isIP } from 'node:net';
import type { SecureContext, TLSSocket } from 'node:tls';
import type { Static } from '@sinclair/typebox';
import type { HttpProbeSpec, ProbeResult } from '../../src/bus/messages.js';
import { defaultProbeOptions, down, markPhase, ProbeFailure, runProbe, up, type ProbeContext, type ProbeOptions, type Prober } from './probe.js';
import { describeClasses, statusAccepted } from './response-class.js';
import { parseAuthority, resolveTarget } from './target.js';
import { secureContextFor } from './tls-context.js';

type HttpSpec = Static<typeof HttpProbeSpec>;

const maxRedirects = 5;
/** Enough body to prove the server answers; more would only cost memory per probe in flight. */
const maxBodyBytes = 64 * 1024;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

interface Exchange {
  status: number;
  location: string | undefined;
}

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

/** One request on a fresh connection (no agent, no keep-alive, no TLS session reuse) to one resolved address. */
async function exchange(url: URL, method: string, timeoutMs: number, ctx: ProbeContext, options: ProbeOptions): Promise<Exchange> {
  const secure = url.protocol === 'https:';
  const { host, port } = parseAuthority(url.host, secure ? 443 : 80);
  const target = await resolveTarget(host, ctx, options, timeoutMs);
  const requestStarted = ctx.elapsed();
  return new Promise<Exchange>((resolve, reject) => {
    const requestOptions: https.RequestOptions & { secureContext?: SecureContext } = {
      host: target.address,
      family: target.family,
      port,
      path: `${url.pathname}${url.search}`,
      method,
      headers: { host: url.host, 'user-agent': 'Vantage-Probe/1.0', accept: '*/*', connection: 'close' },
      agent: false,
    };
    if (secure) {
      // SNI carries names only; an IP literal target gets none, as browsers do.
      if (isIP(host) === 0) requestOptions.servername = host;
      const secureContext = secureContextFor(options.extraCa);
      if (secureContext) requestOptions.secureContext = secureContext;
    }
    const request = (secure ? https : http).request(requestOptions);
    const off = ctx.onStop((reason) => request.destroy(reason));
    const fail = (error: Error): void => {
      off();
      reject(error);
    };
    request.once('socket', (socket) => {
      socket.once('connect', () => {
        const connected = markPhase(ctx, 'connectMs', requestStarted);
        if (secure) (socket as TLSSocket).once('secureConnect', () => markPhase(ctx, 'tlsMs', connected));
      });
    });
    request.once('response', (response) => {
      markPhase(ctx, 'firstByteMs', requestStarted);
      const done = (): void => {
        off();
        request.destroy();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      };
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= maxBodyBytes) done();
      });
      response.once('end', done);
      response.once('error', fail);
      response.once('close', () => fail(new Error('connection closed before the response ended')));
    });
    request.once('error', fail);
    request.end();
  });
}
