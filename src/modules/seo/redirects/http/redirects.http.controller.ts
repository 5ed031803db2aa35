import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  REDIRECT_TEXTS,
  type Redirect,
  redirectSchema,
  type SaveRedirect,
  saveRedirectSchema,
} from '../../../../contracts/seo-redirects.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access, STAFF } from '../../../../platform/auth/access.js';
import { DeleteRedirectCommand } from '../commands/delete-redirect/delete-redirect.command.js';
import { SaveRedirectCommand } from '../commands/save-redirect/save-redirect.command.js';
import { ListRedirectsQuery } from '../queries/list-redirects/list-redirects.query.js';

const REFUSED =
  'Bad input, or a rule that repeats one or would make a loop or a second hop (the field says why)';

/**
 * The redirect rules (admins only): applied to public page requests before they are rendered, in
 * every API process from the next request on. Every change is audited.
 */
@ApiTags('seo')
@Controller('api/admin/seo/redirects')
export class RedirectsHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Every redirect rule, by path' })
  @ApiOkResponse({ standardSchema: z.array(redirectSchema) })
  list(): Promise<Redirect[]> {
    return this.queryBus.execute(new ListRedirectsQuery());
  }

  @Post()
  @Access(STAFF.content)
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Add a redirect rule (301, 302 or 410; exact path or prefix)' })
  @ApiCreatedResponse({ standardSchema: redirectSchema })
  @ApiBadRequestResponse({ description: REFUSED, standardSchema: errorBodySchema })
  add(
    @Body({ schema: saveRedirectSchema }) input: SaveRedirect,
    @CurrentActor() actor: AuditActor,
  ): Promise<Redirect> {
    return this.commandBus.execute(new SaveRedirectCommand(null, input, actor));
  }

  @Put(':id')
  @Access(STAFF.content)
  @ApiOperation({ summary: 'Change a redirect rule' })
  @ApiOkResponse({ standardSchema: redirectSchema })
  @ApiBadRequestResponse({ description: REFUSED, standardSchema: errorBodySchema })
  @ApiNotFoundResponse({ description: REDIRECT_TEXTS.notFound, standardSchema: errorBodySchema })
  update(
    @Param('id') id: string,
    @Body({ schema: saveRedirectSchema }) input: SaveRedirect,
    @CurrentActor() actor: AuditActor,
  ): Promise<Redirect> {
    return this.commandBus.execute(new SaveRedirectCommand(id, input, actor));
  }

  @Delete(':id')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Remove a redirect rule' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: REDIRECT_TEXTS.notFound, standardSchema: errorBodySchema })
  async remove(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<void> {
    await this.commandBus.execute(new DeleteRedirectCommand(id, actor));
  }
}
