import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from '../store/entities/domain.js';
import type { Store } from '../store/orm.js';
import type { DomainTarget } from './domain-probe.js';
import { nextDomainCheckAt } from './domain-schedule.js';

/**
 * The schedule of domain checks, kept in the database (`domains.next_check_at`) rather than in
 * memory: a replica claims a due check by moving `next_check_at` on with a conditional update,
 * so with several engine replicas each check runs once, and a restart resumes the schedule
 * instead of probing every domain again. Only active domains are ever due; a deleted domain is
 * simply gone.
 */
export class DomainScheduleStore {
  constructor(
    private readonly store: Store,
    private readonly intervalMs: number,
  ) {}

  private em(): EntityManager {
    return this.store.em.fork() as EntityManager;
  }

  /** Claims up to `limit` due domains for this replica and moves each to its next slot. */
  async claimDue(now: number, limit: number): Promise<DomainTarget[]> {
    const at = new Date(now);
    const due = { active: true, $or: [{ nextCheckAt: null }, { nextCheckAt: { $lte: at } }] };
    const em = this.em();
    const candidates = await em.find(Domain, due, {
      fields: ['id', 'name'],
      orderBy: { nextCheckAt: 'asc nulls first', id: 'asc' },
      limit,
    });
    const claimed: DomainTarget[] = [];
    for (const domain of candidates) {
      const next = new Date(nextDomainCheckAt(domain.id, now, this.intervalMs));
      // Another replica may have claimed it since the read: then this update matches no row.
      const won = await em.nativeUpdate(Domain, { id: domain.id, ...due }, { nextCheckAt: next });
      if (won === 1) claimed.push({ id: domain.id, name: domain.name });
    }
    return claimed;
  }

  /** When the earliest active domain is due (null: never checked, due now); undefined without active domains. */
  async nextDueAt(): Promise<number | null | undefined> {
    const first = await this.em().findOne(Domain, { active: true }, { fields: ['id', 'nextCheckAt'], orderBy: { nextCheckAt: 'asc nulls first' } });
    if (!first) return undefined;
    return first.nextCheckAt ? first.nextCheckAt.getTime() : null;
  }

  async target(domainId: number): Promise<DomainTarget | null> {
    const domain = await this.em().findOne(Domain, domainId, { fields: ['id', 'name'] });
    return domain ? { id: domain.id, name: domain.name } : null;
  }

  /**
   * Records why a check produced no certificate when no answer came at all, unless a check that
   * finished after `since` was recorded meanwhile (its answer is the fresher truth).
   */
  async recordError(domainId: number, error: string, since: Date): Promise<void> {
    await this.em().nativeUpdate(Domain, { id: domainId, $or: [{ lastCheckedAt: null }, { lastCheckedAt: { $lt: since } }] }, { lastCheckError: error });
  }
}
