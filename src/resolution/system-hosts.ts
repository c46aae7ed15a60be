import { readFileSync, statSync } from 'node:fs';
import { parseHostsFile, type HostAddress, type HostsTable } from './hosts-file.js';

export const DEFAULT_HOSTS_FILE = '/etc/hosts';

/** How often a lookup may look at the file's modification time: edits show within this. */
const RECHECK_MS = 1_000;

interface CachedTable {
  table: HostsTable;
  /** mtime and size of the file as read; '' when it could not be read. */
  version: string;
  checkedAt: number;
}

const tables = new Map<string, CachedTable>();

function versionOf(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return '';
  }
}

function load(path: string, version: string): HostsTable {
  if (version === '') return new Map();
  try {
    return parseHostsFile(readFileSync(path, 'utf8'));
  } catch {
    return new Map();
  }
}

/**
 * The hosts file as the system reads it, parsed once and read again when it changes (checked
 * at most once a second, so the hot path costs a map lookup). A missing file is an empty table.
 */
function tableOf(path: string, now: number): HostsTable {
  const cached = tables.get(path);
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.table;
  const version = versionOf(path);
  if (cached && cached.version === version) {
    cached.checkedAt = now;
    return cached.table;
  }
  const table = load(path, version);
  tables.set(path, { table, version, checkedAt: now });
  return table;
}

/**
 * The addresses the hosts file gives a name, or null when it does not list it (then DNS is
 * asked). Every outbound lookup of Vantage asks here first: probes, domain checks, notifications.
 */
export function hostsFileAddresses(name: string, path: string = DEFAULT_HOSTS_FILE, now: number = Date.now()): readonly HostAddress[] | null {
  return tableOf(path, now).get(name.toLowerCase().replace(/\.$/, '')) ?? null;
}
