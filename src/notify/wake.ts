import type { Bus } from '../bus/bus.js';

/** Published after a transaction that enqueued notifications committed, so notifiers look at once. */
export const NOTIFIER_WAKE_SUBJECT = 'vantage.notify.wake';

/** Best effort: a lost wake-up only delays the delivery to the next poll. */
export async function wakeNotifiers(bus: Bus): Promise<void> {
  await bus.publish(NOTIFIER_WAKE_SUBJECT, { at: new Date().toISOString() });
}
