import { Migration } from '@mikro-orm/migrations';

/**
 * Substring search on check names and host names (`search=` of the list, /mobile/search):
 * `ilike '%…%'` cannot use a b-tree, so it read every check of the workspace; trigram indexes
 * serve it. pg_trgm is a trusted extension (PostgreSQL ≥ 13: a database owner may create it),
 * shipped with PostgreSQL's contrib and with PGlite (loaded in src/store/orm.ts). Without
 * fastupdate: GIN's pending list of recent entries is read in full by every search until vacuum
 * merges it (10,000 checks created in a row made each search cost 10–25 ms of PostgreSQL CPU).
 */
export class Migration20261126060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "uptime_checks_name_trgm_index" on "uptime_checks" using gin ("name" gin_trgm_ops) with (fastupdate = off);`);
    this.addSql(`create index "uptime_checks_hostname_trgm_index" on "uptime_checks" using gin ("hostname" gin_trgm_ops) with (fastupdate = off);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "uptime_checks_hostname_trgm_index";`);
    this.addSql(`drop index if exists "uptime_checks_name_trgm_index";`);
  }
}
