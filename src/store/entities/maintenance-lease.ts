import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A lease on a piece of installation-wide housekeeping (the retention worker), so that one engine
 * replica does it at a time. Expiry is judged by the database's clock only, never by comparing
 * two processes' clocks.
 */
@Entity({ tableName: 'maintenance_leases' })
export class MaintenanceLease {
  @PrimaryKey({ type: 'string', length: 64 })
  name!: string;

  @Property({ type: 'string', length: 200 })
  holder!: string;

  @Property({ type: 'Date' })
  leaseUntil!: Date;

  /** When the holder last finished a whole pass. */
  @Property({ type: 'Date', nullable: true })
  lastPassAt: Date | null = null;
}
