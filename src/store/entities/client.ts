import { Entity, Enum, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** `unlimited`: every capability and no plan limit, for an installation that runs Vantage for itself. */
export const PLANS = ['trial', 'basic', 'pro', 'expired', 'unlimited'] as const;
export type Plan = (typeof PLANS)[number];

/** The tenant account: owns users, workspaces, entitlement and billing profile. */
@Entity({ tableName: 'clients' })
export class Client {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Enum({ items: () => PLANS, type: 'string' })
  plan!: Plan;

  /** End of the trial; meaningful only while `plan` is `trial`. */
  @Property({ type: 'Date', nullable: true })
  trialEndsAt: Date | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  billingEmail: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  cardBrand: string | null = null;

  @Property({ type: 'string', length: 4, nullable: true })
  cardLast4: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
