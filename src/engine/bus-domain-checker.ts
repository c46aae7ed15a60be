import type { DomainChecker } from '../api/domains/domain-checker.js';
import type { Bus, BusSubscription } from '../bus/bus.js';
import type { ChangeNotice } from '../bus/messages.js';
import { changeSubject } from '../bus/subjects.js';
import { domainCheckedSubject } from './domain-subjects.js';

/** A TLS probe's timeout plus the monitor's wait for an agent and travel time. */
const defaultTimeoutMs = 40_000;

/**
 * Check-now for a process that runs the API without the engine (the distributed shape): a durable
 * `check_now` change notice reaches whichever engine replica consumes domain notices, and the
 * `domain-checked` broadcast of the recorded result answers here.
 */
export class BusDomainChecker implements DomainChecker {
  constructor(
    private readonly bus: Bus,
    private readonly timeoutMs = defaultTimeoutMs,
  ) {}

  async checkNow(domainId: number): Promise<unknown> {
    let subscription: BusSubscription | undefined;
    let timer: NodeJS.Timeout | undefined;
    const checked = new Promise<unknown>((resolve, reject) => {
      subscription = this.bus.subscribe(domainCheckedSubject(domainId), (_subject, data) => resolve(data));
      timer = setTimeout(() => reject(new Error(`no engine recorded a check of domain ${domainId} within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      const notice: ChangeNotice = { kind: 'domain', id: domainId, action: 'check_now', at: new Date().toISOString() };
      await this.bus.publishDurable(changeSubject('domain', domainId), notice);
      return await checked;
    } finally {
      clearTimeout(timer);
      await subscription?.stop();
    }
  }
}
