export const CHANNEL_NAMES = ['webhook', 'chat', 'messenger', 'email', 'sms', 'push', 'amqp', 'subscriber_email', 'subscriber_webhook'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];
