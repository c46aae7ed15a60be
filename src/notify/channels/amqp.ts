import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { Logger } from '../../log.js';
import { failed, delivered, type Channel, type ChannelRouting, type DeliveryOutcome, type DeliveryTarget } from '../channel.js';
import { outcomeOfError } from '../error-outcome.js';
import { isWebhookEventType, type OutboxEventView } from '../event.js';
import { buildWebhookBody } from '../webhook-body.js';

/**
 * The contract's three events, once per event to the client's exchange (the plan names it): no
 * group has an AMQP destination of its own.
 */
export const amqpRouting: ChannelRouting = {
  name: 'amqp',
  carries: (eventType) => isWebhookEventType(eventType),
  destinationsOf: () => [],
  dedupeKey: (exchange) => exchange,
};

interface Connection {
  model: ChannelModel;
  channel: ConfirmChannel;
  declared: Set<string>;
}

/**
 * Publishes each event on the client's topic exchange (durable), routing key = event type,
 * as a persistent JSON message carrying the webhook v1 fields, and waits for the broker's
 * confirm: only a confirmed message counts as delivered. One connection per notifier,
 * reopened after it breaks.
 */
export class AmqpChannel implements Channel {
  readonly name = 'amqp' as const;
  private connection: Promise<Connection> | null = null;

  constructor(
    private readonly url: string | undefined,
    private readonly logger: Logger,
  ) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    if (!this.url) return failed('AMQP is not configured on this server (AMQP_URL)');
    if (!isWebhookEventType(event.eventType)) return failed(`${event.eventType} is not published on the message queue`);
    try {
      const { channel, declared } = await this.connect();
      if (!declared.has(target.destination)) {
        await channel.assertExchange(target.destination, 'topic', { durable: true });
        declared.add(target.destination);
      }
      const body = Buffer.from(JSON.stringify(buildWebhookBody(event, target.deliveryId)), 'utf8');
      await new Promise<void>((resolve, reject) => {
        const onAbort = (): void => reject(new Error('stopped before the broker confirmed'));
        signal.addEventListener('abort', onAbort, { once: true });
        channel.publish(
          target.destination,
          event.eventType,
          body,
          { persistent: true, contentType: 'application/json', contentEncoding: 'utf-8', messageId: target.deliveryId, type: event.eventType, timestamp: Math.floor(event.occurredAt.getTime() / 1000), appId: 'vantage' },
          (error) => {
            signal.removeEventListener('abort', onAbort);
            if (error) reject(error instanceof Error ? error : new Error('the broker refused the message'));
            else resolve();
          },
        );
      });
      return delivered();
    } catch (error) {
      return outcomeOfError(error);
    }
  }

  private connect(): Promise<Connection> {
    this.connection ??= this.open().catch((error) => {
      this.connection = null;
      throw error;
    });
    return this.connection;
  }

  private async open(): Promise<Connection> {
    const model = await amqp.connect(this.url!, { clientProperties: { connection_name: 'vantage-notifier' } });
    const forget = (error?: unknown): void => {
      if (error) this.logger.warn({ err: error }, 'AMQP connection lost; reconnecting on the next delivery');
      this.connection = null;
    };
    model.on('error', forget);
    model.on('close', () => forget());
    const channel = await model.createConfirmChannel();
    channel.on('error', forget);
    channel.on('close', () => {
      this.connection = null;
      model.close().catch(() => {});
    });
    return { model, channel, declared: new Set() };
  }

  async close(): Promise<void> {
    const pending = this.connection;
    this.connection = null;
    if (!pending) return;
    try {
      await (await pending).model.close();
    } catch {
      // Already closed or never opened: nothing left to release.
    }
  }
}
