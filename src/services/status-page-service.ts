import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusPageChanges } from '../status-pages/status-page-fields.js';
import { Domain } from '../store/entities/domain.js';
import { StatusPage, StatusPageComponent, StatusPageLogoImage } from '../store/entities/status-page.js';
import { UptimeCheck } from '../store/entities/uptime-check.js';
import type { ChangeUnit } from './change-log.js';
import { invalid, missing, RuleRefusal } from './refusal.js';
import { detailsFor, lockClient, markOrigin, refuseInactive, refuseManaged, refuseOverLimit, type Origin, type Owner } from './rules.js';

/** A status page of this workspace, its components in order: any other id is not found alike. */
export async function findStatusPageRow(tx: EntityManager, workspaceId: number, id: number): Promise<StatusPage> {
  const page = await tx.findOne(StatusPage, { id, workspace: workspaceId }, { populate: ['components'], refresh: true });
  if (!page) throw missing(`status page ${id}`);
  return page;
}

export const statusPagesOfClient = (tx: EntityManager, clientId: number): Promise<number> => tx.count(StatusPage, { workspace: { client: clientId } });

/** Slugs and custom domains are the installation's: another client's page holding one is named no further. */
const taken = (what: string) => new RuleRefusal('CONFLICT', 'NameTaken', `${what} is already used by another status page`);

async function refuseTaken(tx: EntityManager, page: StatusPage, changes: StatusPageChanges): Promise<void> {
  if (changes.slug !== undefined && changes.slug !== page.slug && (await tx.count(StatusPage, { slug: changes.slug }))) throw taken(`the slug ${changes.slug}`);
  const domain = changes.customDomain;
  if (domain && domain !== page.customDomain && (await tx.count(StatusPage, { customDomain: domain }))) throw taken(`the custom domain ${domain}`);
}

/** The components given, each checked to be a check or domain of the page's workspace. */
async function replaceComponents(tx: EntityManager, page: StatusPage, workspaceId: number, components: NonNullable<StatusPageChanges['components']>): Promise<void> {
  const checkIds = components.flatMap((c) => (c.checkId === null ? [] : [c.checkId]));
  const domainIds = components.flatMap((c) => (c.domainId === null ? [] : [c.domainId]));
  const checks = checkIds.length ? await tx.find(UptimeCheck, { id: { $in: checkIds }, workspace: workspaceId }, { fields: ['id'] }) : [];
  const domains = domainIds.length ? await tx.find(Domain, { id: { $in: domainIds }, workspace: workspaceId }, { fields: ['id'] }) : [];
  const foundChecks = new Set(checks.map((c) => c.id));
  const foundDomains = new Set(domains.map((d) => d.id));
  const fields: Record<string, string> = {};
  components.forEach((c, i) => {
    if (c.checkId !== null && !foundChecks.has(c.checkId)) fields[`components[${i}].uptime_check_id`] = `not an uptime check of this workspace: ${c.checkId}`;
    if (c.domainId !== null && !foundDomains.has(c.domainId)) fields[`components[${i}].domain_id`] = `not a domain of this workspace: ${c.domainId}`;
  });
  if (Object.keys(fields).length) throw invalid(fields);
  if (page.id !== undefined) await tx.nativeDelete(StatusPageComponent, { page: page.id });
  page.components.removeAll();
  components.forEach((c, position) =>
    page.components.add(
      tx.create(StatusPageComponent, {
        page,
        position,
        groupName: c.groupName,
        displayName: c.displayName,
        check: c.checkId === null ? null : tx.getReference(UptimeCheck, c.checkId),
        domain: c.domainId === null ? null : tx.getReference(Domain, c.domainId),
      }),
    ),
  );
}

async function assign(tx: EntityManager, owner: Owner, page: StatusPage, changes: StatusPageChanges): Promise<void> {
  await lockClient(tx, owner.clientId);
  await refuseTaken(tx, page, changes);
  if (changes.components !== undefined) await replaceComponents(tx, page, owner.workspaceId, changes.components);
  const { components: _components, ...scalars } = changes;
  Object.assign(page, Object.fromEntries(Object.entries(scalars).filter(([, value]) => value !== undefined)));
  try {
    await tx.flush();
  } catch (error) {
    // Another client's page took the slug or domain between the check and the commit.
    if (error instanceof UniqueConstraintViolationException) throw taken('the slug or custom domain');
    throw error;
  }
}

export async function createStatusPageRow({ tx, changes }: ChangeUnit, owner: Owner, fields: StatusPageChanges, origin: Origin): Promise<StatusPage> {
  refuseInactive(owner.entitlement);
  await refuseOverLimit(tx, owner, 'statusPages', () => statusPagesOfClient(tx, owner.clientId));
  const page = tx.create(StatusPage, { workspace: owner.workspaceId, slug: fields.slug!, title: fields.title! });
  markOrigin(page, origin);
  await assign(tx, owner, page, { ...fields, slug: undefined });
  changes.record({ action: 'status_page.create', resourceType: 'status_page', resourceId: page.id, notice: null, details: detailsFor(origin, { slug: page.slug }) });
  return page;
}

export async function updateStatusPageRow({ tx, changes }: ChangeUnit, owner: Owner, id: number, fields: StatusPageChanges, origin: Origin): Promise<StatusPage> {
  const page = await findStatusPageRow(tx, owner.workspaceId, id);
  refuseManaged(origin, page, 'status page');
  refuseInactive(owner.entitlement);
  await assign(tx, owner, page, fields);
  markOrigin(page, origin);
  changes.record({ action: 'status_page.update', resourceType: 'status_page', resourceId: id, notice: null, details: detailsFor(origin, { slug: page.slug }) });
  return page;
}

/** Deletions judge no plan: a manifest that is gone takes its row with it; the API guards its own deletes. */
export async function deleteStatusPageRow({ tx, changes }: ChangeUnit, workspaceId: number, id: number, origin: Origin): Promise<void> {
  const page = await findStatusPageRow(tx, workspaceId, id);
  refuseManaged(origin, page, 'status page');
  await tx.nativeDelete(StatusPage, { id });
  changes.record({ action: 'status_page.delete', resourceType: 'status_page', resourceId: id, notice: null, details: detailsFor(origin, { slug: page.slug }) });
}

/** Sets (bytes) or removes (null) the page's logo; the image has been checked by the caller. */
export async function setStatusPageLogo({ tx, changes }: ChangeUnit, owner: Owner, id: number, logo: { contentType: string; bytes: Buffer } | null): Promise<void> {
  const page = await findStatusPageRow(tx, owner.workspaceId, id);
  refuseInactive(owner.entitlement);
  await tx.nativeDelete(StatusPageLogoImage, { page: id });
  if (logo) tx.create(StatusPageLogoImage, { page, contentType: logo.contentType, bytes: logo.bytes, updatedAt: new Date() });
  page.updatedAt = new Date();
  await tx.flush();
  changes.record({ action: logo ? 'status_page.upload_logo' : 'status_page.delete_logo', resourceType: 'status_page', resourceId: id, notice: null, details: logo ? { size_bytes: logo.bytes.length } : {} });
}
