import nodemailer, { type Transporter } from 'nodemailer';
import { delivered, failed, retry, type Channel, type DeliveryOutcome, type DeliveryTarget } from '../../notify/channel.js';
import type { OutboxEventView } from '../../notify/event.js';
import type { Store } from '../../store/orm.js';
import { subscriberLinks } from './links.js';
import { buildSubscriberMail } from './subscriber-mail.js';
import { mintLinkTokens, recipientOf } from './subscriber-recipient.js';

export interface SubscriberEmailOptions {
  smtpUrl: string | undefined;
  from: string;
  /** VANTAGE_PUBLIC_URL: mails hold absolute links. */
  publicUrl: string | undefined;
  extraCa?: string | undefined;
  timeoutMs: number;
}

function outcomeOfMailError(error: unknown): DeliveryOutcome {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  const reason = message ?? String(error);
  if (typeof responseCode === 'number' && responseCode >= 500) return failed(reason, responseCode);
  return retry(reason, typeof responseCode === 'number' ? responseCode : undefined);
}

/**
 * Mail to a status page's e-mail subscribers: the double opt-in mail and the page's notices,
 * each with its own unsubscribe link and the one-click headers of RFC 8058.
 */
export class SubscriberEmailChannel implements Channel {
  readonly name = 'subscriber_email' as const;
  private readonly transport: Transporter | null;

  constructor(
    private readonly store: Store,
    private readonly options: SubscriberEmailOptions,
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs * 2,
          ...(options.extraCa ? { tls: { ca: options.extraCa } } : {}),
        })
      : null;
  }

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    if (!this.transport) return failed('e-mail is not configured on this server (SMTP_URL)');
    if (!this.options.publicUrl) return failed('subscriber mails need absolute links: VANTAGE_PUBLIC_URL is not set');
    const recipient = await recipientOf(this.store, event, target.destination);
    if (!('subscriber' in recipient)) return recipient;
    if (signal.aborted) return retry('stopped before sending');
    const confirming = recipient.eventType === 'status_page.subscription.requested';
    const tokens = await mintLinkTokens(this.store, recipient.subscriber.id, confirming ? ['confirm', 'unsubscribe'] : ['unsubscribe']);
    const links = subscriberLinks(this.options.publicUrl, recipient.notice.slug);
    const mail = buildSubscriberMail(recipient.eventType, recipient.notice, {
      page: links.page,
      unsubscribe: links.unsubscribe(tokens.unsubscribe),
      confirm: 'confirm' in tokens ? links.confirm(tokens.confirm as string) : null,
    });
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: recipient.subscriber.address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: {
          'List-Unsubscribe': `<${links.unsubscribe(tokens.unsubscribe)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Vantage-Delivery': target.deliveryId,
          'X-Vantage-Event': event.eventType,
        },
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
