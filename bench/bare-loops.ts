import { Resolver } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createRequire } from 'node:module';
import { connect } from 'node:net';

/** The same operations as the probers, written as plainly as Node allows: the benchmark's baseline. */

export function bareHttp(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 5000 }, (response) => {
      response.resume();
      response.once('end', resolve);
    });
    request.once('error', reject);
    request.once('timeout', () => request.destroy(new Error('timeout')));
    request.end();
  });
}

export function bareHttps(port: number, ca: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest({ host: '127.0.0.1', port, path: '/', agent: false, ca, timeout: 5000 }, (response) => {
      response.resume();
      response.once('end', resolve);
    });
    request.once('error', reject);
    request.once('timeout', () => request.destroy(new Error('timeout')));
    request.end();
  });
}

export function bareTcp(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 5000 }, () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error('timeout'));
    });
  });
}

export function bareDns(resolver: Resolver): Promise<void> {
  return resolver.resolve4('bench.test').then(() => undefined);
}

interface RawSocket {
  on(event: 'message', listener: (buffer: Buffer) => void): void;
  send(buffer: Buffer, offset: number, length: number, address: string, callback: (error: Error | null) => void): void;
  pauseRecv(): void;
  resumeRecv(): void;
  close(): void;
}

/** A raw ICMP echo loop on one socket (Node has no ICMP of its own; raw-socket is the floor). */
export function barePinger(): { ping(): Promise<void>; close(): void } {
  const raw = createRequire(import.meta.url)('raw-socket') as {
    createSocket(options: { protocol: number }): RawSocket;
    createChecksum(buffer: Buffer): number;
    writeChecksum(buffer: Buffer, offset: number, checksum: number): void;
    Protocol: { ICMP: number };
  };
  const socket = raw.createSocket({ protocol: raw.Protocol.ICMP });
  // Every raw ICMP socket sees every ICMP packet of the host: like the agent's socket, this one
  // reads only while its own pings wait, or the other side's slices would pay for its reads.
  socket.pauseRecv();
  const waiting = new Map<number, () => void>();
  let sequence = 0;
  socket.on('message', (buffer) => {
    const icmp = buffer.subarray((buffer[0]! & 0x0f) * 4);
    if (icmp[0] === 0) waiting.get(icmp.readUInt16BE(6))?.();
  });
  return {
    ping: () =>
      new Promise<void>((resolve, reject) => {
        const seq = (sequence = (sequence + 1) & 0xffff);
        const packet = Buffer.alloc(16);
        packet.writeUInt8(8, 0);
        packet.writeUInt16BE(0xbeef, 4);
        packet.writeUInt16BE(seq, 6);
        raw.writeChecksum(packet, 2, raw.createChecksum(packet));
        // A reply lost under load (a full socket buffer) must not stall the loop: give up after 5 s like the probe.
        const timer = setTimeout(() => {
          if (waiting.delete(seq) && waiting.size === 0) socket.pauseRecv();
          reject(new Error('timeout'));
        }, 5000);
        if (waiting.size === 0) socket.resumeRecv();
        waiting.set(seq, () => {
          clearTimeout(timer);
          if (waiting.delete(seq) && waiting.size === 0) socket.pauseRecv();
          resolve();
        });
        socket.send(packet, 0, packet.length, '127.0.0.1', (error) => error && reject(error));
      }),
    close: () => socket.close(),
  };
}
