import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type PreviewRequest, previewRequestSchema } from '../../../contracts/content/index.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { GetPreviewContentQuery } from '../../content/index.js';
import { BuiltIndexHtml } from '../rendering/index-html.js';
import { SitePages } from '../rendering/site-pages.js';

const previewPathSchema = previewRequestSchema.pick({ path: true });

const PREVIEW_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
};

const NOT_A_PAGE = 'No public page at this path.';

/**
 * The live preview: a public page rendered by the site's own server renderer with every draft
 * applied (and, posted by the editor, a section's unsaved values). Admins only, never cached (not by
 * the page cache, not by browsers or proxies), never indexed.
 */
@ApiTags('content')
@Controller('api/admin/preview')
export class PreviewHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly pages: SitePages,
    private readonly index: BuiltIndexHtml,
  ) {}

  @Get()
  @Access(STAFF.content)
  @ApiOperation({ summary: 'A public page with the drafts applied (HTML, noindex, no-store)' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The page as visitors will see it once the drafts are published' })
  @ApiNotFoundResponse({ description: NOT_A_PAGE, standardSchema: errorBodySchema })
  async get(
    @Query({ schema: previewPathSchema }) query: z.infer<typeof previewPathSchema>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.send(reply, query.path, new GetPreviewContentQuery());
  }

  @Post()
  @Access(STAFF.content)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "A public page with the drafts and a section's unsaved values (HTML, noindex, no-store)",
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: "The page with the editor's values" })
  @ApiNotFoundResponse({ description: NOT_A_PAGE, standardSchema: errorBodySchema })
  async post(
    @Body({ schema: previewRequestSchema }) input: PreviewRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const override =
      input.section && input.entries
        ? { section: input.section, entries: input.entries }
        : undefined;
    await this.send(reply, input.path, new GetPreviewContentQuery(override));
  }

  private async send(reply: FastifyReply, path: string, query: GetPreviewContentQuery) {
    const content = await this.queryBus.execute(query);
    const page = await this.pages.renderPreview(path, await this.index.load(), content);
    if (!page) throw new NotFoundException(NOT_A_PAGE);
    void reply.status(page.status).headers(PREVIEW_HEADERS).send(page.html);
  }
}
