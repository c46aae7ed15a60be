import type { ChannelName } from './channel-name.js';
import type { GroupChannels } from './channel.js';
import { CLIENT_CHANNEL_ROUTING, GROUP_CHANNEL_ROUTING } from './channel-routing.js';
import type { EventType } from './event.js';

export interface PlannedDelivery {
  channel: ChannelName;
  destination: string;
  /** The group whose settings (webhook secret, bot token) the send reads; null for the client-wide AMQP exchange. */
  groupId: number | null;
}

export interface PlanOptions {
  /** Destination of the one AMQP delivery per event (the client's exchange); absent when AMQP is not configured. */
  amqpExchange?: string | undefined;
}

/**
 * Fans one event out to one delivery per (channel, destination) over the given groups, which
 * are the groups attached to the resource. Each channel says which events it carries, where a
 * group sends them, and when two destinations are one receiver: a destination shared by two
 * groups is delivered once, with the settings of the first group that names it.
 */
export function planDeliveries(eventType: EventType, groups: readonly GroupChannels[], options: PlanOptions = {}): PlannedDelivery[] {
  const seen = new Set<string>();
  const planned: PlannedDelivery[] = [];
  const channels = GROUP_CHANNEL_ROUTING.filter((routing) => routing.carries(eventType));
  for (const group of groups) {
    for (const routing of channels) {
      for (const destination of routing.destinationsOf(group)) {
        const key = `${routing.name}\u0000${routing.dedupeKey(destination)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        planned.push({ channel: routing.name, destination, groupId: group.id });
      }
    }
  }
  if (options.amqpExchange && CLIENT_CHANNEL_ROUTING.carries(eventType)) {
    planned.push({ channel: CLIENT_CHANNEL_ROUTING.name, destination: options.amqpExchange, groupId: null });
  }
  return planned;
}
