import { Module } from '@nestjs/common';
import { WEB_PAGE_RENDERER } from '../../platform/http/web-page-renderer.js';
import { PreviewHttpController } from './http/preview.http.controller.js';
import { BuiltRenderer } from './rendering/built-renderer.js';
import { BuiltIndexHtml } from './rendering/index-html.js';
import { RenderedPages } from './rendering/rendered-pages.js';
import { SitePages } from './rendering/site-pages.js';
import { RenderSitePageHandler } from './queries/render-site-page.query.js';

/** The public site as HTML: the web app's pages, rendered on the server where they are public. */
@Module({
  controllers: [PreviewHttpController],
  providers: [
    BuiltRenderer,
    BuiltIndexHtml,
    RenderedPages,
    SitePages,
    RenderSitePageHandler,
    { provide: WEB_PAGE_RENDERER, useExisting: SitePages },
  ],
  exports: [WEB_PAGE_RENDERER, RenderedPages],
})
export class SiteModule {}
