import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import express, { type Express } from 'express';

/**
 * Requests and responses born with the prototypes express gives them, for a server made before
 * its app: express's `init` changes each request's and response's prototype to its app's with
 * `Object.setPrototypeOf`, and V8 then gives the two objects new maps in the old generation on
 * every request. Under load that was a third of what the API promoted, and so of its
 * mark-compacts, each a burst of slow answers (README, sixteenth pass). Born with the app's
 * prototypes, the change finds them already set and does nothing.
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
