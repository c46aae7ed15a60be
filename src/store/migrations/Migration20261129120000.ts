import { Migration } from '@mikro-orm/migrations';

/** The counts' trigger function, with its three branches as given. */
const countsFunction = (insertBranch: string, deleteBranch: string, updateBranch: string): string => `create or replace function "workspace_check_counts_apply"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
${insertBranch}
  elsif tg_op = 'DELETE' then
${deleteBranch}
  else
${updateBranch}
  end if;
  return null;
end $$;`;

/**
 * Each count row also counts the statements that changed which checks its key holds or their
 * names: a check coming into the key or leaving it, or renamed in it. The sum of a workspace's
 * `changes` is then a version of its lists' orders (see check-page-anchors.ts): a row is no longer
 * removed when its key is emptied by a delete, so the sum never goes down while the workspace
 * exists, and a workspace's rows go with it. An update's changed rows are those whose (workspace,
 * paused, state, name, id) is not in both transition tables, found in one pass over each as before.
 */
export class Migration20261129120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "workspace_check_counts" add column "changes" bigint not null default 0;`);
    this.addSql(countsFunction(
      `    insert into workspace_check_counts (workspace_id, paused, state, checks, changes)
      select workspace_id, paused, state, count(*), 1 from new_checks group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks, changes = workspace_check_counts.changes + 1;`,
      `    insert into workspace_check_counts (workspace_id, paused, state, checks, changes)
      select workspace_id, paused, state, -count(*), 1 from old_checks group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks, changes = workspace_check_counts.changes + 1;
    delete from workspace_check_counts where workspace_id in (
      select o.workspace_id from (select distinct workspace_id from old_checks) o where not exists (select 1 from workspaces w where w.id = o.workspace_id));`,
      `    insert into workspace_check_counts (workspace_id, paused, state, checks, changes)
      select workspace_id, paused, state, sum(delta), 1 from (
        select workspace_id, paused, state, sum(delta) as delta from (
          select workspace_id, paused, state, name, id, 1 as delta from new_checks
          union all
          select workspace_id, paused, state, name, id, -1 from old_checks
        ) versions group by workspace_id, paused, state, name, id having sum(delta) <> 0
      ) changed group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks, changes = workspace_check_counts.changes + 1;`,
    ));
  }

  override async down(): Promise<void> {
    this.addSql(countsFunction(
      `    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, count(*) from new_checks group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;`,
      `    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, -count(*) from old_checks group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;
    delete from workspace_check_counts where checks = 0 and workspace_id in (select workspace_id from old_checks);`,
      `    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, sum(delta) from (
        select workspace_id, paused, state, 1 as delta from new_checks
        union all
        select workspace_id, paused, state, -1 from old_checks
      ) changes group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;`,
    ));
    this.addSql(`alter table "workspace_check_counts" drop column "changes";`);
  }
}
