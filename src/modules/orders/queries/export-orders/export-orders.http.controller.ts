import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type AdminOrderFilter, adminOrderFilterSchema } from '../../../../contracts/orders.js';
import { Access } from '../../../../platform/auth/access.js';
import { ExportOrdersQuery } from './export-orders.query.js';
import { ordersCsvFilename } from './order-csv.js';

@ApiTags('orders')
@Controller('api/admin/orders')
export class ExportOrdersHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('export.csv')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Every order (or the filtered ones) as a CSV download, newest first, streamed',
    description:
      'The filters of the list (q, paymentStatus, orderStatus, from, to). Columns: Order ID, Order Date (ISO 8601, UTC), Customer Name, Customer Email, Package, Price, Payment Status, Paid Via, Order Status. A cell starting with = + - or @ gets a leading apostrophe.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'The CSV file, as an attachment',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema })
  async export(
    @Query({ schema: adminOrderFilterSchema }) filter: AdminOrderFilter,
  ): Promise<StreamableFile> {
    const csv = await this.queryBus.execute(new ExportOrdersQuery(filter));
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${ordersCsvFilename(filter, new Date())}"`,
    });
  }
}
