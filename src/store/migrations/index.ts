import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122003148 } from './Migration20261122003148.js';
import { Migration20261125211812 } from './Migration20261125211812.js';
import { Migration20261125211929 } from './Migration20261125211929.js';
import { Migration20261125212700 } from './Migration20261125212700.js';
import { Migration20261126000000 } from './Migration20261126000000.js';
import { Migration20261126013000 } from './Migration20261126013000.js';
import { Migration20261126030000 } from './Migration20261126030000.js';
import { Migration20261126031500 } from './Migration20261126031500.js';
import { Migration20261126060000 } from './Migration20261126060000.js';
import { Migration20261126061500 } from './Migration20261126061500.js';
import { Migration20261126064500 } from './Migration20261126064500.js';
import { Migration20261126123000 } from './Migration20261126123000.js';
import { Migration20261126150000 } from './Migration20261126150000.js';
import { Migration20261128090000 } from './Migration20261128090000.js';
import { Migration20261129080000 } from './Migration20261129080000.js';
import { Migration20261129120000 } from './Migration20261129120000.js';
import { Migration20261129130000 } from './Migration20261129130000.js';
import { Migration20261129140000 } from './Migration20261129140000.js';
import { Migration20261129150000 } from './Migration20261129150000.js';
import { Migration20261129160000 } from './Migration20261129160000.js';

/** Every migration in order. `npm run migration:create` writes a new file; add it here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122003148', class: Migration20261122003148 },
  // Deliveries you can see: the test notification's event type, retried_at, and the index on group_id.
  { name: 'Migration20261125211812', class: Migration20261125211812 },
  { name: 'Migration20261125211929', class: Migration20261125211929 },
  { name: 'Migration20261125212700', class: Migration20261125212700 },
  { name: 'Migration20261126000000', class: Migration20261126000000 },
  { name: 'Migration20261126013000', class: Migration20261126013000 },
  { name: 'Migration20261126030000', class: Migration20261126030000 },
  { name: 'Migration20261126031500', class: Migration20261126031500 },
  { name: 'Migration20261126060000', class: Migration20261126060000 },
  { name: 'Migration20261126061500', class: Migration20261126061500 },
  { name: 'Migration20261126064500', class: Migration20261126064500 },
  { name: 'Migration20261126123000', class: Migration20261126123000 },
  { name: 'Migration20261126150000', class: Migration20261126150000 },
  { name: 'Migration20261128090000', class: Migration20261128090000 },
  // Last-run times apart from the checks' rows: a run no longer clears the list pages' visibility bits.
  { name: 'Migration20261129080000', class: Migration20261129080000 },
  // A version of each workspace's list orders, for the list's deep pages to start from a known position.
  { name: 'Migration20261129120000', class: Migration20261129120000 },
  // Favourites counted per user and workspace, for the list's favourite filters' totals.
  { name: 'Migration20261129130000', class: Migration20261129130000 },
  // Favourites carry their check's name, for the favourite filter to page through them alone.
  { name: 'Migration20261129140000', class: Migration20261129140000 },
  // Each check's group ids kept in its view texts, for the list not to read them on every page.
  { name: 'Migration20261129150000', class: Migration20261129150000 },
  // Each check's incidents newest first, for search.
  { name: 'Migration20261129160000', class: Migration20261129160000 },
];
