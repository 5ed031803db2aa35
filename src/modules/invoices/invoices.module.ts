import { Module } from '@nestjs/common';
import { Invoices } from './domain/invoice-reader.js';
import { ExportInvoicesHttpController } from './http/export-invoices.http.controller.js';
import { InvoicesHttpController } from './http/invoices.http.controller.js';

/**
 * Invoices and credit notes: issued by orders in the transaction that records a payment or its
 * refund (issueInvoice, issueCreditNote), numbered INV-YYYY-NNNNNN without gaps; read as PDF through
 * GET /api/invoices/{id}.pdf and listed per order by GET /api/orders/{id}/invoices; exported for the accountant by GET /api/admin/invoices/export.csv.
 */
@Module({
  controllers: [InvoicesHttpController, ExportInvoicesHttpController],
  providers: [Invoices],
})
export class InvoicesModule {}
