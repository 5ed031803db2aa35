import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { SiteRenderData, SiteRenderer } from '../../../contracts/site-rendering.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import type { WebPage, WebPageRenderer } from '../../../platform/http/web-page-renderer.js';
import { GetContentSnapshotQuery } from '../../content/index.js';
import { GetVisitorSessionQuery } from '../../identity/index.js';
import { AssetManifest } from './asset-manifest.js';
import { BuiltRenderer } from './built-renderer.js';
import { inlineStylesheets, type ReadStylesheet } from './inline-stylesheets.js';
import { clientRenderedPage, isPageTemplate, serverRenderedPage } from './page-document.js';

/**
 * The web app's pages: the public pages rendered on the server by the SPA's own routes and
 * components (with the content snapshot the API serves, on every request: an admin's change shows
 * on the next one), unknown paths as the not-found page with 404, the signed-in and admin pages as
 * the SPA's index.html marked `noindex`. A server-rendered page carries its stylesheets inline. A page
 * that fails to render is sent as the SPA's index.html (200) and the error is logged.
 */
@Injectable()
export class SitePages implements WebPageRenderer, OnModuleInit {
  private readonly logger = new Logger('SitePages');
  private readonly publicUrl: string;
  private readonly simulatedPayments: boolean;
  private renderer?: SiteRenderer;
  private assets = new AssetManifest({});
  private readonly readStylesheet: ReadStylesheet;

  constructor(
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly built: BuiltRenderer,
  ) {
    this.publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
    this.simulatedPayments = config.PAYPAL_MODE === 'simulator';
    this.readStylesheet = built.stylesheets();
  }

  async onModuleInit(): Promise<void> {
    this.renderer = await this.built.renderer(this.logger);
    if (this.renderer) this.assets = await this.built.manifest();
  }

  async render(url: string, indexHtml: string): Promise<WebPage> {
    if (!this.renderer || !isPageTemplate(indexHtml)) return { status: 200, html: indexHtml };
    const { pathname, search } = new URL(url, 'http://localhost');
    const path = `${pathname}${search}`;
    try {
      const page = await this.renderer.renderSitePage({
        path,
        publicUrl: this.publicUrl,
        simulatedPayments: this.simulatedPayments,
        loadData: () => this.loadData(),
      });
      if (page.kind === 'client-only') {
        return {
          status: 200,
          html: clientRenderedPage(indexHtml, page),
          headers: { 'x-robots-tag': 'noindex' },
        };
      }
      const html = serverRenderedPage(
        indexHtml,
        page,
        this.assets.stylesheetLinksFor(page.modules),
      );
      return { status: page.status, html: await inlineStylesheets(html, this.readStylesheet) };
    } catch (error) {
      this.logger.error(
        { err: error, path },
        'Could not render the page on the server: sent it for the browser to render',
      );
      return { status: 200, html: indexHtml };
    }
  }

  private async loadData(): Promise<SiteRenderData> {
    const [content, visitorSession] = await Promise.all([
      this.queryBus.execute(new GetContentSnapshotQuery()),
      this.queryBus.execute(new GetVisitorSessionQuery()),
    ]);
    return { content, visitorSession };
  }
}
