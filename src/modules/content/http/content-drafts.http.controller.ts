import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type DraftSection,
  draftSectionSchema,
  type DraftSummary,
  draftSummarySchema,
  type Entry,
  entrySchema,
  type PublishResult,
  publishResultSchema,
  schedulePublishSchema,
  SECTION_KEYS,
} from '../../../contracts/content/index.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { DiscardDraftCommand } from '../commands/discard-draft/discard-draft.command.js';
import { EditDraftEntryCommand } from '../commands/edit-draft/edit-draft-entry.command.js';
import { PublishDraftsCommand } from '../commands/publish-drafts/publish-drafts.command.js';
import {
  CancelScheduledPublishCommand,
  SchedulePublishCommand,
} from '../commands/schedule-publish/schedule-publish.command.js';
import { GetDraftSectionQuery, ListDraftsQuery } from '../queries/drafts/draft-queries.js';

const sectionParam = ApiParam({ name: 'section', enum: SECTION_KEYS });
const entryBody = ApiBody({
  description: "The section's fields (see the registry); every required field, nothing else",
  schema: { type: 'object', additionalProperties: { type: 'string' } },
});
const noDraft = { description: 'The section has no draft', standardSchema: errorBodySchema };

/**
 * The admin editor's writes: kept as each section's draft while the published entries keep serving,
 * until published (now, every draft at once, or at a planned time) or discarded.
 */
@ApiTags('content')
@Controller('api/admin/content-drafts')
export class ContentDraftsHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access(STAFF.content)
  @ApiOperation({ summary: 'Sections with unpublished changes: by whom, when, planned publish' })
  @ApiOkResponse({ standardSchema: z.array(draftSummarySchema) })
  list(): Promise<DraftSummary[]> {
    return this.queryBus.execute(new ListDraftsQuery());
  }

  @Post('publish')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Publish every draft, in one transaction' })
  @ApiOkResponse({ standardSchema: publishResultSchema })
  publishAll(@CurrentActor() actor: AuditActor): Promise<PublishResult> {
    return this.commandBus.execute(new PublishDraftsCommand(null, actor));
  }

  @Get(':section')
  @Access(STAFF.content)
  @sectionParam
  @ApiOperation({ summary: "A section's entries with its draft applied" })
  @ApiOkResponse({ standardSchema: draftSectionSchema })
  get(@Param('section') section: string): Promise<DraftSection> {
    return this.queryBus.execute(new GetDraftSectionQuery(section));
  }

  @Post(':section/entries')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.CREATED)
  @sectionParam
  @entryBody
  @ApiOperation({ summary: 'Add a record to the draft' })
  @ApiCreatedResponse({ standardSchema: entrySchema })
  @ApiConflictResponse({
    description: "The singleton exists, or another record holds a unique field's value",
    standardSchema: errorBodySchema,
  })
  create(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
    @Body() input: unknown,
  ): Promise<Entry> {
    return this.commandBus.execute(
      new EditDraftEntryCommand(section, { kind: 'create', input }, actor),
    ) as Promise<Entry>;
  }

  @Put(':section/entries/:id')
  @Access(STAFF.content)
  @sectionParam
  @entryBody
  @ApiOperation({ summary: "Replace a record's fields in the draft" })
  @ApiOkResponse({ standardSchema: entrySchema })
  @ApiConflictResponse({
    description: "Another record holds a unique field's value",
    standardSchema: errorBodySchema,
  })
  update(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
    @Param('id') id: string,
    @Body() input: unknown,
  ): Promise<Entry> {
    return this.commandBus.execute(
      new EditDraftEntryCommand(section, { kind: 'update', id, input }, actor),
    ) as Promise<Entry>;
  }

  @Delete(':section/entries/:id')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.NO_CONTENT)
  @sectionParam
  @ApiOperation({ summary: 'Delete a record in the draft' })
  @ApiNoContentResponse()
  async remove(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.commandBus.execute(
      new EditDraftEntryCommand(section, { kind: 'delete', id }, actor),
    );
  }

  @Post(':section/publish')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.OK)
  @sectionParam
  @ApiOperation({ summary: "Publish the section's draft" })
  @ApiOkResponse({ standardSchema: publishResultSchema })
  @ApiNotFoundResponse(noDraft)
  publish(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
  ): Promise<PublishResult> {
    return this.commandBus.execute(new PublishDraftsCommand(section, actor));
  }

  @Delete(':section')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.NO_CONTENT)
  @sectionParam
  @ApiOperation({ summary: "Discard the section's draft (and its planned publish)" })
  @ApiNoContentResponse()
  @ApiNotFoundResponse(noDraft)
  async discard(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
  ): Promise<void> {
    await this.commandBus.execute(new DiscardDraftCommand(section, actor));
  }

  @Put(':section/schedule')
  @Access(STAFF.content)
  @sectionParam
  @ApiOperation({
    summary: "Publish the section's draft at a time (ISO 8601, stored in UTC)",
    description: 'At least CONTENT_PUBLISH_MIN_LEAD_MS ahead; replaces a pending plan.',
  })
  @ApiOkResponse({ standardSchema: draftSummarySchema })
  @ApiNotFoundResponse(noDraft)
  schedule(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
    @Body({ schema: schedulePublishSchema }) input: z.infer<typeof schedulePublishSchema>,
  ): Promise<DraftSummary> {
    return this.commandBus.execute(new SchedulePublishCommand(section, input.publishAt, actor));
  }

  @Delete(':section/schedule')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.NO_CONTENT)
  @sectionParam
  @ApiOperation({ summary: "Cancel the section's planned publish" })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No planned publish', standardSchema: errorBodySchema })
  async cancelSchedule(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
  ): Promise<void> {
    await this.commandBus.execute(new CancelScheduledPublishCommand(section, actor));
  }
}
