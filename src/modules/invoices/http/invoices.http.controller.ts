import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { errorBodySchema } from '../../../contracts/errors.js';
import { type InvoiceSummary, invoiceListSchema } from '../../../contracts/invoices.js';
import { Access, type AuthContext, CurrentAuth } from '../../../platform/auth/access.js';
import {
  attachmentDisposition,
  setAttachmentHeaders,
} from '../../../platform/http/content-disposition.js';
import { renderInvoicePdf } from '../domain/invoice-pdf.js';
import { InvoiceLogos } from '../domain/invoice-logo.js';
import { Invoices } from '../domain/invoice-reader.js';

const reader = (auth: AuthContext) => ({
  email: auth.account.email,
  isAdmin: auth.account.isAdmin,
});

/** An order's invoices and credit notes, for its customer and the admins. */
@ApiTags('invoices')
@Controller('api')
export class InvoicesHttpController {
  constructor(
    private readonly invoices: Invoices,
    private readonly logos: InvoiceLogos,
  ) {}

  @Get('orders/:id/invoices')
  @Access('customer')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({
    summary: 'The invoices and credit notes of an order (its customer or an admin), oldest first',
  })
  @ApiOkResponse({ standardSchema: invoiceListSchema })
  @ApiNotFoundResponse({
    description: 'No such order, or not one of this account’s (the same answer)',
    standardSchema: errorBodySchema,
  })
  list(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<InvoiceSummary[]> {
    return this.invoices.ofOrder(id, reader(auth));
  }

  @Get('invoices/:id.pdf')
  @Access('customer')
  @ApiOperation({ summary: 'Download an invoice or credit note as PDF (its customer or an admin)' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description:
      'The PDF, as an attachment named after its number (X-Content-Type-Options: nosniff, ' +
      'Cache-Control: private, no-store)',
  })
  @ApiNotFoundResponse({
    description: 'No such invoice, or not one of this account’s (the same answer)',
    standardSchema: errorBodySchema,
  })
  async pdf(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const doc = await this.invoices.document(id, reader(auth));
    const bytes = await renderInvoicePdf(doc, await this.logos.load(doc.seller.logo));
    setAttachmentHeaders(reply, {
      contentType: 'application/pdf',
      size: bytes.byteLength,
      disposition: attachmentDisposition(`${doc.number}.pdf`),
    });
    void reply.send(Buffer.from(bytes));
  }
}
