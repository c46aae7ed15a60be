import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword, verifyPassword } from '../../domain/password-hash.js';
import { addressKey, combineDecisions, decideThrottle, ADDRESS_THROTTLE, EMAIL_THROTTLE, type ThrottlePolicy } from '../../domain/sign-in-throttle.js';
import { User } from '../../store/entities/user.js';
import { tooManyRequests, unauthorized } from '../errors.js';
import { CredentialCache } from './credential-cache.js';
import { loadSignedIn, rememberedSignIn, signedInOf, type SignedIn } from './signed-in-rows.js';
import { ThrottleStore } from './throttle-store.js';
import { visibleWorkspace } from './workspace-access.js';

export interface SignInPolicies {
  email: ThrottlePolicy;
  address: ThrottlePolicy;
  /** How long a verified password is taken as verified again without argon2. */
  cacheTtlMs: number;
}

/** Remembered sign-ins kept at most (the oldest go first). */
const REMEMBERED_MAX = 10_000;

export const DEFAULT_SIGN_IN_POLICIES: SignInPolicies = { email: EMAIL_THROTTLE, address: ADDRESS_THROTTLE, cacheTtlMs: 60_000 };

/**
 * Verifies e-mail and password for Basic authentication and for the legacy /authenticate call:
 * argon2id-verified, with a short cache of successful verifications, and throttled (see
 * sign-in-throttle.ts) with the failures and known addresses kept in PostgreSQL.
 */
export class SignIn {
  private readonly throttle: ThrottleStore;
  private readonly cache: CredentialCache;
  /** The last sign-in read per user and requested workspace, when it let the user in: what a route's statement checks. */
  private readonly remembered = new Map<string, SignedIn>();
  /** Unknown e-mails are verified against this hash too, so that timing does not tell which e-mails exist. */
  private decoyHash: Promise<string> | null = null;
  /** Full verifications under way, by the cache's digest of address, e-mail and password. */
  private readonly verifying = new Map<string, Promise<unknown>>();

  constructor(
    private readonly policies: SignInPolicies,
    private readonly clock: () => Date,
  ) {
    this.throttle = new ThrottleStore(Math.max(policies.email.windowMs, policies.address.windowMs));
    this.cache = new CredentialCache(policies.cacheTtlMs);
  }

  /**
   * Resolves to the user (client populated) and, when `workspaceId` is given, that workspace if
   * the user may see it; throws UNAUTHORIZED or TOO_MANY_REQUESTS. A cached sign-in costs one
   * statement (see loadSignedIn), or none when `checkedByRoute` and this sign-in was read before:
   * then it comes back unconfirmed, for the route's own statement to check (see sign-in-check.ts).
   * The request's entity manager is asked for only when a statement runs.
   */
  async verify(request: { readonly em: EntityManager }, email: string, password: string, clientAddress: string, workspaceId: number | null = null, checkedByRoute = false): Promise<SignedIn> {
    const at = this.clock();
    const now = at.getTime();
    const address = addressKey(clientAddress);
    // The cache is per address: a hit means this address verified this password moments ago.
    const cacheKey = `${address} ${email}`;
    const cached = this.cache.lookup(cacheKey, password, now);
    if (cached) {
      const rememberedKey = `${cached.userId} ${workspaceId}`;
      const remembered = this.remembered.get(rememberedKey);
      if (checkedByRoute && remembered && remembered.credentialsVersion === cached.credentialsVersion) return remembered;
      const signedIn = await loadSignedIn(request.em, cached.userId, email, workspaceId);
      if (signedIn && signedIn.credentialsVersion === cached.credentialsVersion) {
        this.remember(rememberedKey, signedIn, workspaceId);
        return signedIn;
      }
      this.remembered.delete(rememberedKey);
      this.cache.forget(cacheKey, password);
    }
    // A client's first calls often come together (an app's first screen, a pipeline's parallel
    // creates): the same credentials wait for the one verification under way, then take the
    // cached path, instead of each paying argon2. A failed one leaves them to verify on their own.
    const digest = this.cache.digest(cacheKey, password);
    const underWay = this.verifying.get(digest);
    if (underWay) {
      await underWay.catch(() => undefined);
      if (this.cache.lookup(cacheKey, password, this.clock().getTime())) return this.verify(request, email, password, clientAddress, workspaceId);
    }
    const verification = this.verifyFully(request.em, email, password, address, cacheKey, workspaceId, at);
    if (!underWay) {
      this.verifying.set(digest, verification);
      void verification.finally(() => this.verifying.delete(digest)).catch(() => undefined);
    }
    return verification;
  }

  private async verifyFully(em: EntityManager, email: string, password: string, address: string, cacheKey: string, workspaceId: number | null, at: Date): Promise<SignedIn> {
    const now = at.getTime();
    const { email: emailPolicy, address: addressPolicy } = this.policies;
    const state = await this.throttle.state(em, email, address, at, new Date(now - emailPolicy.windowMs), new Date(now - addressPolicy.windowMs));
    if (!state.knownAddress) {
      const decision = combineDecisions([decideThrottle(state.emailFailures, now, emailPolicy), decideThrottle(state.addressFailures, now, addressPolicy)]);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    }

    const user = email.length <= 254 ? await em.findOne(User, { email }, { populate: ['client'] }) : null;
    const verified = user ? await verifyPassword(user.passwordHash, password) : await this.verifyDecoy(password);
    if (!user || !verified) {
      await this.throttle.recordFailure(em, { email: email.slice(0, 320), address, fromKnownAddress: state.knownAddress, at });
      throw unauthorized();
    }
    if (!state.knownAddress || state.refreshKnownAddress) await this.throttle.rememberAddress(em, email, address, at);
    this.cache.remember(cacheKey, password, { userId: user.id, credentialsVersion: user.credentialsVersion }, now);
    return signedInOf(user, workspaceId === null ? null : await visibleWorkspace(em, user, workspaceId));
  }

  /** Keeps a sign-in that lets the user in (the workspace visible when one was asked); forgets any other. */
  private remember(key: string, signedIn: SignedIn, workspaceId: number | null): void {
    this.remembered.delete(key);
    if (workspaceId !== null && signedIn.caller.workspaceId === null) return;
    if (this.remembered.size >= REMEMBERED_MAX) {
      const oldest = this.remembered.keys().next().value;
      if (oldest !== undefined) this.remembered.delete(oldest);
    }
    this.remembered.set(key, rememberedSignIn(signedIn));
  }

  private async verifyDecoy(password: string): Promise<false> {
    this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(await this.decoyHash, password);
    return false;
  }
}
