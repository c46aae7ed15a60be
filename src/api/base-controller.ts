import { Controller } from '@tsoa/runtime';
import type { RequestContext } from './request-context.js';

/** Controllers are built per request (see ioc.ts) with that request's context. */
export abstract class ApiController extends Controller {
  constructor(protected readonly context: RequestContext) {
    super();
  }
}
