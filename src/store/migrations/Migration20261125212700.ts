import { Migration } from '@mikro-orm/migrations';

/** The `unlimited` plan (every capability, no plan limit) for installations that run Vantage for themselves. */
export class Migration20261125212700 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "clients" drop constraint if exists "clients_plan_check";`);
    this.addSql(`alter table "clients" add constraint "clients_plan_check" check ("plan" in ('trial', 'basic', 'pro', 'expired', 'unlimited'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "clients" drop constraint if exists "clients_plan_check";`);
    this.addSql(`alter table "clients" add constraint "clients_plan_check" check ("plan" in ('trial', 'basic', 'pro', 'expired'));`);
  }
}
