import { createRequire } from 'node:module';
import { canonicalAddress } from './canonical-address.js';
import type { Stoppable } from './probe.js';

/**
 * One raw ICMP socket per address family, shared by every ping of the process: a socket per
 * probe would cost a file descriptor and a poll handle each, and spawning `ping` a process.
 *
 * Privileges: raw sockets need root or CAP_NET_RAW (`setcap cap_net_raw+ep $(which node)`, or
 * `securityContext.capabilities.add: [NET_RAW]` in Kubernetes). Without them the socket cannot be
 * opened and ping probes answer `unsupported`.
 */

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
  createChecksum(...buffers: Buffer[]): number;
  writeChecksum(buffer: Buffer, offset: number, checksum: number): void;
  Protocol: { ICMP: number; ICMPv6: number };
  AddressFamily: { IPv4: number; IPv6: number };
}

const raw = createRequire(import.meta.url)('raw-socket') as RawSocketModule;

const echoRequest = { 4: 8, 6: 128 } as const;
const echoReply = { 4: 0, 6: 129 } as const;
const unreachable = { 4: 3, 6: 1 } as const;
/** Offset of the quoted ICMP header inside an error message: ICMP header + IPv6 header (IPv4 varies). */
const ipv6QuotedIcmp = 8 + 40;

/** Type, code, checksum, identifier, sequence, then a payload that names the sender in captures. */
const echoTemplate = Buffer.concat([Buffer.alloc(8), Buffer.from('vantage!', 'latin1')]);

/** One echo waiting for its reply; a class rather than closures, since thousands are made a second. */
class PendingEcho {
  private forgetStop: () => void = () => undefined;

  constructor(
    readonly address: string,
    private readonly key: number,
    private readonly owner: IcmpSocket,
    private readonly settle: (error?: Error) => void,
  ) {}

  watch(probe: Stoppable): void {
    this.forgetStop = probe.onStop((reason) => this.reject(reason));
  }

  resolve(): void {
    this.forget();
    this.settle();
  }

  reject(error: Error): void {
    this.forget();
    this.settle(error);
  }

  private forget(): void {
    this.forgetStop();
    this.owner.forget(this.key);
  }
}

export class IcmpUnsupportedError extends Error {}

export class IcmpSocket {
  private readonly pending = new Map<number, PendingEcho>();
  private socket: RawSocket | null = null;
  private sequence = 0;
  /** Other processes' pings reach every raw socket too; an identifier of our own tells replies apart. */
  private readonly identifierBase = process.pid & 0xffff;

  constructor(private readonly family: 4 | 6) {}

  /** Opens the socket if needed; throws IcmpUnsupportedError without the privilege. */
  open(): RawSocket {
    if (this.socket) return this.socket;
    let socket: RawSocket;
    try {
      socket = raw.createSocket({
        protocol: this.family === 4 ? raw.Protocol.ICMP : raw.Protocol.ICMPv6,
        addressFamily: this.family === 4 ? raw.AddressFamily.IPv4 : raw.AddressFamily.IPv6,
      });
    } catch (error) {
      throw new IcmpUnsupportedError(`cannot open a raw ICMP socket (needs root or CAP_NET_RAW): ${(error as Error).message}`);
    }
    socket.on('message', (buffer, source) => this.receive(buffer, source));
    socket.on('error', (error) => this.fail(error));
    // An idle socket must not keep the process alive: receiving only runs while echoes are pending.
    socket.pauseRecv();
    this.socket = socket;
    return socket;
  }

  /** Sends one echo request; resolves when its reply arrives. Stopping `probe` abandons the wait. */
  echo(address: string, probe: Stoppable): Promise<void> {
    const socket = this.open();
    const key = this.nextKey();
    const packet = this.echoPacket(key);
    return new Promise<void>((resolve, reject) => {
      const pending = new PendingEcho(canonicalAddress(address), key, this, (error) => (error ? reject(error) : resolve()));
      if (this.pending.size === 0) socket.resumeRecv();
      this.pending.set(key, pending);
      pending.watch(probe);
      socket.send(packet, 0, packet.length, address, (error) => {
        if (error) this.pending.get(key)?.reject(error);
      });
    });
  }

  /** Drops a settled echo; receiving pauses when none is left. */
  forget(key: number): void {
    if (this.pending.delete(key) && this.pending.size === 0) this.socket?.pauseRecv();
  }

  close(): void {
    this.socket?.close();
    this.socket = null;
  }

  private nextKey(): number {
    this.sequence = (this.sequence + 1) % 0x100000000;
    // Wrapping the 16-bit sequence moves to the next identifier, so keys repeat only after 2^32 echoes.
    const identifier = (this.identifierBase + Math.floor(this.sequence / 0x10000)) & 0xffff;
    return identifier * 0x10000 + (this.sequence & 0xffff);
  }

  private echoPacket(key: number): Buffer {
    const packet = Buffer.from(echoTemplate);
    packet.writeUInt8(echoRequest[this.family], 0);
    packet.writeUInt32BE(key, 4);
    // The kernel fills the ICMPv6 checksum (it covers a pseudo-header we do not see); ICMPv4 is ours.
    if (this.family === 4) raw.writeChecksum(packet, 2, raw.createChecksum(packet));
    return packet;
  }

  private receive(buffer: Buffer, source: string): void {
    // IPv4 raw sockets deliver the IP header; IPv6 ones start at the ICMP header.
    const icmp = this.family === 4 ? buffer.subarray((buffer[0]! & 0x0f) * 4) : buffer;
    if (icmp.length < 8) return;
    const type = icmp[0];
    if (type === echoReply[this.family]) {
      const echo = this.pending.get(icmp.readUInt32BE(4));
      if (echo && echo.address === source) echo.resolve();
    } else if (type === unreachable[this.family]) {
      const quotedAt = this.family === 4 ? 8 + ((icmp[8] ?? 0) & 0x0f) * 4 : ipv6QuotedIcmp;
      if (icmp.length < quotedAt + 8 || icmp[quotedAt] !== echoRequest[this.family]) return;
      this.pending.get(icmp.readUInt32BE(quotedAt + 4))?.reject(new Error(`destination unreachable (reported by ${source})`));
    }
  }

  private fail(error: Error): void {
    this.socket = null;
    for (const echo of [...this.pending.values()]) echo.reject(error);
  }
}
