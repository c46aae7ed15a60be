import { isEmailAddress } from '../../domain/email-address.js';
import { failed, retry, type Channel, type ChannelRouting, type DeliveryOutcome, type DeliveryTarget } from '../channel.js';
import { isWebhookEventType, TEST_EVENT_TYPE, type OutboxEventView } from '../event.js';
import type { MailSender } from '../mail-sender.js';
import { describeEvent, plainText, type HumanMessage } from '../message-text.js';

/**
 * The contract's events and the test notification, one delivery per address. Addresses compare
 * case-insensitively, so the same mailbox in two groups gets one e-mail.
 */
export const emailRouting: ChannelRouting = {
  name: 'email',
  carries: (eventType) => isWebhookEventType(eventType) || eventType === TEST_EVENT_TYPE,
  destinationsOf: (group) => group.emailAddresses.map((address) => address.trim()).filter(Boolean),
  dedupeKey: (address) => address.toLowerCase(),
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function html(message: HumanMessage, eventType: string): string {
  const rows = message.facts
    .map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return (
    `<!doctype html><html><body style="font-family:sans-serif">` +
    `<h2>${escapeHtml(message.title)}</h2><table>${rows}</table>` +
    `<p style="color:#777;font-size:12px">Sent by Vantage · ${escapeHtml(eventType)}</p></body></html>`
  );
}

export function buildEmail(event: OutboxEventView): { subject: string; text: string; html: string } {
  const message = describeEvent(event);
  return { subject: `[Vantage] ${message.title}`, text: plainText(message), html: html(message, event.eventType) };
}

/** E-mail through the configured SMTP relay, with a text and an HTML part. */
export class EmailChannel implements Channel {
  readonly name = 'email' as const;

  constructor(private readonly mail: MailSender) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    const unconfigured = this.mail.unconfigured();
    if (unconfigured) return unconfigured;
    if (!isEmailAddress(target.destination)) return failed(`"${target.destination}" is not an e-mail address`);
    if (signal.aborted) return retry('stopped before sending');
    return this.mail.send({ to: target.destination, ...buildEmail(event), deliveryId: target.deliveryId, eventType: event.eventType });
  }
}
