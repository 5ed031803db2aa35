import { Controller, Get, Query, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type SubscriberFilter, subscriberFilterSchema } from '../../../../contracts/newsletter.js';
import { Access } from '../../../../platform/auth/access.js';
import { csvAttachment, CsvExportRoute } from '../../../../platform/http/csv-export-route.js';
import { ExportSubscribersQuery } from './export-subscribers.query.js';
import { subscribersCsvFilename } from './subscriber-csv.js';

@ApiTags('newsletter')
@Controller('api/admin/subscribers')
export class ExportSubscribersHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('export.csv')
  @Access('admin')
  @CsvExportRoute(
    'Every subscriber (of one status) as a CSV download, newest first, streamed',
    'Columns: Email, Status, Subscribed At, Confirmed At (ISO 8601, UTC). A cell starting with = + - or @ gets a leading apostrophe.',
  )
  async export(
    @Query({ schema: subscriberFilterSchema }) filter: SubscriberFilter,
  ): Promise<StreamableFile> {
    const csv = await this.queryBus.execute(new ExportSubscribersQuery(filter.status));
    const filename = subscribersCsvFilename(filter.status, new Date());
    return csvAttachment(csv, filename);
  }
}
