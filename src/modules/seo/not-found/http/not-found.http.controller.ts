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
  Query,
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
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type NotFoundListQuery,
  notFoundListQuerySchema,
  type NotFoundPage,
  notFoundPageSchema,
  REDIRECT_TEXTS,
  type Redirect,
  type RedirectNotFound,
  redirectNotFoundSchema,
  redirectSchema,
} from '../../../../contracts/seo-redirects.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access, STAFF } from '../../../../platform/auth/access.js';
import { DismissNotFoundCommand } from '../commands/dismiss-not-found/dismiss-not-found.command.js';
import { RedirectNotFoundCommand } from '../commands/redirect-not-found/redirect-not-found.command.js';
import { ListNotFoundQuery } from '../queries/list-not-found/list-not-found.query.js';

/** The 404 monitor (admins only): the public paths that answered 404, and what to do with one. */
@ApiTags('seo')
@Controller('api/admin/seo/not-found')
export class NotFoundHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'The public paths that answered 404 (query strings stripped), most hit or newest first',
  })
  @ApiOkResponse({ standardSchema: notFoundPageSchema })
  list(
    @Query({ schema: notFoundListQuerySchema }) query: NotFoundListQuery,
  ): Promise<NotFoundPage> {
    return this.queryBus.execute(new ListNotFoundQuery(query));
  }

  @Post(':id/redirect')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Redirect this: a 301 from the 404 path to a target (the row goes)' })
  @ApiCreatedResponse({ standardSchema: redirectSchema })
  @ApiBadRequestResponse({
    description: 'Bad target, or a rule that would make a loop or a second hop',
    standardSchema: errorBodySchema,
  })
  @ApiNotFoundResponse({ description: REDIRECT_TEXTS.hitNotFound, standardSchema: errorBodySchema })
  redirect(
    @Param('id') id: string,
    @Body({ schema: redirectNotFoundSchema }) input: RedirectNotFound,
    @CurrentActor() actor: AuditActor,
  ): Promise<Redirect> {
    return this.commandBus.execute(new RedirectNotFoundCommand(id, input, actor));
  }

  @Delete(':id')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Dismiss a 404 path (counted afresh if asked for again)' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: REDIRECT_TEXTS.hitNotFound, standardSchema: errorBodySchema })
  async dismiss(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<void> {
    await this.commandBus.execute(new DismissNotFoundCommand(id, actor));
  }
}
