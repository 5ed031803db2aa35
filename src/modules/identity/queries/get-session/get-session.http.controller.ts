import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type Session, sessionSchema } from '../../../../contracts/identity.js';
import { Access } from '../../../../platform/auth/access.js';
import { SessionReader } from './session-reader.js';

@ApiTags('auth')
@Controller('api/auth/session')
export class GetSessionHttpController {
  constructor(private readonly reader: SessionReader) {}

  @Get()
  @Access('public')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Who is signed in (account null when nobody)' })
  @ApiOkResponse({ standardSchema: sessionSchema })
  get(@Req() request: FastifyRequest): Promise<Session> {
    return this.reader.forRequest(request);
  }
}
