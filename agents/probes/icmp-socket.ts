import { canonicalAddress } from './canonical-address.js';
import { openDatagramIcmp } from './datagram-icmp-transport.js';
import type { IcmpSocketKind, IcmpTransport, OpenIcmpTransport } from './icmp-transport.js';
import type { Stoppable } from './probe.js';
import { openRawIcmp } from './raw-icmp-transport.js';

/**
 * One ICMP socket per address family, shared by every ping of the process: a socket per probe
 * would cost a file descriptor and a poll handle each, and spawning `ping` a process.
 *
 * Privileges: a raw socket needs root or CAP_NET_RAW (`setcap cap_net_raw+ep $(which node)`, or
 * `securityContext.capabilities.add: [NET_RAW]` in Kubernetes). Without it the socket falls back
 * to an ICMP datagram socket, which needs only a group inside `net.ipv4.ping_group_range` (the
 * chart's agent pods set that sysctl). With neither, ping probes answer `unsupported`.
 */

/** Raw first: it also reports unreachable targets at once. */
const kindsInOrder: readonly IcmpSocketKind[] = ['raw', 'datagram'];
const openers: Record<IcmpSocketKind, OpenIcmpTransport> = { raw: openRawIcmp, datagram: openDatagramIcmp };
const refusals: Record<IcmpSocketKind, string> = {
  raw: 'a raw ICMP socket (needs root or CAP_NET_RAW)',
  datagram: 'an ICMP datagram socket (needs a group inside net.ipv4.ping_group_range)',
};

const echoRequest = { 4: 8, 6: 128 } as const;
const echoReply = { 4: 0, 6: 129 } as const;
const unreachable = { 4: 3, 6: 1 } as const;
/** Offset of the quoted ICMP header inside an error message: ICMP header + IPv6 header (IPv4 varies). */
const ipv6QuotedIcmp = 8 + 40;

/** The Internet checksum (RFC 1071). Datagram sockets recompute it; raw ICMPv4 ones send ours. */
function internetChecksum(packet: Buffer): number {
  let sum = 0;
  for (let i = 0; i + 1 < packet.length; i += 2) sum += packet.readUInt16BE(i);
  if (packet.length % 2) sum += packet[packet.length - 1]! << 8;
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

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
  private transport: IcmpTransport | null = null;
  private sequence = 0;
  /** Other processes' pings reach every raw socket too; an identifier of our own tells replies apart. */
  private readonly identifierBase = process.pid & 0xffff;

  constructor(private readonly family: 4 | 6) {}

  /** Opens the socket if needed (the first kind that opens); throws IcmpUnsupportedError when none does. */
  open(): IcmpTransport {
    if (this.transport) return this.transport;
    const reasons: string[] = [];
    for (const kind of kindsInOrder) {
      try {
        this.transport = openers[kind](this.family, { receive: (icmp, source) => this.receive(icmp, source), fail: (error) => this.fail(error) });
        return this.transport;
      } catch (error) {
        reasons.push(`${refusals[kind]}: ${(error as Error).message}`);
      }
    }
    throw new IcmpUnsupportedError(`cannot open ${reasons.join('; nor ')}`);
  }

  /** The kind of the open socket, opening it if needed; null when no kind opens. */
  kind(): IcmpSocketKind | null {
    try {
      return this.open().kind;
    } catch {
      return null;
    }
  }

  /** Sends one echo request; resolves when its reply arrives. Stopping `probe` abandons the wait. */
  echo(address: string, probe: Stoppable): Promise<void> {
    const transport = this.open();
    const key = this.nextKey(transport.kind);
    const packet = this.echoPacket(key);
    return new Promise<void>((resolve, reject) => {
      const pending = new PendingEcho(canonicalAddress(address), key, this, (error) => (error ? reject(error) : resolve()));
      if (this.pending.size === 0) transport.listen(true);
      this.pending.set(key, pending);
      pending.watch(probe);
      transport.send(packet, address, (error) => {
        if (error) this.pending.get(key)?.reject(error);
      });
    });
  }

  /** Drops a settled echo; receiving pauses when none is left. */
  forget(key: number): void {
    if (this.pending.delete(key) && this.pending.size === 0) this.transport?.listen(false);
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }

  /**
   * Raw sockets: identifier and sequence together (keys repeat only after 2^32 echoes; wrapping
   * the sequence moves to the next identifier). Datagram sockets: the kernel owns the identifier,
   * so the sequence alone is the key.
   */
  private nextKey(kind: IcmpSocketKind): number {
    this.sequence = (this.sequence + 1) % 0x100000000;
    if (kind === 'datagram') return this.sequence & 0xffff;
    const identifier = (this.identifierBase + Math.floor(this.sequence / 0x10000)) & 0xffff;
    return identifier * 0x10000 + (this.sequence & 0xffff);
  }

  private keyOf(echo: Buffer, at: number): number {
    return this.transport?.kind === 'datagram' ? echo.readUInt16BE(at + 6) : echo.readUInt32BE(at + 4);
  }

  private echoPacket(key: number): Buffer {
    const packet = Buffer.from(echoTemplate);
    packet.writeUInt8(echoRequest[this.family], 0);
    packet.writeUInt32BE(key, 4);
    // The kernel fills the ICMPv6 checksum (it covers a pseudo-header we do not see); ICMPv4 is ours.
    if (this.family === 4) packet.writeUInt16BE(internetChecksum(packet), 2);
    return packet;
  }

  private receive(icmp: Buffer, source: string): void {
    if (icmp.length < 8) return;
    const type = icmp[0];
    if (type === echoReply[this.family]) {
      const echo = this.pending.get(this.keyOf(icmp, 0));
      if (echo && echo.address === source) echo.resolve();
    } else if (type === unreachable[this.family]) {
      const quotedAt = this.family === 4 ? 8 + ((icmp[8] ?? 0) & 0x0f) * 4 : ipv6QuotedIcmp;
      if (icmp.length < quotedAt + 8 || icmp[quotedAt] !== echoRequest[this.family]) return;
      this.pending.get(this.keyOf(icmp, quotedAt))?.reject(new Error(`destination unreachable (reported by ${source})`));
    }
  }

  private fail(error: Error): void {
    this.transport = null;
    for (const echo of [...this.pending.values()]) echo.reject(error);
  }
}
