import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/core';
import { CHECK_STATES, type CheckState } from './uptime-check.js';

/**
 * How many checks a workspace has in each (paused, state): kept by a trigger on uptime_checks
 * (migration Migration20261125211929), so the dashboard and the list's totals read a handful of
 * rows instead of counting every check. Written only by that trigger; rows at zero are removed.
 * No foreign key: the trigger still runs while a deleted workspace's checks cascade away.
 */
@Entity({ tableName: 'workspace_check_counts' })
export class WorkspaceCheckCount {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  workspaceId!: number;

  @PrimaryKey({ type: 'boolean' })
  paused!: boolean;

  @Enum({ items: () => CHECK_STATES, type: 'string', primary: true })
  state!: CheckState;

  @Property({ type: 'integer' })
  checks!: number;
}
