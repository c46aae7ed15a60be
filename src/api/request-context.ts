import type { EntityManager } from '@mikro-orm/postgresql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../log.js';
import type { SignIn } from './auth/sign-in.js';
import type { ApiDependencies } from './dependencies.js';

/** What lives as long as the app: dependencies and the sign-in state shared by all requests. */
export interface ApiRuntime {
  deps: ApiDependencies;
  signIn: SignIn;
}

/** What one request works with: its own entity manager, its request id and a logger that names it. */
export interface RequestContext {
  runtime: ApiRuntime;
  deps: ApiDependencies;
  em: EntityManager;
  requestId: string;
  logger: Logger;
}

/** The context travels on the request, set once by attachRequestContext. */
declare global {
  namespace Express {
    interface Request {
      vantage?: RequestContext;
    }
  }
}

export function attachRequestContext(runtime: ApiRuntime): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = res.locals.requestId as string;
    req.vantage = {
      runtime,
      deps: runtime.deps,
      em: runtime.deps.store.em.fork() as EntityManager,
      requestId,
      logger: runtime.deps.logger.child({ requestId }),
    };
    next();
  };
}

export function contextOf(req: Request): RequestContext {
  if (!req.vantage) throw new Error('request context missing: attachRequestContext must run before the API routes');
  return req.vantage;
}
