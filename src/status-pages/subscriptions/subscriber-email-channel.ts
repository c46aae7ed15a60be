import { failed, retry, type Channel, type DeliveryOutcome, type DeliveryTarget } from '../../notify/channel.js';
import type { OutboxEventView } from '../../notify/event.js';
import type { MailSender } from '../../notify/mail-sender.js';
import type { Store } from '../../store/orm.js';
import { subscriberLinks } from './links.js';
import { buildSubscriberMail } from './subscriber-mail.js';
import { mintLinkTokens, recipientOf } from './subscriber-recipient.js';

/**
 * Mail to a status page's e-mail subscribers: the double opt-in mail and the page's notices,
 * each with its own unsubscribe link and the one-click headers of RFC 8058.
 */
export class SubscriberEmailChannel implements Channel {
  readonly name = 'subscriber_email' as const;

  constructor(
    private readonly store: Store,
    private readonly mail: MailSender,
    /** VANTAGE_PUBLIC_URL: mails hold absolute links. */
    private readonly publicUrl: string | undefined,
  ) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    const unconfigured = this.mail.unconfigured();
    if (unconfigured) return unconfigured;
    if (!this.publicUrl) return failed('subscriber mails need absolute links: VANTAGE_PUBLIC_URL is not set');
    const recipient = await recipientOf(this.store, event, target.destination);
    if (!('subscriber' in recipient)) return recipient;
    if (signal.aborted) return retry('stopped before sending');
    const confirming = recipient.eventType === 'status_page.subscription.requested';
    const tokens = await mintLinkTokens(this.store, recipient.subscriber.id, confirming ? ['confirm', 'unsubscribe'] : ['unsubscribe']);
    const links = subscriberLinks(this.publicUrl, recipient.notice.slug);
    const unsubscribe = links.unsubscribe(tokens.unsubscribe);
    const content = buildSubscriberMail(recipient.eventType, recipient.notice, {
      page: links.page,
      unsubscribe,
      confirm: 'confirm' in tokens ? links.confirm(tokens.confirm as string) : null,
    });
    return this.mail.send({
      to: recipient.subscriber.address,
      ...content,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      deliveryId: target.deliveryId,
      eventType: event.eventType,
    });
  }
}
