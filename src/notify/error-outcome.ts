import { failed, retry, type DeliveryOutcome } from './channel.js';
import { OutboundRefused } from './outbound-http.js';

/** A thrown error as an outcome: a refused destination is final, anything else (network, time-out) may pass. */
export function outcomeOfError(error: unknown): DeliveryOutcome {
  if (error instanceof OutboundRefused) return failed(error.message);
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return retry(typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message);
}
