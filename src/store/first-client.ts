import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from './entities/client.js';
import { provisionClient, type ProvisionedClient } from './provisioning.js';

export interface FirstClient extends ProvisionedClient {
  email: string;
  /** Set only when the password was generated here: it is shown once and never stored in clear. */
  generatedPassword: string | null;
}

/**
 * On an empty database, creates a first client (trial) and its administrator so that a new
 * installation can be signed in to. Returns null when any client already exists.
 */
export async function ensureFirstClient(
  em: EntityManager,
  admin: { email?: string | undefined; password?: string | undefined },
): Promise<FirstClient | null> {
  if ((await em.count(Client, {})) > 0) return null;
  const email = admin.email ?? 'admin@vantage.local';
  const generatedPassword = admin.password ? null : randomBytes(12).toString('base64url');
  const password = admin.password ?? generatedPassword!;
  const created = await provisionClient(em, { name: 'Vantage', email, password, plan: 'trial' });
  return { ...created, email, generatedPassword };
}
