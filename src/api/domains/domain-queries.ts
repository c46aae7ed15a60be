import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CertificateSnapshot, Domain } from '../../store/entities/domain.js';
import type { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';

const DAY_MS = 86_400_000;

export interface DomainFilters {
  active: boolean | undefined;
  /** Certificates that expire within this many days from now (already expired ones included). */
  expiringWithinDays: number | undefined;
  limit: number;
  offset: number;
}

export async function listDomains(em: EntityManager, workspace: Workspace, filters: DomainFilters, now: Date) {
  const where: FilterQuery<Domain> = { workspace };
  if (filters.active !== undefined) where.active = filters.active;
  if (filters.expiringWithinDays !== undefined) {
    where.certificateNotAfter = { $ne: null, $lte: new Date(now.getTime() + filters.expiringWithinDays * DAY_MS) };
  }
  const [domains, total] = await em.findAndCount(Domain, where, {
    populate: ['notificationGroups'],
    orderBy: { name: 'asc', id: 'asc' },
    limit: filters.limit,
    offset: filters.offset,
  });
  return { domains, total };
}

/** A domain of this workspace: any other id is 404 alike. */
export async function findDomain(em: EntityManager, workspace: Workspace, id: number): Promise<Domain> {
  const domain = await em.findOne(Domain, { id, workspace }, { populate: ['notificationGroups', 'currentCertificate'], refresh: true });
  if (!domain) throw notFound(`domain ${id}`);
  return domain;
}

export async function certificateHistory(em: EntityManager, domain: Domain, limit: number, offset: number) {
  const [snapshots, total] = await em.findAndCount(CertificateSnapshot, { domain }, { orderBy: { firstSeenAt: 'desc', id: 'desc' }, limit, offset });
  return { snapshots, total };
}
