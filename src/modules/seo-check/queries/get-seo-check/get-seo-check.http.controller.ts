import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type SeoCheck, SEO_CHECK_TEXTS, seoCheckSchema } from '../../../../contracts/seo-check.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { GetSeoCheckQuery } from './get-seo-check.query.js';

@ApiTags('seo-check')
@Controller('api/seo-check')
export class GetSeoCheckHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Public: a check's id is its shareable link (unguessable, like the page it reports on). */
  @Get(':id')
  @Access('public')
  @Header('cache-control', 'no-store')
  @Header('x-robots-tag', 'noindex')
  @ApiOperation({ summary: 'A free SEO check: its progress, then its report' })
  @ApiOkResponse({ standardSchema: seoCheckSchema })
  @ApiNotFoundResponse({ description: 'No such check', standardSchema: errorBodySchema })
  get(@Param('id') id: string): Promise<SeoCheck> {
    return this.queryBus.execute(
      new GetSeoCheckQuery(requireRecordId(id, SEO_CHECK_TEXTS.notFound)),
    );
  }
}
