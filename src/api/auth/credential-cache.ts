import { createHmac, randomBytes } from 'node:crypto';

interface CachedSignIn {
  userId: number;
  credentialsVersion: number;
  expiresAt: number;
}

/**
 * Remembers credentials verified shortly before, so that a client sending Basic credentials on
 * every call pays argon2 once per TTL instead of once per request. Keys are an HMAC of the
 * credentials under a key of this process, so the map never holds a password or a reusable hash.
 * An entry counts only while the user's credentialsVersion is unchanged: a password change
 * ends it at once.
 */
export class CredentialCache {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, CachedSignIn>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** What the map keys an entry by; also names a verification under way (sign-in.ts). */
  digest(email: string, password: string): string {
    return createHmac('sha256', this.key).update(email).update('\0').update(password).digest('base64');
  }

  lookup(email: string, password: string, now: number): { userId: number; credentialsVersion: number } | null {
    const digest = this.digest(email, password);
    const entry = this.entries.get(digest);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(digest);
      return null;
    }
    return { userId: entry.userId, credentialsVersion: entry.credentialsVersion };
  }

  remember(email: string, password: string, user: { userId: number; credentialsVersion: number }, now: number): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(this.digest(email, password), { ...user, expiresAt: now + this.ttlMs });
  }

  forget(email: string, password: string): void {
    this.entries.delete(this.digest(email, password));
  }
}
