import type { EntityManager } from '@mikro-orm/postgresql';
import type { FailureSummary } from '../../domain/sign-in-throttle.js';
import { SignInAddress, SignInFailure } from '../../store/entities/sign-in.js';

/** What the throttle reads before a verification: whether the address is known for the e-mail, and the counted failures. */
export interface ThrottleState {
  knownAddress: boolean;
  /** The known address's last success is old enough to be written again. */
  refreshKnownAddress: boolean;
  emailFailures: FailureSummary;
  addressFailures: FailureSummary;
}

/** Failures are pruned once in this many recordings (per process), so that the table stays as small as the window. */
const PRUNE_EVERY = 100;
/** An address not signed in from for this long is unknown again. */
export const KNOWN_ADDRESS_TTL_MS = 180 * 86_400_000;
/** A known address's last success is written again at most this often, not on every verification. */
const REFRESH_AFTER_MS = 86_400_000;

/**
 * Sign-in failures and known addresses in PostgreSQL: every API replica reads and writes the
 * same rows, so replicas and restarts give a guesser no extra attempts.
 */
export class ThrottleStore {
  private recordings = 0;

  constructor(private readonly retentionMs: number) {}

  async state(em: EntityManager, email: string, address: string, now: Date, emailWindowStart: Date, addressWindowStart: Date): Promise<ThrottleState> {
    const [known, emailFailures, addressFailures] = await Promise.all([
      em.findOne(SignInAddress, { email, address, lastSuccessAt: { $gt: new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS) } }, { disableIdentityMap: true }),
      this.summary(em, 'email', email, emailWindowStart),
      this.summary(em, 'address', address, addressWindowStart),
    ]);
    const refreshKnownAddress = known !== null && known.lastSuccessAt.getTime() < now.getTime() - REFRESH_AFTER_MS;
    return { knownAddress: known !== null, refreshKnownAddress, emailFailures, addressFailures };
  }

  async recordFailure(em: EntityManager, failure: Omit<SignInFailure, 'id'>): Promise<void> {
    await em.insert(SignInFailure, failure);
    if (++this.recordings % PRUNE_EVERY === 0) {
      await em.nativeDelete(SignInFailure, { at: { $lt: new Date(failure.at.getTime() - this.retentionMs) } });
      await em.nativeDelete(SignInAddress, { lastSuccessAt: { $lt: new Date(failure.at.getTime() - KNOWN_ADDRESS_TTL_MS) } });
    }
  }

  async rememberAddress(em: EntityManager, email: string, address: string, at: Date): Promise<void> {
    await em.upsert(SignInAddress, { email, address, lastSuccessAt: at });
  }

  /** Failures not from a known address, for one e-mail or one address, inside the window. */
  private async summary(em: EntityManager, column: 'email' | 'address', value: string, since: Date): Promise<FailureSummary> {
    const rows = await em
      .getConnection()
      .execute<Array<{ count: number; latest: Date | string | null }>>(
        `select count(*)::int as count, max(at) as latest from sign_in_failures where ${column} = ? and from_known_address = false and at > ?`,
        [value, since],
      );
    const row = rows[0];
    return { count: row?.count ?? 0, latestAt: row?.latest ? new Date(row.latest).getTime() : null };
  }
}
