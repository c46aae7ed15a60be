import type { IocContainer, IocContainerFactory } from '@tsoa/runtime';
import type { Request } from 'express';
import { contextOf, type RequestContext } from './request-context.js';

type ControllerClass = new (context: RequestContext) => unknown;

/** tsoa builds each controller per request through this: controllers receive the request's context. */
export const iocContainer: IocContainerFactory<Request> = (request: Request): IocContainer => ({
  get: ((controller: ControllerClass) => new controller(contextOf(request))) as IocContainer['get'],
});
