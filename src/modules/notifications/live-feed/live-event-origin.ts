import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import { TAB_ID_HEADER, TAB_ID_PATTERN } from '../../../contracts/live-events.js';

/** The browser tab whose request is being handled, if it named itself. */
const originTab = new AsyncLocalStorage<string>();

/**
 * The tab id of the request whose work is running now (an admin's action committing its events), or
 * undefined outside a request (the worker, a relay) or when the request named no valid tab.
 */
export function currentOriginTabId(): string | undefined {
  return originTab.getStore();
}

const HEADER = TAB_ID_HEADER.toLowerCase();

/**
 * Runs each HTTP handler with the tab id its request sent (TAB_ID_HEADER), so that the live events its
 * commit publishes (in the same async flow: the outbox announces after the commit) carry it. Nest binds
 * the handler to the async context in which `next.handle()` is called.
 */
@Injectable()
export class LiveEventOriginInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const header: unknown = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, unknown> }>().headers[HEADER];
    if (typeof header !== 'string' || !TAB_ID_PATTERN.test(header)) return next.handle();
    return originTab.run(header, () => next.handle());
  }
}
