import { delivered, failed, retry, type DeliveryOutcome } from './channel.js';

/**
 * What an HTTP answer means for a delivery: 2xx delivered; 408, 429 and 5xx are passing
 * trouble worth a retry; a redirect is not followed (the receiver must give the final URL);
 * any other 4xx means the request itself is wrong and will stay wrong.
 */
export function outcomeOfStatus(status: number, detail = ''): DeliveryOutcome {
  const suffix = detail ? `: ${detail}` : '';
  if (status >= 200 && status < 300) return delivered(status);
  if (status === 408 || status === 429 || status >= 500) return retry(`HTTP ${status}${suffix}`, status);
  if (status >= 300 && status < 400) return failed(`HTTP ${status}: redirects are not followed${suffix}`, status);
  return failed(`HTTP ${status}${suffix}`, status);
}
