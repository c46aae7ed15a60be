import { createSocket } from 'node:dgram';
import { createRequire } from 'node:module';
import type { IcmpTransport, OpenIcmpTransport } from './icmp-transport.js';

/** The addon in agents/icmp-datagram: opens the socket, which Node's dgram then drives. */
const addon = createRequire(import.meta.url)('icmp-datagram') as { open(family: 4 | 6): number };

/** ICMP sockets ignore the port; dgram insists on a non-zero one. */
const unusedPort = 1;

/** An unprivileged ICMP datagram socket ("ping socket"): needs a group in net.ipv4.ping_group_range. */
export const openDatagramIcmp: OpenIcmpTransport = (family, handlers) => {
  const fd = addon.open(family);
  const socket = createSocket(family === 4 ? 'udp4' : 'udp6');
  socket.bind({ fd });
  socket.on('message', (icmp, remote) => handlers.receive(icmp, remote.address));
  socket.on('error', (error) => handlers.fail(error));
  socket.unref();
  const transport: IcmpTransport = {
    kind: 'datagram',
    send: (packet, address, callback) => socket.send(packet, unusedPort, address, (error) => callback(error ?? null)),
    listen: (active) => (active ? socket.ref() : socket.unref()),
    close: () => socket.close(),
  };
  return transport;
};
