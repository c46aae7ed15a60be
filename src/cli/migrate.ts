import { closeStore } from '../store/orm.js';
import { openMigratedStore } from './open-migrated-store.js';
import type { RoleContext } from './role.js';

export default async function migrateRole(_args: string[], { settings, logger }: RoleContext): Promise<number> {
  const store = await openMigratedStore(settings, logger);
  await closeStore(store);
  logger.info('database schema is up to date');
  return 0;
}
