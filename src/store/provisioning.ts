import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { allPermissions } from '../domain/permissions.js';
import { isEmailAddress } from '../domain/email-address.js';
import { hashPassword } from '../domain/password-hash.js';
import { passwordProblem } from '../domain/password-rule.js';
import { trialEndFrom } from '../domain/plans.js';
import { Client, type Plan, PLANS } from './entities/client.js';
import { User, type UserPermissions } from './entities/user.js';
import { Workspace, WorkspaceShare } from './entities/workspace.js';

export class ProvisioningError extends Error {}

export interface NewClient {
  name: string;
  email: string;
  password: string;
  plan: Plan;
  now?: Date;
}

export interface ProvisionedClient {
  client_id: number;
  user_id: number;
  workspace_id: number;
}

export function checkPlan(plan: string): Plan {
  if (!(PLANS as readonly string[]).includes(plan)) {
    throw new ProvisioningError(`plan "${plan}" is not one of ${PLANS.join(', ')}`);
  }
  return plan as Plan;
}

/** The API's rules for e-mail addresses and passwords: the CLI and the API accept the same. */
function checkedEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!isEmailAddress(normalised)) throw new ProvisioningError(`"${email}" is not an e-mail address`);
  return normalised;
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ProvisioningError(`the password ${problem}`);
}

async function rejectTakenEmail(em: EntityManager, email: string): Promise<void> {
  if (await em.count(User, { email })) throw new ProvisioningError(`a user with e-mail ${email} already exists`);
}

/** Translates the unique-email constraint firing under a race into the same error as the pre-check. */
async function flushUser(em: EntityManager, email: string): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new ProvisioningError(`a user with e-mail ${email} already exists`);
    throw error;
  }
}

/** Creates a client, its administrator and a first workspace, in one transaction. */
export async function provisionClient(em: EntityManager, input: NewClient): Promise<ProvisionedClient> {
  const email = checkedEmail(input.email);
  checkPassword(input.password);
  const plan = checkPlan(input.plan);
  const passwordHash = await hashPassword(input.password);
  return em.transactional(async (tx) => {
    await rejectTakenEmail(tx, email);
    const now = input.now ?? new Date();
    const client = tx.create(Client, { name: input.name, plan, trialEndsAt: plan === 'trial' ? trialEndFrom(now) : null, billingEmail: email });
    const user = tx.create(User, { client, email, passwordHash, isAdmin: true, permissions: allPermissions() });
    const workspace = tx.create(Workspace, { client, name: 'Default', description: null });
    await flushUser(tx, email);
    return { client_id: client.id, user_id: user.id, workspace_id: workspace.id };
  });
}

export interface NewUser {
  clientId: number;
  email: string;
  password: string;
  isAdmin: boolean;
  permissions: UserPermissions;
  /** Workspaces of the client shared with the user (administrators see every workspace anyway). */
  workspaceIds?: number[];
}

/** Adds a user to an existing client, with the given workspaces shared. */
export async function provisionUser(em: EntityManager, input: NewUser): Promise<{ user_id: number; workspace_ids: number[] }> {
  const email = checkedEmail(input.email);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return em.transactional(async (tx) => {
    const client = await tx.findOne(Client, input.clientId);
    if (!client) throw new ProvisioningError(`client ${input.clientId} does not exist`);
    await rejectTakenEmail(tx, email);
    const workspaceIds = [...new Set(input.workspaceIds ?? [])];
    const workspaces = workspaceIds.length ? await tx.find(Workspace, { id: { $in: workspaceIds }, client }) : [];
    const foreign = workspaceIds.filter((id) => !workspaces.some((workspace) => workspace.id === id));
    if (foreign.length) throw new ProvisioningError(`not workspaces of client ${input.clientId}: ${foreign.join(', ')}`);
    const user = tx.create(User, { client, email, passwordHash, isAdmin: input.isAdmin, permissions: input.permissions });
    for (const workspace of workspaces) tx.create(WorkspaceShare, { user, workspace });
    await flushUser(tx, email);
    return { user_id: user.id, workspace_ids: workspaceIds };
  });
}

/** Sets a user's password and raises credentialsVersion, so sessions and cached sign-ins of the old one end. */
export async function resetPassword(em: EntityManager, emailAddress: string, password: string): Promise<{ user_id: number }> {
  const email = checkedEmail(emailAddress);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { email });
    if (!user) throw new ProvisioningError(`no user with e-mail ${email}`);
    user.passwordHash = passwordHash;
    user.credentialsVersion += 1;
    return { user_id: user.id };
  });
}

/** Moves a client to another plan; a new trial starts its 14 days now. */
export async function setPlan(em: EntityManager, clientId: number, planName: string, now = new Date()): Promise<void> {
  const plan = checkPlan(planName);
  await em.transactional(async (tx) => {
    const client = await tx.findOne(Client, clientId);
    if (!client) throw new ProvisioningError(`client ${clientId} does not exist`);
    client.plan = plan;
    client.trialEndsAt = plan === 'trial' ? trialEndFrom(now) : null;
  });
}
