import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122003148 } from './Migration20261122003148.js';
import { Migration20261125211929 } from './Migration20261125211929.js';

/** Every migration in order. `npm run migration:create` writes a new file; add it here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122003148', class: Migration20261122003148 },
  { name: 'Migration20261125211929', class: Migration20261125211929 },
];
