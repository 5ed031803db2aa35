import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type AdminInvoicePage,
  type AdminInvoicePageQuery,
  adminInvoicePageQuerySchema,
  adminInvoicePageSchema,
} from '../../../../contracts/invoices.js';
import { Access } from '../../../../platform/auth/access.js';
import { ListInvoicesQuery } from './list-invoices.query.js';

/** Every invoice and credit note, for admins: the list of the admin invoices screen. */
@ApiTags('invoices')
@Controller('api/admin/invoices')
export class AdminInvoicesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Every invoice and credit note, newest first, one page (with its order and buyer)',
  })
  @ApiOkResponse({ standardSchema: adminInvoicePageSchema })
  @ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema })
  list(
    @Query({ schema: adminInvoicePageQuerySchema }) query: AdminInvoicePageQuery,
  ): Promise<AdminInvoicePage> {
    return this.queryBus.execute(new ListInvoicesQuery(query.page, query.pageSize));
  }
}
