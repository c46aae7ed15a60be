import { maskSecret, maskUrl, type NotificationGroupConfig } from '../../domain/notification-group-validation.js';
import type { ChannelName } from '../../notify/channel-name.js';
import { GROUP_CHANNEL_ROUTING } from '../../notify/channel-routing.js';
import type { NotificationGroup } from '../../store/entities/notification-group.js';

export interface NotificationGroupView {
  id: number;
  workspace_id: number;
  name: string;
  email_addresses: string[];
  /** E.164. */
  phone_numbers: string[];
  /** In full for administrators; for others masked like chat_incoming_webhook_url (its path and query often hold a token). Send it back unchanged to keep it. */
  webhook_url: string | null;
  /** Masked (origin and last characters): the URL is itself the secret. Send it back unchanged to keep it. */
  chat_incoming_webhook_url: string | null;
  /** Masked like `123…abcd`. Send it back unchanged to keep it. */
  messenger_bot_token: string | null;
  messenger_chat_id: string | null;
  push_enabled: boolean;
  trigger_30_days: boolean;
  trigger_14_days: boolean;
  trigger_7_days: boolean;
  trigger_3_days: boolean;
  trigger_1_day: boolean;
  /** The channels this group delivers to. */
  channels: string[];
  created_at: string;
  updated_at: string;
}

export interface NotificationGroupDetail extends NotificationGroupView {
  /** HMAC-SHA256 key of the webhook signature; shown to administrators only (null for others). */
  webhook_secret: string | null;
  uptime_check_ids: number[];
  domain_ids: number[];
}

export const groupConfig = (group: NotificationGroup): NotificationGroupConfig => ({
  name: group.name,
  emailAddresses: group.emailAddresses,
  phoneNumbers: group.phoneNumbers,
  webhookUrl: group.webhookUrl,
  chatIncomingWebhookUrl: group.chatIncomingWebhookUrl,
  messengerBotToken: group.messengerBotToken,
  messengerChatId: group.messengerChatId,
  pushEnabled: group.pushEnabled,
  trigger30Days: group.trigger30Days,
  trigger14Days: group.trigger14Days,
  trigger7Days: group.trigger7Days,
  trigger3Days: group.trigger3Days,
  trigger1Day: group.trigger1Day,
});

/** The order the view lists channels in (people first, then systems); the channels themselves say whether a group uses them. */
const VIEW_ORDER: readonly ChannelName[] = ['email', 'sms', 'webhook', 'chat', 'messenger', 'push'];

const channels = (group: NotificationGroup): string[] =>
  VIEW_ORDER.filter((name) => GROUP_CHANNEL_ROUTING.find((routing) => routing.name === name)!.destinationsOf(group).length > 0);

/** `viewerIsAdmin`: administrators see the webhook URL in full; everyone else sees it masked. */
export const groupView = (group: NotificationGroup, viewerIsAdmin: boolean): NotificationGroupView => ({
  id: group.id,
  workspace_id: group.workspace.id,
  name: group.name,
  email_addresses: group.emailAddresses,
  phone_numbers: group.phoneNumbers,
  webhook_url: group.webhookUrl && !viewerIsAdmin ? maskUrl(group.webhookUrl) : group.webhookUrl,
  chat_incoming_webhook_url: group.chatIncomingWebhookUrl ? maskUrl(group.chatIncomingWebhookUrl) : null,
  messenger_bot_token: group.messengerBotToken ? maskSecret(group.messengerBotToken) : null,
  messenger_chat_id: group.messengerChatId,
  push_enabled: group.pushEnabled,
  trigger_30_days: group.trigger30Days,
  trigger_14_days: group.trigger14Days,
  trigger_7_days: group.trigger7Days,
  trigger_3_days: group.trigger3Days,
  trigger_1_day: group.trigger1Day,
  channels: channels(group),
  created_at: group.createdAt.toISOString(),
  updated_at: group.updatedAt.toISOString(),
});

export const groupDetail = (
  group: NotificationGroup,
  attached: { checkIds: number[]; domainIds: number[] },
  viewerIsAdmin: boolean,
): NotificationGroupDetail => ({
  ...groupView(group, viewerIsAdmin),
  webhook_secret: viewerIsAdmin ? group.webhookSecret : null,
  uptime_check_ids: attached.checkIds,
  domain_ids: attached.domainIds,
});
