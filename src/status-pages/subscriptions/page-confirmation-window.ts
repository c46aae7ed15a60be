import type { EntityManager } from '@mikro-orm/postgresql';

/** A page's window is over an hour after it began, or when it began after `now` (a clock set back). */
const WINDOW_OVER = `(w.window_start <= excluded.window_start - interval '1 hour' or w.window_start > excluded.window_start)`;

/**
 * Counts one confirmation mail against its page's hour, unless the page already sent `limit` in
 * it: whatever the addresses, a page sends at most that many, so rotating addresses cannot turn it
 * into a mail cannon. The hour rule is the per-address one (`confirmationAllowance`), written as
 * one statement so that API processes sending at once never pass the limit together: the row's
 * lock orders them. Runs in the caller's transaction; false when the page is over its limit.
 */
export async function takePageConfirmationMail(tx: EntityManager, pageId: number, now: Date, limit: number): Promise<boolean> {
  const counted = await tx.execute<Array<{ mails: number }>>(
    `insert into status_page_confirmation_windows as w (page_id, window_start, mails) values (?, ?, 1)
     on conflict (page_id) do update set
       window_start = case when ${WINDOW_OVER} then excluded.window_start else w.window_start end,
       mails = case when ${WINDOW_OVER} then 1 else w.mails + 1 end
     where ${WINDOW_OVER} or w.mails < ?
     returning mails`,
    [pageId, now, limit],
  );
  return counted.length > 0;
}
