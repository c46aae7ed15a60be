import { connect } from 'node:net';
import type { Static } from '@sinclair/typebox';
import type { ProbeResult, TcpProbeSpec } from '../../src/bus/messages.js';
import { deadlinePassed, defaultProbeOptions, down, markPhase, runProbe, up, type ProbeContext, type ProbeOptions, type Prober } from './probe.js';
import { resolveTarget } from './target.js';

type TcpSpec = Static<typeof TcpProbeSpec>;

/** The spec's passive read limit: a banner is in the first bytes, anything after is payload. */
export const maxBannerBytes = 4096;

export const probeTcp: Prober<TcpSpec> = (spec, signal, options = defaultProbeOptions) =>
  runProbe(spec.timeoutMs, signal, (ctx) => tcpProbe(spec, ctx, options));

async function tcpProbe(spec: TcpSpec, ctx: ProbeContext, options: ProbeOptions): Promise<ProbeResult> {
  const target = await resolveTarget(spec.hostname, ctx, options, spec.timeoutMs);
  const expected = Buffer.from(spec.bannerValue, 'utf8');
  const banner = await readBanner(target.address, spec.port, ctx, (received) =>
    spec.bannerOperator === 'none' || (spec.bannerValue !== '' && received.includes(expected)),
  );
  const text = banner.toString('utf8');
  const contained = banner.includes(expected);
  if (spec.bannerOperator === 'contains' && !contained) return down(ctx, `banner does not contain ${JSON.stringify(spec.bannerValue)}`, { banner: text });
  if (spec.bannerOperator === 'not_contains' && contained) return down(ctx, `banner contains ${JSON.stringify(spec.bannerValue)}`, { banner: text });
  return up(ctx, { banner: text });
}

/**
 * Connects without sending a byte and collects what the server says until it closes, the limit is
 * reached, `enough` holds, or the deadline passes. A deadline after connecting ends the read (the
 * verdict is then made on what arrived); before connecting it is a failure.
 */
function readBanner(address: string, port: number, ctx: ProbeContext, enough: (received: Buffer) => boolean): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const started = ctx.elapsed();
    const chunks: Buffer[] = [];
    let received = 0;
    let connected = false;
    const socket = connect({ host: address, port, noDelay: true });
    const finish = (): void => {
      off();
      socket.destroy();
      const banner = Buffer.concat(chunks, received);
      resolve(banner.length > maxBannerBytes ? banner.subarray(0, maxBannerBytes) : banner);
    };
    const off = ctx.onStop((reason) => {
      if (connected && deadlinePassed(ctx)) return finish();
      socket.destroy();
      reject(reason);
    });
    socket.once('connect', () => {
      connected = true;
      markPhase(ctx, 'connectMs', started);
      if (enough(Buffer.alloc(0))) finish();
    });
    socket.on('data', (chunk: Buffer) => {
      if (received === 0) markPhase(ctx, 'firstByteMs', started);
      chunks.push(chunk);
      received += chunk.length;
      if (received >= maxBannerBytes || enough(Buffer.concat(chunks, received))) finish();
    });
    socket.once('end', finish);
    socket.once('error', (error) => {
      off();
      socket.destroy();
      // A reset after a banner arrived still leaves a banner to judge.
      if (connected) finish();
      else reject(error);
    });
  });
}
