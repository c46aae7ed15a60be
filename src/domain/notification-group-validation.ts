import { isEmailAddress } from './email-address.js';
import { isPrivateHost } from './private-address.js';

/** A notification group's settings as stored, in plain data. */
export interface NotificationGroupConfig {
  name: string;
  emailAddresses: string[];
  phoneNumbers: string[];
  webhookUrl: string | null;
  chatIncomingWebhookUrl: string | null;
  messengerBotToken: string | null;
  messengerChatId: string | null;
  pushEnabled: boolean;
  trigger30Days: boolean;
  trigger14Days: boolean;
  trigger7Days: boolean;
  trigger3Days: boolean;
  trigger1Day: boolean;
}

export const GROUP_LIMITS = { nameMax: 200, listMax: 50, urlMax: 2048, botTokenMax: 200, chatIdMax: 100 } as const;

/** Wire name of each trigger flag → its config key. */
export const TRIGGER_FLAGS = {
  trigger_30_days: 'trigger30Days',
  trigger_14_days: 'trigger14Days',
  trigger_7_days: 'trigger7Days',
  trigger_3_days: 'trigger3Days',
  trigger_1_day: 'trigger1Day',
} as const satisfies Record<string, keyof NotificationGroupConfig>;

export const CHANNEL_FIELDS = 'email_addresses, phone_numbers, webhook_url, chat_incoming_webhook_url, messenger_bot_token with messenger_chat_id, push_enabled';

export const DEFAULT_GROUP: NotificationGroupConfig = {
  name: '',
  emailAddresses: [],
  phoneNumbers: [],
  webhookUrl: null,
  chatIncomingWebhookUrl: null,
  messengerBotToken: null,
  messengerChatId: null,
  pushEnabled: false,
  trigger30Days: true,
  trigger14Days: true,
  trigger7Days: true,
  trigger3Days: true,
  trigger1Day: true,
};

export interface GroupValidationOptions {
  /** Off in the hosted shape: webhook and chat URLs may not name loopback or private addresses. */
  allowPrivateTargets: boolean;
  /**
   * The stored settings on update: absent fields keep them, and a secret echoed back in the masked
   * form the API shows (`maskSecret`) keeps the stored secret.
   */
  current?: NotificationGroupConfig;
}

export type GroupValidation = { ok: true; config: NotificationGroupConfig } | { ok: false; fields: Record<string, string> };

const E164 = /^\+[1-9][0-9]{1,14}$/;

/** `123…abcd`: enough to recognise a secret, not enough to use it. Short secrets show only the ellipsis. */
export function maskSecret(secret: string): string {
  return secret.length < 12 ? '…' : `${secret.slice(0, 3)}…${secret.slice(-4)}`;
}

/** Incoming-webhook URLs carry their secret in the path: shown as origin plus the last four characters. */
export function maskUrl(url: string): string {
  try {
    return `${new URL(url).origin}/…${url.slice(-4)}`;
  } catch {
    return '…';
  }
}

