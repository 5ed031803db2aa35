import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { contentSnapshotSchema } from '../../../../contracts/content/index.js';
import { Access } from '../../../../platform/auth/access.js';
import { ContentCache } from './content-cache.js';

@ApiTags('content')
@Controller('api/content')
export class GetContentHttpController {
  constructor(private readonly cache: ContentCache) {}

  @Get()
  @Access('public')
  @ApiOperation({
    summary: 'Every section of the site in one answer (cached; ETag / If-None-Match → 304)',
  })
  @ApiOkResponse({ standardSchema: contentSnapshotSchema })
  async get(
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { body, etag } = await this.cache.get();
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
      await reply.code(304).send();
      return;
    }
    await reply.type('application/json; charset=utf-8').send(body);
  }
}
