import { isIP } from 'node:net';

/** One spelling per address, so `2001:DB8:0::1` and `2001:db8::1` compare equal. */
export function canonicalAddress(value: string): string {
  const trimmed = value.trim();
  if (isIP(trimmed) !== 6) return trimmed;
  return new URL(`http://[${trimmed}]/`).hostname.slice(1, -1);
}
