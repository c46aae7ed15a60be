/**
 * The two kinds of socket ping can send ICMP echoes on. Both deliver ICMP messages (never IP
 * headers) to `receive`; the difference is who may open them and what the kernel does:
 *
 * - `raw`: needs root or CAP_NET_RAW. Every ICMP message the host receives reaches the socket, so
 *   the echo identifier is ours to choose and to match on, and destination-unreachable errors
 *   arrive as messages.
 * - `datagram` (a "ping socket", SOCK_DGRAM + IPPROTO_ICMP): needs no capability, only a group
 *   inside the `net.ipv4.ping_group_range` sysctl (both families). The kernel writes the
 *   identifier itself and hands the socket only the replies to it; errors are not delivered, so
 *   an unreachable target is down at its timeout.
 */
export type IcmpSocketKind = 'raw' | 'datagram';

export interface IcmpTransportHandlers {
  receive(icmp: Buffer, source: string): void;
  fail(error: Error): void;
}

export interface IcmpTransport {
  readonly kind: IcmpSocketKind;
  send(packet: Buffer, address: string, callback: (error: Error | null) => void): void;
  /** Receiving keeps the process alive, so it runs only while echoes wait for replies. */
  listen(active: boolean): void;
  close(): void;
}

/** Opens a transport of one kind; throws (with the system's reason) when the kind is refused. */
export type OpenIcmpTransport = (family: 4 | 6, handlers: IcmpTransportHandlers) => IcmpTransport;
