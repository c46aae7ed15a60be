/** Each client publishes onto its own topic exchange, so a client's credentials can be limited to it. */
export const amqpExchangeForClient = (clientId: number): string => `vantage.client.${clientId}`;
