/**
 * The message bus port. Two implementations share this contract: `InProcessBus` for the
 * single-process `serve` shape and `NatsBus` (NATS core + JetStream) for the distributed one.
 *
 * - `publish`/`subscribe`: at-most-once delivery. With `queue`, each message goes to one
 *   member of the group (probe requests to the agents of a location).
 * - `publishDurable`/`consumeDurable`: at-least-once delivery. The message is stored until a
 *   durable consumer acknowledges it; a handler that resolves acknowledges, one that throws
 *   has the message delivered again later (probe results, change notices).
 */
export type BusHandler = (subject: string, data: unknown) => void | Promise<void>;

export interface BusSubscription {
  stop(): Promise<void>;
}

export interface DurableConsumerOptions {
  /** Name of the durable consumer; a new process binding the same name resumes where it stopped. */
  durable: string;
  /** Subject filter with NATS wildcards (`*` one token, `>` the rest). */
  filter: string;
}

export interface DurablePublishOptions {
  /**
   * Identifies the message for de-duplication (JetStream's `Nats-Msg-Id`): a publish retried
   * with the same id within the de-duplication window is stored once.
   */
  msgId?: string;
}

export interface Bus {
  publish(subject: string, data: unknown): Promise<void>;
  subscribe(subject: string, handler: BusHandler, options?: { queue?: string }): BusSubscription;
  publishDurable(subject: string, data: unknown, options?: DurablePublishOptions): Promise<void>;
  consumeDurable(options: DurableConsumerOptions, handler: BusHandler): BusSubscription;
  /** Resolves once the transport answers a round trip: what a role's readiness and outage log read. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
