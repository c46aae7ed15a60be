import { Type } from '@sinclair/typebox';

const HttpBase = (fallback: string, what: string) =>
  Type.String({ pattern: '^https?://[^\\s]+$', default: fallback, description: `${what}: an http(s):// base URL without trailing path` });

/** Settings of the notifier: delivery tuning, provider endpoints and credentials. */
export const NotifySettings = Type.Object({
  VANTAGE_NOTIFY_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1000, default: 16, description: 'deliveries in flight per notifier, 1 to 1000' }),
  VANTAGE_NOTIFY_POLL_MS: Type.Integer({ minimum: 50, maximum: 60000, default: 1000, description: 'milliseconds between outbox polls, 50 to 60000' }),
  VANTAGE_NOTIFY_LEASE_MS: Type.Integer({
    minimum: 1000,
    maximum: 600000,
    default: 60000,
    description: 'milliseconds a claimed delivery stays reserved for one notifier, 1000 to 600000',
  }),
  VANTAGE_NOTIFY_RETRY_BASE_MS: Type.Integer({ minimum: 10, maximum: 3600000, default: 10000, description: 'first retry delay in milliseconds, doubled each attempt' }),
  VANTAGE_NOTIFY_RETRY_MAX_MS: Type.Integer({ minimum: 10, maximum: 86400000, default: 3600000, description: 'longest retry delay in milliseconds' }),
  VANTAGE_NOTIFY_GIVE_UP_MS: Type.Integer({
    minimum: 1000,
    maximum: 604800000,
    default: 86400000,
    description: 'milliseconds after which an undelivered notification fails for good, default 24 h',
  }),
  VANTAGE_NOTIFY_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60000, default: 10000, description: 'time-out of one outbound request in milliseconds' }),
  VANTAGE_EXTRA_CA_FILE: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'PEM file of certificate authorities trusted besides the system roots for outbound TLS: HTTPS checks and domain certificate checks (in serve and agent), webhooks, chat, messenger, SMS and push requests, and SMTP',
    }),
  ),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://', description: 'an smtp:// or smtps:// URL of the mail relay; unset: no e-mail' })),
  VANTAGE_MAIL_FROM: Type.String({ minLength: 3, default: 'Vantage <vantage@localhost>', description: 'sender of notification e-mail' }),
  VANTAGE_MESSENGER_API_URL: HttpBase('https://api.telegram.org', 'messenger bot API'),
  VANTAGE_SMS_API_URL: HttpBase('https://api.twilio.com', 'SMS API'),
  VANTAGE_SMS_ACCOUNT_SID: Type.Optional(Type.String({ minLength: 1, description: 'SMS API account SID; unset: no SMS' })),
  VANTAGE_SMS_AUTH_TOKEN: Type.Optional(Type.String({ minLength: 1, description: 'SMS API auth token' })),
  VANTAGE_SMS_FROM: Type.Optional(Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'sender number in E.164 form, like +15551234567' })),
  VANTAGE_PUSH_API_URL: HttpBase('https://fcm.googleapis.com', 'FCM HTTP v1 API'),
  VANTAGE_PUSH_PROJECT_ID: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,64}$', description: 'Firebase project id; unset: no push' })),
  VANTAGE_PUSH_ACCESS_TOKEN: Type.Optional(Type.String({ minLength: 1, description: 'OAuth access token for FCM, when not using a service account' })),
  VANTAGE_PUSH_SERVICE_ACCOUNT_FILE: Type.Optional(
    Type.String({ minLength: 1, description: 'service-account JSON file; access tokens are obtained from its token_uri' }),
  ),
  VANTAGE_PUSH_TOKEN_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'OAuth token endpoint overriding the service account token_uri' }),
  ),
  VANTAGE_AMQP_PUBLIC_URL: Type.Optional(
    Type.String({ pattern: '^amqps?://', description: 'broker address mobile clients connect to, without credentials; unset: AMQP_URL host' }),
  ),
  VANTAGE_AMQP_CLIENT_SECRET: Type.Optional(
    Type.String({ minLength: 16, description: 'at least 16 characters; derives the per-client AMQP passwords' }),
  ),
});
