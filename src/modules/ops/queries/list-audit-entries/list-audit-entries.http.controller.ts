import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AuditPage,
  type AuditPageQuery,
  auditPageQuerySchema,
  auditPageSchema,
} from '../../../../contracts/audit.js';
import { Access } from '../../../../platform/auth/access.js';
import { ListAuditEntriesQuery } from './list-audit-entries.query.js';

/** The audit log, read-only: no route edits or deletes an entry (the table refuses it too). */
@ApiTags('audit')
@Controller('api/admin/audit')
export class ListAuditEntriesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Admin actions, newest first, one page (by actor e-mail, kind, and days from/to)',
  })
  @ApiOkResponse({ standardSchema: auditPageSchema })
  list(@Query({ schema: auditPageQuerySchema }) query: AuditPageQuery): Promise<AuditPage> {
    return this.queryBus.execute(new ListAuditEntriesQuery(query));
  }
}
