import { withHttpSide } from '../../platform/http/http-side.js';
import { Module } from '@nestjs/common';
import { MediaModule } from '../media/index.js';
import { InvoiceBackfill } from './domain/backfill-invoices.js';
import { InvoiceLogos } from './domain/invoice-logo.js';
import { Invoices } from './domain/invoice-reader.js';
import { ExportInvoicesHandler } from './queries/export-invoices/export-invoices.handler.js';
import { GetInvoicePdfHandler } from './queries/get-invoice-pdf/get-invoice-pdf.handler.js';
import { ListInvoicesHandler } from './queries/list-invoices/list-invoices.handler.js';
import { ListOrderInvoicesHandler } from './queries/list-order-invoices/list-order-invoices.handler.js';

/**
 * Invoices and credit notes: issued by orders in the transaction that records a payment or its
 * refund (issueInvoice, issueCreditNote), numbered INV-YYYY-NNNNNN without gaps. Read through queries:
 * queries/get-invoice-pdf (GET /api/invoices/{id}.pdf, the seller's logo from the media store),
 * queries/list-order-invoices (GET /api/orders/{id}/invoices; both for the order's customer or an
 * admin, in http/), queries/list-invoices (the admins' GET /api/admin/invoices) and
 * queries/export-invoices (GET /api/admin/invoices/export.csv, for the accountant). Orders paid before
 * invoices existed are invoiced when an API process starts (InvoiceBackfill).
 */
@Module({
  imports: [MediaModule],
  providers: [
    Invoices,
    InvoiceLogos,
    InvoiceBackfill,
    ListOrderInvoicesHandler,
    GetInvoicePdfHandler,
    ListInvoicesHandler,
    ExportInvoicesHandler,
  ],
})
export class InvoicesModule {
  /** With its controllers and HTTP routes (invoices.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof InvoicesModule> {
    return withHttpSide(InvoicesModule, http, () => import('./invoices.http.js'));
  }
}
