import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Subscriber, subscriberSchema } from '../../../../contracts/newsletter.js';
import { Access } from '../../../../platform/auth/access.js';
import { ListSubscribersQuery } from './list-subscribers.query.js';

@ApiTags('newsletter')
@Controller('api/admin/subscribers')
export class SubscribersHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The newsletter subscribers, newest first' })
  @ApiOkResponse({ standardSchema: z.array(subscriberSchema) })
  list(): Promise<Subscriber[]> {
    return this.queryBus.execute(new ListSubscribersQuery());
  }
}
