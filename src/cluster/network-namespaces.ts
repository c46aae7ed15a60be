import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ip = (...args: string[]) => run('ip', args);

/** A location's network namespace: agents run inside; they reach the host (NATS relay, targets) through a veth pair. */
export interface LocationNamespace {
  location: string;
  name: string;
  /** The host's address on the location's link: where the agents find NATS. */
  hostAddress: string;
}

/** Whether this process may create network namespaces (root on Linux with `ip`); else why not. */
export async function namespacesUnavailable(): Promise<string | null> {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  try {
    await ip('netns', 'list');
    return null;
  } catch (error) {
    return `ip netns does not work here: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * Network namespaces for locations, addressed in `10.<octet>.0.0/16`: location n's link is
 * `10.<octet>.<n>.0/24` (host .1, namespace .2); target addresses `10.<octet>.0.<k>` live on the
 * host's loopback, reached from every namespace through its default route, so that one location
 * can be cut off from one target by a route of its own while the others still reach it.
 */
export class LocationNetworks {
  readonly namespaces: LocationNamespace[] = [];
  private readonly targets: string[] = [];

  constructor(
    private readonly tag: string,
    private readonly octet: number,
  ) {}

  async addLocation(location: string): Promise<LocationNamespace> {
    const n = this.namespaces.length + 1;
    const name = `vantage-${this.tag}-${n}`;
    const [hostSide, nsSide] = [`vh${this.tag.slice(0, 8)}${n}`, `vn${this.tag.slice(0, 8)}${n}`];
    const hostAddress = `10.${this.octet}.${n}.1`;
    await ip('netns', 'add', name);
    const namespace = { location, name, hostAddress };
    this.namespaces.push(namespace);
    await ip('link', 'add', hostSide, 'type', 'veth', 'peer', 'name', nsSide);
    await ip('link', 'set', nsSide, 'netns', name);
    await ip('addr', 'add', `${hostAddress}/24`, 'dev', hostSide);
    await ip('link', 'set', hostSide, 'up');
    await ip('-n', name, 'addr', 'add', `10.${this.octet}.${n}.2/24`, 'dev', nsSide);
    await ip('-n', name, 'link', 'set', nsSide, 'up');
    await ip('-n', name, 'link', 'set', 'lo', 'up');
    await ip('-n', name, 'route', 'add', 'default', 'via', hostAddress);
    return namespace;
  }

  /** A new address on the host that every location reaches: bind a target to it. */
  async addTargetAddress(): Promise<string> {
    const address = `10.${this.octet}.0.${this.targets.length + 1}`;
    await ip('addr', 'add', `${address}/32`, 'dev', 'lo');
    this.targets.push(address);
    return address;
  }

  /** Cuts the location off from one address: its probes fail at once, everything else (NATS) still flows. */
  async cut(location: string, address: string): Promise<void> {
    await ip('-n', this.namespaceOf(location).name, 'route', 'add', 'prohibit', `${address}/32`);
  }

  async restore(location: string, address: string): Promise<void> {
    await ip('-n', this.namespaceOf(location).name, 'route', 'del', 'prohibit', `${address}/32`);
  }

  /** Removes every namespace (with its veth pair) and target address; what is already gone is skipped. */
  async remove(): Promise<void> {
    for (const namespace of this.namespaces.splice(0)) await ip('netns', 'del', namespace.name).catch(() => undefined);
    for (const address of this.targets.splice(0)) await ip('addr', 'del', `${address}/32`, 'dev', 'lo').catch(() => undefined);
  }

  private namespaceOf(location: string): LocationNamespace {
    const found = this.namespaces.find((namespace) => namespace.location === location);
    if (!found) throw new Error(`no network namespace for location ${location}`);
    return found;
  }
}