export function httpsUrlProblem(value: string, allowPrivateTargets: boolean): string | null {
  if (value.length > GROUP_LIMITS.urlMax) return `must be at most ${GROUP_LIMITS.urlMax} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a valid URL';
  }
  if (url.protocol !== 'https:') return 'must be an https:// URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (!allowPrivateTargets && isPrivateHost(url.hostname)) {
    return 'must not point at a loopback or private address';
  }
  return null;
}

type Raw = Record<string, unknown>;

class Reader {
  readonly fields: Record<string, string> = {};
  constructor(private readonly body: Raw) {}

  has(key: string): boolean {
    return this.body[key] !== undefined;
  }

  fail(key: string, reason: string): void {
    this.fields[key] ??= reason;
  }

  /** A string or null; empty strings count as null. */
  optionalText(key: string, max: number): string | null | undefined {
    const value = this.body[key];
    if (value === undefined) return undefined;
    if (value === null) return null;
    if (typeof value !== 'string') return this.fail(key, 'must be a string or null'), undefined;
    const trimmed = value.trim();
    if (trimmed.length > max) return this.fail(key, `must be at most ${max} characters`), undefined;
    return trimmed === '' ? null : trimmed;
  }

  list(key: string, itemRule: (item: string) => string | null, normalise: (item: string) => string): string[] | undefined {
    const value = this.body[key];
    if (value === undefined) return undefined;
    if (value === null) return [];
    if (!Array.isArray(value)) return this.fail(key, 'must be an array of strings'), undefined;
    if (value.length > GROUP_LIMITS.listMax) return this.fail(key, `must hold at most ${GROUP_LIMITS.listMax} entries`), undefined;
    const items: string[] = [];
    for (const [index, item] of value.entries()) {
      if (typeof item !== 'string') return this.fail(`${key}[${index}]`, 'must be a string'), undefined;
      const problem = itemRule(item.trim());
      if (problem) return this.fail(`${key}[${index}]`, problem), undefined;
      const normalised = normalise(item.trim());
      if (!items.includes(normalised)) items.push(normalised);
    }
    return items;
  }

  flag(key: string): boolean | undefined {
    const value = this.body[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') return this.fail(key, 'must be true or false'), undefined;
    return value;
  }
}

const hasChannel = (config: NotificationGroupConfig): boolean =>
  config.emailAddresses.length > 0 ||
  config.phoneNumbers.length > 0 ||
  config.webhookUrl !== null ||
  config.chatIncomingWebhookUrl !== null ||
  (config.messengerBotToken !== null && config.messengerChatId !== null) ||
  config.pushEnabled;

/**
 * Validates a create body, or an update body against the stored settings (absent fields keep
 * their value, null clears). The result must still have at least one channel.
 */
export function validateNotificationGroup(body: Raw, options: GroupValidationOptions): GroupValidation {
  const read = new Reader(body);
  const base = options.current ?? DEFAULT_GROUP;
  const config: NotificationGroupConfig = { ...base, emailAddresses: [...base.emailAddresses], phoneNumbers: [...base.phoneNumbers] };

  if (read.has('name') || !options.current) {
    const name = body.name;
    if (typeof name !== 'string' || name.trim() === '') read.fail('name', 'is required (1 to 200 characters)');
    else if (name.trim().length > GROUP_LIMITS.nameMax) read.fail('name', `must be at most ${GROUP_LIMITS.nameMax} characters`);
    else config.name = name.trim();
  }

  const emails = read.list('email_addresses', (item) => (isEmailAddress(item) ? null : 'must be an e-mail address'), (item) => item.toLowerCase());
  if (emails) config.emailAddresses = emails;
  const phones = read.list('phone_numbers', (item) => (E164.test(item) ? null : 'must be an E.164 phone number like +14155550123'), (item) => item);
  if (phones) config.phoneNumbers = phones;

  for (const [key, target] of [['webhook_url', 'webhookUrl'], ['chat_incoming_webhook_url', 'chatIncomingWebhookUrl']] as const) {
    const url = read.optionalText(key, GROUP_LIMITS.urlMax);
    if (url === undefined) continue;
    const stored = options.current?.[target];
    // The masked form the API shows keeps the stored URL.
    if (url !== null && stored && url === maskUrl(stored)) continue;
    const problem = url === null ? null : httpsUrlProblem(url, options.allowPrivateTargets);
    if (problem) read.fail(key, problem);
    else config[target] = url;
  }

  const token = read.optionalText('messenger_bot_token', GROUP_LIMITS.botTokenMax);
  const storedToken = options.current?.messengerBotToken;
  if (token !== undefined && !(token !== null && storedToken && token === maskSecret(storedToken))) config.messengerBotToken = token;
  const chatId = read.optionalText('messenger_chat_id', GROUP_LIMITS.chatIdMax);
  if (chatId !== undefined) config.messengerChatId = chatId;
  if ((config.messengerBotToken === null) !== (config.messengerChatId === null) && !read.fields.messenger_bot_token && !read.fields.messenger_chat_id) {
    read.fail(config.messengerBotToken === null ? 'messenger_bot_token' : 'messenger_chat_id', 'messenger_bot_token and messenger_chat_id go together');
  }

  const push = read.flag('push_enabled');
  if (push !== undefined) config.pushEnabled = push;
  for (const [wire, key] of Object.entries(TRIGGER_FLAGS)) {
    const flag = read.flag(wire);
    if (flag !== undefined) config[key] = flag;
  }

  if (Object.keys(read.fields).length > 0) return { ok: false, fields: read.fields };
  if (!hasChannel(config)) return { ok: false, fields: { channels: `at least one channel is required: ${CHANNEL_FIELDS}` } };
  return { ok: true, config };
}
