import { hashPassword, verifyPassword } from '../../domain/password-hash.js';
import { passwordProblem } from '../../domain/password-rule.js';
import { User } from '../../store/entities/user.js';
import type { Principal } from '../auth/principal.js';
import { forbidden, validationError } from '../errors.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';

/**
 * Verifies the current password, stores the new one and raises credentialsVersion: the sign-in
 * cache and anything else derived from the old credentials stop being valid at once. A wrong
 * current password is 403 FORBIDDEN: the request is understood but the caller failed to prove it
 * may do this (field format problems are 422).
 */
/** Resolves to the new credentials version. */
export async function changePassword(context: RequestContext, principal: Principal, current: string, next: string): Promise<number> {
  const problem = passwordProblem(next);
  if (problem) throw validationError({ new_password: problem });
  if (!(await verifyPassword(principal.user.passwordHash, current))) throw forbidden('current_password is not the current password');
  if (current === next) throw validationError({ new_password: 'must differ from the current password' });
  const passwordHash = await hashPassword(next);
  return mutate(context, principal, async (tx, changes) => {
    const user = await tx.findOneOrFail(User, principal.user.id, { refresh: true });
    user.passwordHash = passwordHash;
    user.credentialsVersion += 1;
    changes.record({ action: 'account.change_password', resourceType: 'user', resourceId: user.id, notice: null, workspaceId: null });
    return user.credentialsVersion;
  });
}
