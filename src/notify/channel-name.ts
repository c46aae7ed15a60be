export const CHANNEL_NAMES = ['webhook', 'chat', 'messenger', 'email', 'sms', 'push', 'amqp'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];
