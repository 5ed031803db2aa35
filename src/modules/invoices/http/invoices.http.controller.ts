import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
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
import { GetInvoicePdfQuery } from '../queries/get-invoice-pdf/get-invoice-pdf.query.js';
import { ListOrderInvoicesQuery } from '../queries/list-order-invoices/list-order-invoices.query.js';

const reader = (auth: AuthContext) => ({
  email: auth.account.email,
  isAdmin: auth.account.isAdmin,
});

/** An order's invoices and credit notes, for its customer and the admins. */
@ApiTags('invoices')
@Controller('api')
export class InvoicesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

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
    return this.queryBus.execute(new ListOrderInvoicesQuery(id, reader(auth)));
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
    const { filename, bytes } = await this.queryBus.execute(
      new GetInvoicePdfQuery(id, reader(auth)),
    );
    setAttachmentHeaders(reply, {
      contentType: 'application/pdf',
      size: bytes.byteLength,
      disposition: attachmentDisposition(filename),
    });
    void reply.send(Buffer.from(bytes));
  }
}
