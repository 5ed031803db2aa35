import { Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  type Entry,
  entrySchema,
  type Revision,
  revisionSchema,
  SECTION_KEYS,
} from '../../../contracts/content/index.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { RestoreRevisionCommand } from '../commands/restore-revision/restore-revision.command.js';
import { ListRevisionsQuery } from '../queries/list-revisions/list-revisions.query.js';

/** Who changed a section when, and putting an earlier version back. */
@ApiTags('content')
@Controller('api/content/:section/revisions')
export class ContentHistoryHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access(STAFF.content)
  @ApiParam({ name: 'section', enum: SECTION_KEYS })
  @ApiOperation({ summary: "A section's history, newest first" })
  @ApiOkResponse({ standardSchema: z.array(revisionSchema) })
  list(@Param('section') section: string): Promise<Revision[]> {
    return this.queryBus.execute(new ListRevisionsQuery(section));
  }

  @Post(':revisionId/restore')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.OK)
  @ApiParam({ name: 'section', enum: SECTION_KEYS })
  @ApiOperation({ summary: 'Put a record back to the version of a revision' })
  @ApiOkResponse({ standardSchema: entrySchema })
  restore(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
    @Param('revisionId') revisionId: string,
  ): Promise<Entry> {
    return this.commandBus.execute(new RestoreRevisionCommand(section, revisionId, actor));
  }
}
