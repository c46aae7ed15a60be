import { Migration } from '@mikro-orm/migrations';

/** The counts' trigger function, with its update branch as given. */
const countsFunction = (updateBranch: string): string => `create or replace function "workspace_check_counts_apply"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, count(*) from new_checks group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;
  elsif tg_op = 'DELETE' then
    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, -count(*) from old_checks group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;
    delete from workspace_check_counts where checks = 0 and workspace_id in (select workspace_id from old_checks);
  else
${updateBranch}
  end if;
  return null;
end $$;`;

/**
 * An update's counts without joining its old rows to its new ones. PL/pgSQL keeps the plan of the
 * trigger's statement for the session, costed for the transition tables of its first call: on a
 * pooled connection that was a one-row update, so the join was a nested loop, and a later update
 * of 10,000 checks (a bulk pause) compared 10^8 pairs, 18-22 s of PostgreSQL. Each row adds one to
 * its new key and takes one from its old key; rows whose key did not change cancel out in the sum,
 * so the counts are the same and the work is one pass over each table.
 */
export class Migration20261128090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(countsFunction(`    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, sum(delta) from (
        select workspace_id, paused, state, 1 as delta from new_checks
        union all
        select workspace_id, paused, state, -1 from old_checks
      ) changes group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;`));
  }

  override async down(): Promise<void> {
    this.addSql(countsFunction(`    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, sum(delta) from (
        select n.workspace_id, n.paused, n.state, 1 as delta from new_checks n join old_checks o on o.id = n.id
          where (o.workspace_id, o.paused, o.state) is distinct from (n.workspace_id, n.paused, n.state)
        union all
        select o.workspace_id, o.paused, o.state, -1 from new_checks n join old_checks o on o.id = n.id
          where (o.workspace_id, o.paused, o.state) is distinct from (n.workspace_id, n.paused, n.state)
      ) changes group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;`));
  }
}
