import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel, type Opt } from '@mikro-orm/core';
import { User } from './user.js';

/** A device registration for Android push (FCM). A token belongs to one user at a time. */
@Entity({ tableName: 'push_tokens' })
export class PushToken {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: Rel<User>;

  @Property({ type: 'string', length: 4096, unique: true })
  token!: string;

  @Property({ type: 'string', length: 20 })
  platform: Opt<string> = 'android';

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();
}
