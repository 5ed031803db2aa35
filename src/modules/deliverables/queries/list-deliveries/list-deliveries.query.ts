import { Query } from '@nestjs/cqrs';
import type { Delivery } from '../../../../contracts/deliverables.js';

/** An order's rounds, newest first: for its customer (by e-mail; anyone else's is a 404) or an admin. */
export class ListDeliveriesQuery extends Query<Delivery[]> {
  constructor(
    readonly orderId: string,
    readonly viewer: { kind: 'customer'; email: string } | { kind: 'admin' },
  ) {
    super();
  }
}
