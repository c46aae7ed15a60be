import type { ChannelRouting } from './channel.js';
import { amqpRouting } from './channels/amqp.js';
import { chatRouting } from './channels/chat.js';
import { emailRouting } from './channels/email.js';
import { messengerRouting } from './channels/messenger.js';
import { pushRouting } from './channels/push.js';
import { smsRouting } from './channels/sms.js';
import { webhookRouting } from './channels/webhook.js';

/** The channels a group can name, in the order a plan lists their deliveries. A new channel adds its routing here. */
export const GROUP_CHANNEL_ROUTING: readonly ChannelRouting[] = [webhookRouting, chatRouting, messengerRouting, emailRouting, smsRouting, pushRouting];

/** The client-wide exchange: not a group's channel, planned once per event when AMQP is on. */
export const CLIENT_CHANNEL_ROUTING: ChannelRouting = amqpRouting;
