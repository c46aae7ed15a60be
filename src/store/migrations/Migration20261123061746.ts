import { Migration } from '@mikro-orm/migrations';

export class Migration20261123061746 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "uptime_checks" add column "kubernetes_uid" varchar(36) null;`);
    this.addSql(`alter table "uptime_checks" add constraint "uptime_checks_kubernetes_uid_unique" unique ("kubernetes_uid");`);

    this.addSql(`alter table "maintenance_windows" add column "kubernetes_uid" varchar(36) null;`);
    this.addSql(`alter table "maintenance_windows" add constraint "maintenance_windows_kubernetes_uid_unique" unique ("kubernetes_uid");`);

    this.addSql(`alter table "domains" add column "kubernetes_uid" varchar(36) null;`);
    this.addSql(`alter table "domains" add constraint "domains_kubernetes_uid_unique" unique ("kubernetes_uid");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "domains" drop constraint "domains_kubernetes_uid_unique";`);
    this.addSql(`alter table "domains" drop column "kubernetes_uid";`);

    this.addSql(`alter table "maintenance_windows" drop constraint "maintenance_windows_kubernetes_uid_unique";`);
    this.addSql(`alter table "maintenance_windows" drop column "kubernetes_uid";`);

    this.addSql(`alter table "uptime_checks" drop constraint "uptime_checks_kubernetes_uid_unique";`);
    this.addSql(`alter table "uptime_checks" drop column "kubernetes_uid";`);
  }

}
