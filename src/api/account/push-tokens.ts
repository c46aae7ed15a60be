import { PushToken } from '../../store/entities/push-token.js';
import { User } from '../../store/entities/user.js';
import type { Principal } from '../auth/principal.js';
import { validationError } from '../errors.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';

export const PUSH_TOKEN_MAX = 4096;
export const PUSH_PLATFORMS = ['android'] as const;

export function pushTokenProblem(token: unknown): string | null {
  if (typeof token !== 'string' || token.trim() === '') return 'is required';
  if (token.trim().length > PUSH_TOKEN_MAX) return `must be at most ${PUSH_TOKEN_MAX} characters`;
  if (/\s/.test(token.trim())) return 'must not contain white space';
  return null;
}

/** Registers the device token for the caller; a token another user had (a shared or resold device) moves to the caller. */
export async function registerPushToken(context: RequestContext, principal: Principal, token: string, platform: string): Promise<{ moved: boolean }> {
  const problem = pushTokenProblem(token);
  if (problem) throw validationError({ token: problem });
  if (!(PUSH_PLATFORMS as readonly string[]).includes(platform)) throw validationError({ platform: `must be one of ${PUSH_PLATFORMS.join(', ')}` });
  const value = token.trim();
  return mutate(context, principal, async (tx, changes) => {
    const existing = await tx.findOne(PushToken, { token: value }, { populate: ['user'] });
    const user = tx.getReference(User, principal.user.id);
    const moved = existing !== null && existing.user.id !== principal.user.id;
    const row = existing ?? tx.create(PushToken, { user, token: value, platform });
    row.user = user;
    row.platform = platform;
    await tx.flush();
    if (!existing || moved) {
      changes.record({ action: 'push_token.register', resourceType: 'push_token', resourceId: row.id, notice: null, workspaceId: null, details: moved ? { moved_from_user: existing!.user.id } : {} });
    }
    return { moved };
  });
}

/** Removes the caller's registration of the token; a token the caller does not hold is left alone. Idempotent. */
export async function unregisterPushToken(context: RequestContext, principal: Principal, token: string): Promise<{ removed: boolean }> {
  const problem = pushTokenProblem(token);
  if (problem) throw validationError({ token: problem });
  return mutate(context, principal, async (tx, changes) => {
    const row = await tx.findOne(PushToken, { token: token.trim(), user: principal.user.id });
    if (!row) return { removed: false };
    changes.record({ action: 'push_token.unregister', resourceType: 'push_token', resourceId: row.id, notice: null, workspaceId: null });
    tx.remove(row);
    return { removed: true };
  });
}
