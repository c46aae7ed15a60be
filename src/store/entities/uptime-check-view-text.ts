import { Entity, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { UptimeCheck } from './uptime-check.js';

/**
 * A check's configuration as the text of its UptimeCheckView's JSON, in the three runs of fields
 * that only an edit changes (see CHECK_VIEW_TEXT in src/api/uptime-checks/check-view-sql.ts), and
 * its group ids: kept by a trigger on uptime_checks (migration Migration20261126150000) from the
 * columns it is written from, and by one on the links (Migration20261129150000), so that a list
 * page writes fifty checks' answers by joining these texts with the fields that change without an
 * edit (state, last run, favourite, entitlement) instead of writing every field of every row as
 * JSON on each request. Written only by those triggers.
 */
@Entity({ tableName: 'uptime_check_view_texts' })
export class UptimeCheckViewText {
  @ManyToOne(() => UptimeCheck, { primary: true, deleteRule: 'cascade' })
  check!: Rel<UptimeCheck>;

  /** `{"id":…` up to `"flag_follow_redirect":…` and the key of `notification_group_ids`. */
  @Property({ type: 'text' })
  head!: string;

  /** The check's notification group ids as a JSON array, ascending; kept by a trigger on the links (Migration20261129150000). */
  @Property({ type: 'text', default: '[]' })
  notificationGroupIds!: string;

  /** `,"dns_record_type":…` up to `"banner_match_value":…` and the key of `status`. */
  @Property({ type: 'text' })
  middle!: string;

  /** `,"created_at":…,"updated_at":…}`. */
  @Property({ type: 'text' })
  tail!: string;
}
