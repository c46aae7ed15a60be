import { isIP } from 'node:net';

export interface HostAddress {
  address: string;
  family: 4 | 6;
}

/** Name (lower case) → its addresses in file order. */
export type HostsTable = ReadonlyMap<string, readonly HostAddress[]>;

/**
 * Parses a hosts(5) file: `address name [aliases…]` per line, `#` starts a comment. Lines whose
 * address is not an IP literal are skipped, as the C library does; a name listed on several
 * lines keeps every address, in file order.
 */
export function parseHostsFile(text: string): HostsTable {
  const table = new Map<string, HostAddress[]>();
  for (const line of text.split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    const family = address ? isIP(address) : 0;
    if (family === 0) continue;
    for (const name of names) {
      const key = name.toLowerCase().replace(/\.$/, '');
      const addresses = table.get(key) ?? [];
      addresses.push({ address: address!, family: family as 4 | 6 });
      table.set(key, addresses);
    }
  }
  return table;
}
