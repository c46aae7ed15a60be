/** Status page subscribers' channels: planned per confirmed subscriber of a page, not from groups. */
export const SUBSCRIBER_CHANNEL_NAMES = ['subscriber_email', 'subscriber_webhook'] as const;
export type SubscriberChannelName = (typeof SUBSCRIBER_CHANNEL_NAMES)[number];
export const CHANNEL_NAMES = ['webhook', 'chat', 'messenger', 'email', 'sms', 'push', 'amqp', ...SUBSCRIBER_CHANNEL_NAMES] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];
