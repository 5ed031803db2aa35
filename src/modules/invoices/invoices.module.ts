import { Module } from '@nestjs/common';
import { MediaModule } from '../media/index.js';
import { InvoiceBackfill } from './domain/backfill-invoices.js';
import { InvoiceLogos } from './domain/invoice-logo.js';
import { Invoices } from './domain/invoice-reader.js';
import { AdminInvoicesHttpController } from './http/admin-invoices.http.controller.js';
import { ExportInvoicesHttpController } from './http/export-invoices.http.controller.js';
import { InvoicesHttpController } from './http/invoices.http.controller.js';

/**
 * Invoices and credit notes: issued by orders in the transaction that records a payment or its
 * refund (issueInvoice, issueCreditNote), numbered INV-YYYY-NNNNNN without gaps; read as PDF through
 * GET /api/invoices/{id}.pdf (the seller's logo from the media store) and listed per order by
 * GET /api/orders/{id}/invoices and for admins by GET /api/admin/invoices; exported for the accountant
 * by GET /api/admin/invoices/export.csv. Orders paid before invoices existed are invoiced when an API
 * process starts (InvoiceBackfill).
 */
@Module({
  imports: [MediaModule],
  controllers: [InvoicesHttpController, AdminInvoicesHttpController, ExportInvoicesHttpController],
  providers: [Invoices, InvoiceLogos, InvoiceBackfill],
})
export class InvoicesModule {}
