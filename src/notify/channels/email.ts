import nodemailer, { type Transporter } from 'nodemailer';
import { isEmailAddress } from '../../domain/email-address.js';
import { failed, retry, delivered, type Channel, type ChannelRouting, type DeliveryOutcome, type DeliveryTarget } from '../channel.js';
import { isWebhookEventType, TEST_EVENT_TYPE, type OutboxEventView } from '../event.js';
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

/** An SMTP reply code says who is at fault: 5xx the message or mailbox (final), 4xx the moment (retry). */
function outcomeOfMailError(error: unknown): DeliveryOutcome {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  const reason = message ?? String(error);
  if (typeof responseCode === 'number' && responseCode >= 500) return failed(reason, responseCode);
  return retry(reason, typeof responseCode === 'number' ? responseCode : undefined);
}

/** E-mail through the configured SMTP relay, with a text and an HTML part. */
export class EmailChannel implements Channel {
  readonly name = 'email' as const;
  private readonly transport: Transporter | null;

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
    options: { extraCa?: string | undefined; timeoutMs: number },
  ) {
    this.transport = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs * 2,
          ...(options.extraCa ? { tls: { ca: options.extraCa } } : {}),
        })
      : null;
  }

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    if (!this.transport) return failed('e-mail is not configured on this server (SMTP_URL)');
    if (!isEmailAddress(target.destination)) return failed(`"${target.destination}" is not an e-mail address`);
    if (signal.aborted) return retry('stopped before sending');
    const mail = buildEmail(event);
    try {
      await this.transport.sendMail({
        from: this.from,
        to: target.destination,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'X-Vantage-Delivery': target.deliveryId, 'X-Vantage-Event': event.eventType },
      });
      return delivered();
    } catch (error) {
      return outcomeOfMailError(error);
    }
  }

  async close(): Promise<void> {
    this.transport?.close();
  }
}
