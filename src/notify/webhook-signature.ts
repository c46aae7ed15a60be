import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Vantage-Signature';
export const DELIVERY_HEADER = 'X-Vantage-Delivery';
export const EVENT_HEADER = 'X-Vantage-Event';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. Signing the time with the body lets a
 * receiver refuse old replays; `v1` names the scheme so another can be added beside it later.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The receiver's side, as documented in docs/webhooks.md: true when the header matches and is recent enough. */
export function verifyWebhookSignature(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = signWebhook(secret, body, t).split('v1=')[1]!;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(v1, 'hex'));
}
