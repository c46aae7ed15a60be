import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ChangeNotice } from '../../bus/messages.js';
import { publishChangeNotices } from '../../services/change-notices.js';
import { isEmailAddress } from '../../domain/email-address.js';
import { Client } from '../../store/entities/client.js';
import { User } from '../../store/entities/user.js';
import { Workspace } from '../../store/entities/workspace.js';
import type { Principal } from '../auth/principal.js';
import { validationError } from '../errors.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';
import { deletionNotices } from './workspaces.js';

export const CLIENT_NAME_MAX = 200;

export interface ClientAccountView {
  id: number;
  name: string;
  billing_email: string | null;
  plan: Client['plan'];
  created_at: string;
}

export interface ClientAccountChanges {
  name?: string;
  billing_email?: string | null;
}

export const clientAccountView = (client: Client): ClientAccountView => ({
  id: client.id,
  name: client.name,
  billing_email: client.billingEmail,
  plan: client.plan,
  created_at: client.createdAt.toISOString(),
});

export async function updateClientAccount(context: RequestContext, principal: Principal, body: ClientAccountChanges): Promise<Client> {
  const fields: Record<string, string> = {};
  const name = body.name?.trim();
  if (body.name !== undefined && (!name || name.length > CLIENT_NAME_MAX)) fields.name = `must be 1 to ${CLIENT_NAME_MAX} characters`;
  const email = body.billing_email === undefined ? undefined : body.billing_email?.trim().toLowerCase() || null;
  if (email && !isEmailAddress(email)) fields.billing_email = 'must be an e-mail address';
  if (Object.keys(fields).length) throw validationError(fields);
  return mutate(context, principal, async (tx, changes) => {
    const client = await tx.findOneOrFail(Client, principal.client.id, { refresh: true });
    if (name !== undefined) client.name = name;
    if (email !== undefined) client.billingEmail = email;
    changes.record({ action: 'account.update', resourceType: 'client', resourceId: client.id, notice: null, workspaceId: null, details: { ...body } });
    return client;
  });
}

/**
 * Deletes the account and all its data (users, workspaces and everything in them, the activity
 * log). `confirm` must repeat the account name exactly. The activity log goes with the account, so
 * the deletion is written to the service log instead; the engine is told to drop every resource.
 */
export async function deleteClientAccount(context: RequestContext, principal: Principal, confirm: string): Promise<void> {
  const client = principal.client;
  if (confirm !== client.name) throw validationError({ confirm: `must repeat the account name exactly: "${client.name}"` });
  const { notices, images } = await context.em.transactional(async (tx) => {
    const workspaceIds = (await tx.find(Workspace, { client: client.id }, { fields: ['id'] })).map((w) => w.id);
    const notices = await deletionNotices(tx, workspaceIds);
    const images = (await tx.find(User, { client: client.id, profileImagePath: { $ne: null } })).map((u) => u.profileImagePath!);
    await tx.nativeDelete(Client, { id: client.id });
    return { notices, images };
  });
  context.logger.info({ clientId: client.id, byUser: principal.user.id, resources: notices.length }, 'account deleted with all its data');
  const dataDir = resolve(context.deps.settings.VANTAGE_DATA_DIR);
  await Promise.all(images.map((path) => rm(join(dataDir, path), { force: true })));
  const at = context.deps.now().toISOString();
  const all: ChangeNotice[] = [
    ...notices.map((change) => ({ kind: change.resourceType as ChangeNotice['kind'], id: change.resourceId, action: 'deleted' as const, at })),
    { kind: 'client', id: client.id, action: 'deleted', at },
  ];
  await publishChangeNotices(context.deps.bus, context.logger, all);
}
