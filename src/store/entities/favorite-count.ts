import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * How many checks a user has marked as favourites in a workspace: kept by a trigger on
 * uptime_check_favorites (migration Migration20261129130000), so that the list's favourite filters
 * read their total from one row instead of counting the user's favourites on every page. Written
 * only by that trigger; a row at zero is removed. No foreign keys: the trigger still runs while a
 * deleted user's or workspace's favourites cascade away.
 */
@Entity({ tableName: 'favorite_counts' })
export class FavoriteCount {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  userId!: number;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  workspaceId!: number;

  @Property({ type: 'integer' })
  favorites!: number;
}
