import { createRequire } from 'node:module';
import type { IcmpTransport, OpenIcmpTransport } from './icmp-transport.js';

interface RawSocket {
  on(event: 'message', listener: (buffer: Buffer, source: string) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(buffer: Buffer, offset: number, length: number, address: string, callback: (error: Error | null) => void): void;
  pauseRecv(): void;
  resumeRecv(): void;
  close(): void;
}

interface RawSocketModule {
  createSocket(options: { protocol: number; addressFamily: number }): RawSocket;
  Protocol: { ICMP: number; ICMPv6: number };
  AddressFamily: { IPv4: number; IPv6: number };
}

const raw = createRequire(import.meta.url)('raw-socket') as RawSocketModule;

/** A raw ICMP socket (`raw-socket`): needs root or CAP_NET_RAW. */
export const openRawIcmp: OpenIcmpTransport = (family, handlers) => {
  const socket = raw.createSocket({
    protocol: family === 4 ? raw.Protocol.ICMP : raw.Protocol.ICMPv6,
    addressFamily: family === 4 ? raw.AddressFamily.IPv4 : raw.AddressFamily.IPv6,
  });
  // IPv4 raw sockets deliver the IP header; IPv6 ones start at the ICMP header.
  socket.on('message', (buffer, source) => handlers.receive(family === 4 ? buffer.subarray((buffer[0]! & 0x0f) * 4) : buffer, source));
  socket.on('error', (error) => handlers.fail(error));
  socket.pauseRecv();
  const transport: IcmpTransport = {
    kind: 'raw',
    send: (packet, address, callback) => socket.send(packet, 0, packet.length, address, callback),
    listen: (active) => (active ? socket.resumeRecv() : socket.pauseRecv()),
    close: () => socket.close(),
  };
  return transport;
};
