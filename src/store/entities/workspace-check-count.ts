import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/core';
import { CHECK_STATES, type CheckState } from './uptime-check.js';

/**
 * How many checks a workspace has in each (paused, state): kept by a trigger on uptime_checks
 * (migration Migration20261125211929), so the dashboard and the list's totals read a handful of
 * rows instead of counting every check. Written only by that trigger; a row emptied of its checks
 * stays (see `changes`), and a workspace's rows go when the workspace goes. No foreign key: the
 * trigger still runs while a deleted workspace's checks cascade away.
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

  /**
   * Statements that brought a check into this key, took one out or renamed one in it: their sum
   * over a workspace only grows, a version of its lists' orders (see check-page-anchors.ts).
   */
  @Property({ type: 'bigint', default: 0 })
  changes!: string;
}
