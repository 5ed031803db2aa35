import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { InvoiceSummary } from '../../../../contracts/invoices.js';
import { Invoices } from '../../domain/invoice-reader.js';
import { ListOrderInvoicesQuery } from './list-order-invoices.query.js';

@QueryHandler(ListOrderInvoicesQuery)
export class ListOrderInvoicesHandler implements IQueryHandler<ListOrderInvoicesQuery> {
  constructor(private readonly invoices: Invoices) {}

  execute({ orderId, reader }: ListOrderInvoicesQuery): Promise<InvoiceSummary[]> {
    return this.invoices.ofOrder(orderId, reader);
  }
}
