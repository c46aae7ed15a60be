import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One failed sign-in, kept for the throttle's window. In PostgreSQL, so that every API replica
 * and every restart counts the same failures.
 */
@Entity({ tableName: 'sign_in_failures' })
@Index({ properties: ['email', 'at'] })
@Index({ properties: ['address', 'at'] })
export class SignInFailure {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** The e-mail as signed in with (lower-case), whether or not an account has it. */
  @Property({ type: 'string', length: 320 })
  email!: string;

  /** The client's address key: an IPv4 address or an IPv6 /64 prefix. */
  @Property({ type: 'string', length: 64 })
  address!: string;

  /** From an address this e-mail had signed in from before: such failures do not slow the account down elsewhere. */
  @Property({ type: 'boolean' })
  fromKnownAddress!: boolean;

  @Property({ type: 'Date' })
  at!: Date;
}

/** An address an e-mail has signed in from with the right password: it is never refused there. */
@Entity({ tableName: 'sign_in_addresses' })
export class SignInAddress {
  @PrimaryKey({ type: 'string', length: 320 })
  email!: string;

  @PrimaryKey({ type: 'string', length: 64 })
  address!: string;

  @Property({ type: 'Date' })
  lastSuccessAt!: Date;
}
