import { createHmac } from 'node:crypto';
import type { Settings } from '../config/schema.js';
import { amqpExchangeForClient } from './amqp-exchange.js';
import { WEBHOOK_EVENT_TYPES } from './event.js';

/** What `GET /mobile/amqp-config` answers: where to connect and what to bind to, for one client. */
export interface AmqpClientConfig {
  enabled: boolean;
  host: string | null;
  port: number | null;
  vhost: string | null;
  tls: boolean;
  exchange: string;
  exchange_type: 'topic';
  routing_keys: string[];
  /** Credentials of the client's own broker account; null when the server derives none. */
  username: string | null;
  password: string | null;
}

export const amqpUsernameForClient = (clientId: number): string => `vantage-client-${clientId}`;

/**
 * The client's broker password, derived from VANTAGE_AMQP_CLIENT_SECRET so that no table holds
 * it and every replica answers the same. The operator creates the account with this password
 * and read access to the client's exchange only (docs/amqp.md).
 */
export const amqpPasswordForClient = (secret: string, clientId: number): string =>
  createHmac('sha256', secret).update(amqpUsernameForClient(clientId)).digest('base64url').slice(0, 32);

/**
 * Connection settings for a client's subscribers. The address is VANTAGE_AMQP_PUBLIC_URL (or
 * the host of AMQP_URL); the credentials of AMQP_URL, which publish for every client, are
 * never given out.
 */
export function amqpConfigForClient(
  settings: Pick<Settings, 'AMQP_URL' | 'VANTAGE_AMQP_PUBLIC_URL' | 'VANTAGE_AMQP_CLIENT_SECRET'>,
  clientId: number,
): AmqpClientConfig {
  const base = {
    exchange: amqpExchangeForClient(clientId),
    exchange_type: 'topic' as const,
    routing_keys: [...WEBHOOK_EVENT_TYPES],
  };
  const address = settings.VANTAGE_AMQP_PUBLIC_URL ?? settings.AMQP_URL;
  if (!settings.AMQP_URL || !address) {
    return { enabled: false, host: null, port: null, vhost: null, tls: false, ...base, username: null, password: null };
  }
  const url = new URL(address);
  const tls = url.protocol === 'amqps:';
  const vhost = decodeURIComponent(url.pathname.replace(/^\//, '')) || '/';
  const secret = settings.VANTAGE_AMQP_CLIENT_SECRET;
  return {
    enabled: true,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : tls ? 5671 : 5672,
    vhost,
    tls,
    ...base,
    username: secret ? amqpUsernameForClient(clientId) : null,
    password: secret ? amqpPasswordForClient(secret, clientId) : null,
  };
}
