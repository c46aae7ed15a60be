import { Migration } from '@mikro-orm/migrations';

/**
 * The public status page reads a workspace's open incidents and those resolved in the last 90
 * days (src/status-pages/database-status-page-source.ts): without this index it scans every
 * incident the workspace ever had; with it, two index ranges (open, recently resolved).
 */
export class Migration20261126031500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "incidents_workspace_id_resolved_at_index" on "incidents" ("workspace_id", "resolved_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "incidents_workspace_id_resolved_at_index";`);
  }
}
