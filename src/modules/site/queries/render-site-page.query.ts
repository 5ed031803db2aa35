import { Inject, Injectable } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  WEB_PAGE_RENDERER,
  type WebPageRenderer,
} from '../../../platform/http/web-page-renderer.js';
import { BuiltIndexHtml } from '../rendering/index-html.js';

/** A page as a visitor's GET of `path` gets it now: its status and HTML. */
export interface RenderedSitePage {
  status: number;
  html: string;
}

/**
 * The page at `path` exactly as the public route serves it (the same renderer and page cache, at the
 * current content version), for those who inspect our own pages (the SEO page checks).
 */
export class RenderSitePageQuery extends Query<RenderedSitePage> {
  constructor(readonly path: string) {
    super();
  }
}

@Injectable()
@QueryHandler(RenderSitePageQuery)
export class RenderSitePageHandler implements IQueryHandler<RenderSitePageQuery> {
  constructor(
    @Inject(WEB_PAGE_RENDERER) private readonly pages: WebPageRenderer,
    private readonly index: BuiltIndexHtml,
  ) {}

  async execute({ path }: RenderSitePageQuery): Promise<RenderedSitePage> {
    const page = await this.pages.render(path, await this.index.load());
    const html = 'html' in page ? page.html : page.bodies.identity.body.toString('utf8');
    return { status: page.status, html };
  }
}
