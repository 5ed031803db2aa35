import { Query } from '@nestjs/cqrs';
import type { OrderPage } from '../../../../contracts/orders.js';

/**
 * The admin home's Due soon / overdue: the Pending orders whose work is under way on a paid (or
 * disputed: the work goes on meanwhile) payment and that have a due date, soonest (most overdue) first.
 */
export class ListDueOrdersQuery extends Query<OrderPage> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
