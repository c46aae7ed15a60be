import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122003148 } from './Migration20261122003148.js';
import { Migration20261125212700 } from './Migration20261125212700.js';

/** Every migration in order. `npm run migration:create` writes a new file; add it here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122003148', class: Migration20261122003148 },
  { name: 'Migration20261125212700', class: Migration20261125212700 },
];
