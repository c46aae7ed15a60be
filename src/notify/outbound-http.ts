import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { classifyAddress } from '../domain/private-address.js';
import { hostsFileAddresses } from '../resolution/system-hosts.js';

/** A request that will never succeed as given: bad URL, forbidden scheme or address. Not retried. */
export class OutboundRefused extends Error {}

/** A reused keep-alive socket reset before any answer: the server closed it as the request went out. */
class StaleSocketReset extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}

export interface OutboundOptions {
  /** Let user-given destinations reach loopback, private and link-local addresses (single-machine installs, tests). */
  allowPrivate: boolean;
  /** Extra trusted certificate authorities (PEM), added to Node's built-in roots. */
  extraCa?: string | undefined;
  timeoutMs: number;
  /** Hosts file asked before DNS (VANTAGE_HOSTS_FILE); unset: /etc/hosts. */
  hostsFile?: string | undefined;
}

export interface OutboundRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  /** A user-given destination: only public addresses unless private targets are allowed. Operator-configured endpoints skip the check. */
  userDestination: boolean;
  /** Refuse anything but https:. */
  httpsOnly?: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The start of the body, enough for error details. */
  body: string;
}

const MAX_BODY_BYTES = 64 * 1024;

function parseUrl(raw: string, httpsOnly: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('the destination is not a valid URL');
  }
  if (url.protocol !== 'https:' && (httpsOnly || url.protocol !== 'http:')) {
    throw new OutboundRefused(httpsOnly ? 'only https:// destinations are accepted' : 'only http:// and https:// destinations are accepted');
  }
  if (url.username || url.password) throw new OutboundRefused('credentials in the URL are not accepted');
  return url;
}

/**
 * Resolves the host once and checks every address; the connection then goes to the checked
 * address, so a second, different DNS answer cannot redirect it (DNS rebinding).
 */
async function resolveChecked(hostname: string, check: boolean, hostsFile: string | undefined): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare)
    ? [{ address: bare, family: isIP(bare) as 4 | 6 }]
    : (hostsFileAddresses(bare, hostsFile) ??
      (await dnsLookup(bare, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 })));
  if (addresses.length === 0) throw new Error(`${bare} has no address`);
  if (check) {
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind === 'public') continue;
      const where = address === bare ? `${bare} is` : `${bare} resolves to ${address},`;
      throw new OutboundRefused(`${where} a ${kind} address, which notifications may not reach`);
    }
  }
  return addresses[0]!;
}

const pinnedLookup = (address: string, family: 4 | 6): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;

/** Outbound HTTP(S) for the channels: address checks, pinned connection, no redirects, time-out, bounded reads. */
export class OutboundHttp {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent: https.Agent;
  /** What every TLS connection trusts: on the pool's, and on a fresh socket's request. */
  private readonly tlsOptions: { secureContext?: SecureContext };

  constructor(private readonly options: OutboundOptions) {
    // One secure context for every connection: a `ca` list on the agent would be rebuilt per
    // connection and folded into the pool key of every request.
    this.tlsOptions = options.extraCa ? { secureContext: createSecureContext({ ca: [...rootCertificates, options.extraCa] }) } : {};
    this.httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64, ...this.tlsOptions });
  }

  async request(request: OutboundRequest, signal: AbortSignal): Promise<OutboundResponse> {
    const url = parseUrl(request.url, request.httpsOnly ?? false);
    const { address, family } = await resolveChecked(url.hostname, request.userDestination && !this.options.allowPrivate, this.options.hostsFile);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = AbortSignal.any([signal, timeout]);
    try {
      return await this.send(url, request, pinnedLookup(address, family), combined, timeout);
    } catch (error) {
      // A kept-alive socket the server closed just as it was reused fails before any answer; as
      // Node's documentation advises, the request goes again once, on a fresh socket, rather than
      // waiting for the next retry of the delivery (receivers de-duplicate by delivery_id). Not
      // through the pool: a receiver that closes idle connections closes all of them at once, and
      // the pool's next idle socket is as stale as the first.
      if (!(error instanceof StaleSocketReset)) throw error;
      return this.send(url, request, pinnedLookup(address, family), combined, timeout, 'fresh').catch((again: unknown) => {
        throw again instanceof StaleSocketReset ? again.cause : again;
      });
    }
  }

  private send(
    url: URL,
    request: OutboundRequest,
    lookup: LookupFunction,
    combined: AbortSignal,
    timeout: AbortSignal,
    socket: 'pooled' | 'fresh' = 'pooled',
  ): Promise<OutboundResponse> {
    const isHttps = url.protocol === 'https:';
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    return new Promise<OutboundResponse>((resolve, reject) => {
      const req = (isHttps ? https : http).request(
        url,
        {
          method: request.method,
          headers: { ...request.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
          // https.request hands its options to tls.connect, secureContext included, when it opens the socket itself.
          ...(socket === 'fresh' ? ({ agent: false, ...(isHttps ? this.tlsOptions : {}) } as https.RequestOptions) : { agent: isHttps ? this.httpsAgent : this.httpAgent }),
          lookup,
          signal: combined,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < MAX_BODY_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      let answered = false;
      req.on('response', () => (answered = true));
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (timeout.aborted) return reject(new Error(`no answer within ${this.options.timeoutMs} ms`));
        reject(req.reusedSocket && !answered && error.code === 'ECONNRESET' ? new StaleSocketReset(error) : error);
      });
      req.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
