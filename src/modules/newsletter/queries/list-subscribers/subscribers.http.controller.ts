import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type SubscriberPage,
  type SubscriberPageQuery,
  subscriberPageQuerySchema,
  subscriberPageSchema,
} from '../../../../contracts/newsletter.js';
import { Access } from '../../../../platform/auth/access.js';
import { ListSubscriberPageQuery } from './list-subscriber-page.query.js';

@ApiTags('newsletter')
@Controller('api/admin/subscribers')
export class SubscribersHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The newsletter subscribers, newest first, one page (of one status)' })
  @ApiOkResponse({ standardSchema: subscriberPageSchema })
  @ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema })
  list(
    @Query({ schema: subscriberPageQuerySchema }) query: SubscriberPageQuery,
  ): Promise<SubscriberPage> {
    return this.queryBus.execute(
      new ListSubscriberPageQuery(query.page, query.pageSize, query.status),
    );
  }
}
