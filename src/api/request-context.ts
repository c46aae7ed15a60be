import type { EntityManager } from '@mikro-orm/postgresql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../log.js';
import type { StatementRunner } from '../store/prepared-rows.js';
import type { CheckPageAnchors } from './uptime-checks/check-page-anchors.js';
import type { SignIn } from './auth/sign-in.js';
import type { ApiDependencies } from './dependencies.js';

/** What lives as long as the app: dependencies and the sign-in state shared by all requests. */
export interface ApiRuntime {
  deps: ApiDependencies;
  signIn: SignIn;
  /**
   * An entity manager shared by all requests for row statements alone (`preparedRows`, outside
   * any transaction): typed so that nothing loads, maps or persists an entity through it. The
   * read routes the app calls most run their one statement through it, without the fork of a
   * request's own entity manager (a twentieth of their CPU).
   */
  statements: StatementRunner;
  /** Where the check lists' deep pages start (see check-page-anchors.ts). */
  checkPageAnchors: CheckPageAnchors;
}

/**
 * What one request works with: its own entity manager, its request id and a logger that names it.
 * The entity manager is forked, and the logger made, when the request first asks for them.
 */
export interface RequestContext {
  readonly runtime: ApiRuntime;
  readonly deps: ApiDependencies;
  readonly em: EntityManager;
  readonly requestId: string;
  readonly logger: Logger;
}

/** The context travels on the request, set once by attachRequestContext. */
declare global {
  namespace Express {
    interface Request {
      vantage?: RequestContext;
    }
  }
}

class RequestScope implements RequestContext {
  private forked: EntityManager | undefined;
  private named: Logger | undefined;

  constructor(
    readonly runtime: ApiRuntime,
    readonly requestId: string,
  ) {}

  get deps(): ApiDependencies {
    return this.runtime.deps;
  }

  get em(): EntityManager {
    this.forked ??= this.runtime.deps.store.em.fork() as EntityManager;
    return this.forked;
  }

  get logger(): Logger {
    this.named ??= this.runtime.deps.logger.child({ requestId: this.requestId });
    return this.named;
  }
}

export function attachRequestContext(runtime: ApiRuntime): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    req.vantage = new RequestScope(runtime, res.locals.requestId as string);
    next();
  };
}

export function contextOf(req: Request): RequestContext {
  if (!req.vantage) throw new Error('request context missing: attachRequestContext must run before the API routes');
  return req.vantage;
}
