/**
 * express's `trust proxy` value from VANTAGE_TRUSTED_PROXIES: the named addresses and ranges, or
 * false (the TCP peer is the client) when none are named. A forwarded address from anyone else
 * is ignored, so a client cannot choose the address its sign-in failures are counted against.
 */
export function trustedProxies(setting: string): string[] | false {
  const entries = setting.split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.length === 0 ? false : entries;
}
