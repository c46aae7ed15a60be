import type { Bus } from '../bus/bus.js';
import type { ChangeNotice } from '../bus/messages.js';
import { changeSubject } from '../bus/subjects.js';
import type { Logger } from '../log.js';

/**
 * Notices in flight at once. Each one awaited in turn made a bulk change of 10,000 checks wait
 * 10,000 JetStream round trips after its commit; sent back to back on the one connection, NATS
 * stores them in the order given all the same.
 */
const NOTICES_IN_FLIGHT = 256;

/**
 * Publishes the notices of committed changes, in order. A notice that is not published does not
 * undo its change: the engine's periodic resync picks the change up. With the bus away, the rest
 * would each wait out the same time-out, so they are not sent either; one error line says how
 * many were not.
 */
export async function publishChangeNotices(bus: Bus, logger: Logger, notices: readonly ChangeNotice[]): Promise<void> {
  for (let start = 0; start < notices.length; start += NOTICES_IN_FLIGHT) {
    const sent = notices.slice(start, start + NOTICES_IN_FLIGHT);
    const outcomes = await Promise.allSettled(sent.map((notice) => bus.publishDurable(changeSubject(notice.kind, notice.id), notice)));
    const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected');
    if (failed >= 0) {
      const unsent = notices.length - start - outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      const { reason } = outcomes[failed] as PromiseRejectedResult;
      logger.error({ err: reason, notice: sent[failed], unsent }, `${unsent} change notice(s) not published; the engine resync will pick the changes up`);
      return;
    }
  }
}
