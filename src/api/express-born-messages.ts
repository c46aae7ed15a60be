import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import express, { type Express } from 'express';

/**
 * Requests and responses born with the prototypes express gives them, for a server made before
 * its app: express's `init` changes each request's and response's prototype to its app's with
 * `Object.setPrototypeOf`, and finds nothing to change when they were born with them. Measured
 * under the list pages' load (README, sixteenth pass): about a quarter less promoted to V8's old
 * generation, whose mark-compacts are bursts of slow answers, and less of the API's CPU per
 * request. The mechanism is V8's and measured, not derived: a stand-alone `node:http` server
 * promoted 24 MB over 11,000 requests with that one call per request and 0.1 MB without it.
 */
export interface ExpressBornMessages {
  /** For `http.createServer`: the classes the server makes its requests and responses with. */
  readonly options: Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>;
  /**
   * Makes the app's request and response prototypes the ones the messages are born with, keeping
   * what the app had set on its own (its `app`, the JSON text answer). One app per server.
   */
  adopt(app: Express): void;
}

type MessageConstructor<Args extends unknown[]> = (this: unknown, ...args: Args) => void;

export function expressBornMessages(): ExpressBornMessages {
  const request: object = Object.create(express.request);
  const response: object = Object.create(express.response);
  // Functions, not classes: a class's prototype cannot be replaced, and IncomingMessage and
  // ServerResponse are functions that initialise the object they are called on.
  const incoming = IncomingMessage as unknown as MessageConstructor<ConstructorParameters<typeof IncomingMessage>>;
  const outgoing = ServerResponse as unknown as MessageConstructor<ConstructorParameters<typeof ServerResponse>>;
  function BornRequest(this: unknown, ...args: ConstructorParameters<typeof IncomingMessage>): void {
    incoming.apply(this, args);
  }
  function BornResponse(this: unknown, ...args: ConstructorParameters<typeof ServerResponse>): void {
    outgoing.apply(this, args);
  }
  BornRequest.prototype = request;
  BornResponse.prototype = response;
  return {
    options: {
      IncomingMessage: BornRequest as unknown as typeof IncomingMessage,
      ServerResponse: BornResponse as unknown as typeof ServerResponse,
    },
    adopt(app) {
      Object.defineProperties(request, Object.getOwnPropertyDescriptors(app.request));
      Object.defineProperties(response, Object.getOwnPropertyDescriptors(app.response));
      app.request = request as Express['request'];
      app.response = response as Express['response'];
    },
  };
}
