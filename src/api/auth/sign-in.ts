import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword, verifyPassword } from '../../domain/password-hash.js';
import { combineDecisions, decideThrottle, ADDRESS_THROTTLE, EMAIL_THROTTLE, type ThrottlePolicy } from '../../domain/sign-in-throttle.js';
import { User } from '../../store/entities/user.js';
import { tooManyRequests, unauthorized } from '../errors.js';
import { CredentialCache } from './credential-cache.js';
import { FailureStore } from './failure-store.js';

export interface SignInPolicies {
  email: ThrottlePolicy;
  address: ThrottlePolicy;
  /** How long a verified password is taken as verified again without argon2. */
  cacheTtlMs: number;
}

export const DEFAULT_SIGN_IN_POLICIES: SignInPolicies = { email: EMAIL_THROTTLE, address: ADDRESS_THROTTLE, cacheTtlMs: 60_000 };

/**
 * Verifies e-mail and password for Basic authentication and for the legacy /authenticate call:
 * throttled per e-mail and per client address, argon2id-verified, with a short cache of
 * successful verifications.
 */
export class SignIn {
  private readonly failures: FailureStore;
  private readonly cache: CredentialCache;
  /** Unknown e-mails are verified against this hash too, so that timing does not tell which e-mails exist. */
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly policies: SignInPolicies,
    private readonly clock: () => Date,
  ) {
    this.failures = new FailureStore(Math.max(policies.email.windowMs, policies.address.windowMs));
    this.cache = new CredentialCache(policies.cacheTtlMs);
  }

  /** Resolves to the user (client populated); throws UNAUTHORIZED or TOO_MANY_REQUESTS. */
  async verify(em: EntityManager, email: string, password: string, address: string): Promise<User> {
    const now = this.clock().getTime();
    const emailKey = `email:${email}`;
    const addressKey = `address:${address}`;
    const decision = combineDecisions([
      decideThrottle(this.failures.recent(emailKey, now), now, this.policies.email),
      decideThrottle(this.failures.recent(addressKey, now), now, this.policies.address),
    ]);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);

    const cached = this.cache.lookup(email, password, now);
    if (cached) {
      const user = await em.findOne(User, { id: cached.userId, email }, { populate: ['client'] });
      if (user && user.credentialsVersion === cached.credentialsVersion) return user;
      this.cache.forget(email, password);
    }

    const user = email.length <= 254 ? await em.findOne(User, { email }, { populate: ['client'] }) : null;
    const verified = user ? await verifyPassword(user.passwordHash, password) : await this.verifyDecoy(password);
    if (!user || !verified) {
      this.failures.record(emailKey, now);
      this.failures.record(addressKey, now);
      throw unauthorized();
    }
    this.failures.clear(emailKey);
    this.cache.remember(email, password, { userId: user.id, credentialsVersion: user.credentialsVersion }, now);
    return user;
  }

  private async verifyDecoy(password: string): Promise<false> {
    this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(await this.decoyHash, password);
    return false;
  }
}
