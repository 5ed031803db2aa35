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
import { type SubscriberFilter, subscriberFilterSchema } from '../../../../contracts/newsletter.js';
import { Access } from '../../../../platform/auth/access.js';
import { ExportSubscribersQuery } from './export-subscribers.query.js';
import { subscribersCsvFilename } from './subscriber-csv.js';

@ApiTags('newsletter')
@Controller('api/admin/subscribers')
export class ExportSubscribersHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('export.csv')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Every subscriber (of one status) as a CSV download, newest first, streamed',
    description:
      'Columns: Email, Status, Subscribed At, Confirmed At (ISO 8601, UTC). A cell starting with = + - or @ gets a leading apostrophe.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'The CSV file, as an attachment',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema })
  async export(
    @Query({ schema: subscriberFilterSchema }) filter: SubscriberFilter,
  ): Promise<StreamableFile> {
    const csv = await this.queryBus.execute(new ExportSubscribersQuery(filter.status));
    const filename = subscribersCsvFilename(filter.status, new Date());
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }
}
