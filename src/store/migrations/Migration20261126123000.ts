import { Migration } from '@mikro-orm/migrations';

/**
 * What a check's create is judged on, read under the client's lock (src/services/uptime-check-rows.ts):
 * the client's checks (from workspace_check_counts) and the check already holding the name. A
 * volatile function, so that its queries read a snapshot taken after the lock was granted (in READ
 * COMMITTED each of them takes its own): the create's one statement sees what the client's previous
 * change committed, though the statement itself began before the lock was granted.
 */
export class Migration20261126123000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "locked_uptime_check_facts"(p_lock_space int, p_client_id int, p_workspace_id int, p_name text)
returns table (client_checks int, name_owner_id int, name_owner_ref varchar) language plpgsql volatile as $$
begin
  perform pg_advisory_xact_lock(p_lock_space, p_client_id);
  return query select
    (select coalesce(sum(c.checks), 0)::int from workspace_check_counts c join workspaces w on w.id = c.workspace_id where w.client_id = p_client_id),
    o.id, o.kubernetes_ref
    from (select 1) one left join uptime_checks o on o.workspace_id = p_workspace_id and o.name = p_name;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function "locked_uptime_check_facts"(int, int, int, text);`);
  }
}
