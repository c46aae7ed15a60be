/** At most this many confirmation mails per address and page in a window of an hour. */
export const CONFIRMATION_MAILS_PER_HOUR = 3;
const HOUR_MS = 3600_000;

export interface ConfirmationWindow {
  confirmationWindowStart: Date | null;
  confirmationMails: number;
}

/** Whether one more confirmation mail may go now, and the window's state after it. */
export function confirmationAllowance(window: ConfirmationWindow, now: Date): { send: boolean; next: ConfirmationWindow } {
  const start = window.confirmationWindowStart;
  if (start === null || now.getTime() - start.getTime() >= HOUR_MS || now.getTime() < start.getTime()) {
    return { send: true, next: { confirmationWindowStart: now, confirmationMails: 1 } };
  }
  if (window.confirmationMails >= CONFIRMATION_MAILS_PER_HOUR) return { send: false, next: window };
  return { send: true, next: { confirmationWindowStart: start, confirmationMails: window.confirmationMails + 1 } };
}

/**
 * Subscribe requests per (page, client address) in a sliding minute, kept in this process's memory:
 * it guards the database and the mail relay against one client's flood, and needs no shared state;
 * with several API replicas each allows the limit. Old keys are swept as they are seen, and the map
 * is bounded so a flood of addresses cannot grow it without end.
 */
export class RequestThrottle {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts a request; false when the key is over its limit (the request is not counted then). */
  allow(key: string, now: number): boolean {
    const recent = (this.hits.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.delete(key);
    this.hits.set(key, recent);
    // Map order is insertion order: the first key is the one least recently seen.
    while (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value!);
    return true;
  }
}
