import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import { PUBLIC_PAGE_PATHS } from '../../../contracts/public-pages.js';
import {
  type PageCheckList,
  pageCheckListSchema,
  type PageCheckReport,
  pageCheckReportSchema,
  pageIdOf,
  pageOfId,
} from '../../../contracts/seo/page-checks.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { PageChecksQuery } from '../queries/page-checks/page-checks.query.js';

/** The SEO checks of the site's own public pages, for the SEO hub and the Page SEO editor. */
@ApiTags('seo')
@Controller('api/admin/seo/pages')
export class PageChecksHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'Every public page, as rendered now, with its SEO checks (title and description width, H1, ' +
      'image alt, share image, canonical, JSON-LD, internal links, word count) and its score',
  })
  @ApiOkResponse({ standardSchema: pageCheckListSchema })
  async list(): Promise<PageCheckList> {
    return { pages: await this.queryBus.execute(new PageChecksQuery()) };
  }

  @Get(':pageId')
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "One public page's SEO checks, with what each found" })
  @ApiParam({ name: 'pageId', enum: PUBLIC_PAGE_PATHS.map(pageIdOf) })
  @ApiOkResponse({ standardSchema: pageCheckReportSchema })
  @ApiNotFoundResponse({ description: 'No such public page', standardSchema: errorBodySchema })
  async one(@Param('pageId') pageId: string): Promise<PageCheckReport> {
    const path = pageOfId(pageId);
    if (!path) throw new NotFoundException(`No public page is called “${pageId}”.`);
    const [report] = await this.queryBus.execute(new PageChecksQuery([path]));
    return report!;
  }
}
