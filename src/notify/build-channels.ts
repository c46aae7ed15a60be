import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import { readExtraCa } from '../ops/extra-ca.js';
import type { Store } from '../store/orm.js';
import type { ChannelName } from './channel-name.js';
import type { Channel } from './channel.js';
import { AmqpChannel } from './channels/amqp.js';
import { ChatChannel } from './channels/chat.js';
import { EmailChannel } from './channels/email.js';
import { MessengerChannel } from './channels/messenger.js';
import { PushChannel } from './channels/push.js';
import { SmsChannel } from './channels/sms.js';
import { WebhookChannel } from './channels/webhook.js';
import { MailSender } from './mail-sender.js';
import { OutboundHttp } from './outbound-http.js';
import { SubscriberEmailChannel } from '../status-pages/subscriptions/subscriber-email-channel.js';
import { SubscriberWebhookChannel } from '../status-pages/subscriptions/subscriber-webhook-channel.js';
import { readServiceAccount, serviceAccountAccessToken, staticAccessToken, type AccessTokenSource } from './push-access-token.js';

export type NotifierSettings = Pick<
  Settings,
  | 'AMQP_URL'
  | 'VANTAGE_ALLOW_PRIVATE_TARGETS'
  | 'VANTAGE_EXTRA_CA_FILE'
  | 'VANTAGE_HOSTS_FILE'
  | 'VANTAGE_NOTIFY_TIMEOUT_MS'
  | 'SMTP_URL'
  | 'VANTAGE_MAIL_FROM'
  | 'VANTAGE_MESSENGER_API_URL'
  | 'VANTAGE_SMS_API_URL'
  | 'VANTAGE_SMS_ACCOUNT_SID'
  | 'VANTAGE_SMS_AUTH_TOKEN'
  | 'VANTAGE_SMS_FROM'
  | 'VANTAGE_PUSH_API_URL'
  | 'VANTAGE_PUSH_PROJECT_ID'
  | 'VANTAGE_PUSH_ACCESS_TOKEN'
  | 'VANTAGE_PUSH_SERVICE_ACCOUNT_FILE'
  | 'VANTAGE_PUSH_TOKEN_URL'
  | 'VANTAGE_PUBLIC_URL'
>;

function pushCredential(settings: NotifierSettings, http: OutboundHttp): AccessTokenSource | null {
  if (settings.VANTAGE_PUSH_ACCESS_TOKEN) return staticAccessToken(settings.VANTAGE_PUSH_ACCESS_TOKEN);
  if (!settings.VANTAGE_PUSH_SERVICE_ACCOUNT_FILE) return null;
  const account = readServiceAccount(settings.VANTAGE_PUSH_SERVICE_ACCOUNT_FILE);
  return serviceAccountAccessToken(http, account, settings.VANTAGE_PUSH_TOKEN_URL ?? account.token_uri);
}

/** Every channel, configured from the settings; a channel without its settings fails its deliveries with a reason saying which. */
export function buildChannels(settings: NotifierSettings, store: Store, logger: Logger): { channels: Map<ChannelName, Channel>; close(): Promise<void> } {
  const extraCa = settings.VANTAGE_EXTRA_CA_FILE ? readExtraCa(settings.VANTAGE_EXTRA_CA_FILE, logger) : undefined;
  const timeoutMs = settings.VANTAGE_NOTIFY_TIMEOUT_MS;
  const http = new OutboundHttp({ allowPrivate: settings.VANTAGE_ALLOW_PRIVATE_TARGETS === '1', extraCa, timeoutMs, hostsFile: settings.VANTAGE_HOSTS_FILE });
  const mail = new MailSender(settings.SMTP_URL, settings.VANTAGE_MAIL_FROM, { extraCa, timeoutMs });
  const list: Channel[] = [
    new WebhookChannel(http),
    new ChatChannel(http),
    new MessengerChannel(http, settings.VANTAGE_MESSENGER_API_URL),
    new EmailChannel(mail),
    new SmsChannel(http, {
      apiBaseUrl: settings.VANTAGE_SMS_API_URL,
      accountSid: settings.VANTAGE_SMS_ACCOUNT_SID,
      authToken: settings.VANTAGE_SMS_AUTH_TOKEN,
      from: settings.VANTAGE_SMS_FROM,
    }),
    new PushChannel(http, store, {
      apiBaseUrl: settings.VANTAGE_PUSH_API_URL,
      projectId: settings.VANTAGE_PUSH_PROJECT_ID,
      accessToken: pushCredential(settings, http),
    }),
    new AmqpChannel(settings.AMQP_URL, logger),
    new SubscriberEmailChannel(store, mail, settings.VANTAGE_PUBLIC_URL),
    new SubscriberWebhookChannel(store, http, settings.VANTAGE_PUBLIC_URL),
  ];
  return {
    channels: new Map(list.map((channel) => [channel.name, channel])),
    close: async () => {
      await Promise.allSettled(list.map((channel) => channel.close?.()));
      http.close();
      mail.close();
    },
  };
}
