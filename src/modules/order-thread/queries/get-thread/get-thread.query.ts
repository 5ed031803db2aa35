import { Query } from '@nestjs/cqrs';
import type { OrderThread } from '../../../../contracts/order-thread.js';
import type { ThreadViewer } from '../../domain/thread-store.js';

/** An order's thread as the viewer sees it (a customer: own orders only, no internal notes). */
export class GetOrderThreadQuery extends Query<OrderThread> {
  constructor(
    readonly orderId: string,
    readonly viewer: ThreadViewer,
  ) {
    super();
  }
}
