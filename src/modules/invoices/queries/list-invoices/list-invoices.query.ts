import { Query } from '@nestjs/cqrs';
import type { AdminInvoicePage } from '../../../../contracts/invoices.js';

/** One page of every invoice and credit note, newest first, with its order and buyer (admins). */
export class ListInvoicesQuery extends Query<AdminInvoicePage> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
