import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type SeoCheckStarted,
  type StartSeoCheck,
  seoCheckStartedSchema,
  startSeoCheckSchema,
} from '../../../../contracts/seo-check.js';
import { Access } from '../../../../platform/auth/access.js';
import { StartSeoCheckCommand } from './start-seo-check.command.js';

@ApiTags('seo-check')
@Controller('api/seo-check')
export class StartSeoCheckHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Run the free SEO check of a web page',
    description:
      'The page is fetched by a worker; GET /api/seo-check/{id} follows it. A check of the same address within 24 hours is answered again (`cached`). With `email`, the report link is e-mailed once it is ready and the agency gets a lead; with `subscribe` too, the address is sent a newsletter confirmation link.',
  })
  @ApiAcceptedResponse({ standardSchema: seoCheckStartedSchema })
  @ApiBadRequestResponse({ description: 'Invalid fields', standardSchema: errorBodySchema })
  @ApiTooManyRequestsResponse({
    description: 'Too many checks from this client or in all (Retry-After says when to retry)',
    standardSchema: errorBodySchema,
  })
  start(
    @Body({ schema: startSeoCheckSchema }) input: StartSeoCheck,
    @Req() request: FastifyRequest,
  ): Promise<SeoCheckStarted> {
    return this.commandBus.execute(new StartSeoCheckCommand(input, request.ip));
  }
}
