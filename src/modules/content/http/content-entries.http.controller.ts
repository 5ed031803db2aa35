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
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import { type Entry, entrySchema, SECTION_KEYS } from '../../../contracts/content/index.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { CreateEntryCommand } from '../commands/create-entry/create-entry.command.js';
import { DeleteEntryCommand } from '../commands/delete-entry/delete-entry.command.js';
import { UpdateEntryCommand } from '../commands/update-entry/update-entry.command.js';
import { GetEntryQuery } from '../queries/get-entry/get-entry.query.js';
import { ListEntriesQuery } from '../queries/list-entries/list-entries.query.js';

const sectionParam = ApiParam({ name: 'section', enum: SECTION_KEYS });
const entryBody = ApiBody({
  description: "The section's fields (see the registry); every required field, nothing else",
  schema: { type: 'object', additionalProperties: { type: 'string' } },
});

/** The records of every section: public reads, admin writes. Each write is validated by its section. */
@ApiTags('content')
@Controller('api/content/:section')
export class ContentEntriesHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access('public')
  @sectionParam
  @ApiOperation({ summary: "A section's records" })
  @ApiOkResponse({ standardSchema: z.array(entrySchema) })
  list(@Param('section') section: string): Promise<Entry[]> {
    return this.queryBus.execute(new ListEntriesQuery(section));
  }

  @Get(':id')
  @Access('public')
  @sectionParam
  @ApiOperation({ summary: 'One record of a section' })
  @ApiOkResponse({ standardSchema: entrySchema })
  get(@Param('section') section: string, @Param('id') id: string): Promise<Entry> {
    return this.queryBus.execute(new GetEntryQuery(section, id));
  }

  @Post()
  @Access(STAFF.content)
  @HttpCode(HttpStatus.CREATED)
  @sectionParam
  @entryBody
  @ApiOperation({ summary: 'Add a record (a singleton section takes one)' })
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
    return this.commandBus.execute(new CreateEntryCommand(section, input, actor));
  }

  @Put(':id')
  @Access(STAFF.content)
  @sectionParam
  @entryBody
  @ApiOperation({ summary: "Replace a record's fields" })
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
    return this.commandBus.execute(new UpdateEntryCommand(section, id, input, actor));
  }

  @Delete(':id')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.NO_CONTENT)
  @sectionParam
  @ApiOperation({ summary: 'Delete a record (it stays in the history)' })
  @ApiNoContentResponse()
  async remove(
    @CurrentActor() actor: AuditActor,
    @Param('section') section: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.commandBus.execute(new DeleteEntryCommand(section, id, actor));
  }
}
