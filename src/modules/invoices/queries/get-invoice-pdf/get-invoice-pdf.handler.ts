import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InvoiceLogos } from '../../domain/invoice-logo.js';
import { renderInvoicePdf } from '../../domain/invoice-pdf.js';
import { Invoices } from '../../domain/invoice-reader.js';
import { GetInvoicePdfQuery, type InvoicePdf } from './get-invoice-pdf.query.js';

@QueryHandler(GetInvoicePdfQuery)
export class GetInvoicePdfHandler implements IQueryHandler<GetInvoicePdfQuery> {
  constructor(
    private readonly invoices: Invoices,
    private readonly logos: InvoiceLogos,
  ) {}

  async execute({ invoiceId, reader }: GetInvoicePdfQuery): Promise<InvoicePdf> {
    const doc = await this.invoices.document(invoiceId, reader);
    const bytes = await renderInvoicePdf(doc, await this.logos.load(doc.seller.logo));
    return { filename: `${doc.number}.pdf`, bytes };
  }
}
