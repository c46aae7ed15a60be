import type { RoleContext } from './role.js';

/** For roles whose issue has not landed yet: says so and exits 2. */
export const notYetAvailable = (role: string) => async (_args: string[], context: RoleContext): Promise<number> => {
  context.logger.error(`the ${role} role is not available in this build yet`);
  return 2;
};
