import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminInvoicePage } from '../../../../contracts/invoices.js';
import { Invoices } from '../../domain/invoice-reader.js';
import { ListInvoicesQuery } from './list-invoices.query.js';

@QueryHandler(ListInvoicesQuery)
export class ListInvoicesHandler implements IQueryHandler<ListInvoicesQuery> {
  constructor(private readonly invoices: Invoices) {}

  execute({ page, pageSize }: ListInvoicesQuery): Promise<AdminInvoicePage> {
    return this.invoices.page(page, pageSize);
  }
}
