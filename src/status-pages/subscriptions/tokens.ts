import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A link token: 32 random bytes, base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token and the hash that is stored in its place. */
export function mintToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Whether a query parameter can be a token at all: anything else is refused without a database look-up. */
export const isTokenShaped = (value: unknown): value is string => typeof value === 'string' && TOKEN_SHAPE.test(value);

/** Compares a stored hash with a presented token's, in time independent of where they differ. */
export function sameHash(stored: string, token: string): boolean {
  const presented = Buffer.from(hashToken(token), 'hex');
  const kept = Buffer.from(stored, 'hex');
  return kept.length === presented.length && timingSafeEqual(kept, presented);
}
