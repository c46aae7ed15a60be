/** A pragmatic e-mail check: one `@`, a non-empty local part, a dotted domain, no spaces, at most 254 bytes. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}
