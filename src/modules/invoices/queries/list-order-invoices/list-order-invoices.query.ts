import { Query } from '@nestjs/cqrs';
import type { InvoiceSummary } from '../../../../contracts/invoices.js';
import type { InvoiceReader } from '../../domain/invoice-reader.js';

/**
 * The invoices and credit notes of an order, oldest first, for its customer (by e-mail; anyone else's
 * order is a 404, like an unknown id) or an admin.
 */
export class ListOrderInvoicesQuery extends Query<InvoiceSummary[]> {
  constructor(
    readonly orderId: string,
    readonly reader: InvoiceReader,
  ) {
    super();
  }
}
