import { Controller, Get, Query, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type AdminOrderFilter, adminOrderFilterSchema } from '../../../../contracts/orders.js';
import { Access } from '../../../../platform/auth/access.js';
import { csvAttachment, CsvExportRoute } from '../../../../platform/http/csv-export-route.js';
import { ExportOrdersQuery } from './export-orders.query.js';
import { ordersCsvFilename } from './order-csv.js';

@ApiTags('orders')
@Controller('api/admin/orders')
export class ExportOrdersHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('export.csv')
  @Access('admin')
  @CsvExportRoute(
    'Every order (or the filtered ones) as a CSV download, newest first, streamed',
    'The filters of the list (q, paymentStatus, orderStatus, from, to). Columns: Order ID, Order Date (ISO 8601, UTC), Customer Name, Customer Email, Package, Price, Payment Status, Paid Via, Order Status. A cell starting with = + - or @ gets a leading apostrophe.',
  )
  async export(
    @Query({ schema: adminOrderFilterSchema }) filter: AdminOrderFilter,
  ): Promise<StreamableFile> {
    const csv = await this.queryBus.execute(new ExportOrdersQuery(filter));
    return csvAttachment(csv, ordersCsvFilename(filter, new Date()));
  }
}
