import { Query } from '@nestjs/cqrs';
import type { InvoiceReader } from '../../domain/invoice-reader.js';

/** An invoice or credit note as PDF, named after its number. */
export interface InvoicePdf {
  filename: string;
  bytes: Uint8Array;
}

/**
 * An invoice or credit note rendered as PDF (with the seller's logo), for its customer (by e-mail;
 * anyone else's is a 404, like an unknown id) or an admin.
 */
export class GetInvoicePdfQuery extends Query<InvoicePdf> {
  constructor(
    readonly invoiceId: string,
    readonly reader: InvoiceReader,
  ) {
    super();
  }
}
