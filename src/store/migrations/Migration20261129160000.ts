import { Migration } from '@mikro-orm/migrations';

/** Each check's incidents newest first, for search to read the newest incidents of the checks it finds (src/api/search/search.ts). */
export class Migration20261129160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "incidents_check_id_opened_at_id_index" on "incidents" ("check_id", "opened_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "incidents_check_id_opened_at_id_index";`);
  }
}
