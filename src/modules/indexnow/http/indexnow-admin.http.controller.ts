import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type IndexNowSettingsInput,
  indexNowSettingsInputSchema,
  type IndexNowStatus,
  indexNowStatusSchema,
} from '../../../contracts/seo/indexnow.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { SetIndexNowEnabledCommand } from '../commands/set-indexnow-enabled.command.js';
import { GetIndexNowStatusQuery } from '../queries/get-indexnow-status.query.js';

/** IndexNow on the SEO hub: its switch and its latest submissions. */
@ApiTags('seo')
@Controller('api/admin/seo/indexnow')
export class IndexNowAdminHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'IndexNow: on or off, its endpoint, the key file and the latest submissions',
  })
  @ApiOkResponse({ standardSchema: indexNowStatusSchema })
  status(): Promise<IndexNowStatus> {
    return this.queryBus.execute(new GetIndexNowStatusQuery());
  }

  @Put()
  @Access(STAFF.content)
  @ApiOperation({ summary: 'Turn IndexNow submissions on or off (audited)' })
  @ApiOkResponse({ standardSchema: indexNowStatusSchema })
  @ApiBadRequestResponse({ description: 'enabled is missing', standardSchema: errorBodySchema })
  async save(
    @Body({ schema: indexNowSettingsInputSchema }) input: IndexNowSettingsInput,
    @CurrentActor() actor: AuditActor,
  ): Promise<IndexNowStatus> {
    await this.commandBus.execute(new SetIndexNowEnabledCommand(input.enabled, actor));
    return this.queryBus.execute(new GetIndexNowStatusQuery());
  }
}
