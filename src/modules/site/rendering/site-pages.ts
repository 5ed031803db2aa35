import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ContentSnapshot } from '../../../contracts/content/index.js';
import type {
  SitePageLocation,
  SiteRenderData,
  SiteRenderer,
} from '../../../contracts/site-rendering.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import type { WebPage, WebPageRenderer } from '../../../platform/http/web-page-renderer.js';
import { GetContentSnapshotQuery, GetContentVersionQuery } from '../../content/index.js';
import { GetVisitorSessionQuery } from '../../identity/index.js';
import { AssetManifest } from './asset-manifest.js';
import { BuiltRenderer } from './built-renderer.js';
import { inlineStylesheets, type ReadStylesheet } from './inline-stylesheets.js';
import {
  clientRenderedPage,
  isPageTemplate,
  previewDocument,
  serverRenderedPage,
} from './page-document.js';
import { asWebPage, preparePage } from './prepared-page.js';
import { RenderSlots } from './render-slots.js';
import { type CachedSitePage, RenderedPages } from './rendered-pages.js';

type PageLocation = Extract<SitePageLocation, { kind: 'page' }>;

/** Renders at once at most; more pages not cached yet wait (each render holds its own memory). */
const RENDER_SLOTS = 2;

/**
 * The web app's pages: the public pages rendered on the server by the SPA's own routes and
 * components, unknown paths as the not-found page with 404, the signed-in and admin pages as the
 * SPA's index.html marked `noindex`. A server-rendered page carries its stylesheets inline.
 *
 * Every one sees the visitor's page, so each is rendered once per content version and kept, with its
 * brotli and gzip bodies (`RenderedPages`): a request reads the content version (PostgreSQL, bumped
 * in every content write's transaction, read after the request arrived) and sends the kept page when
 * it is that version's, so an admin's edit shows on the next request in every process. A page that
 * fails to render is sent as the SPA's index.html (200), not kept, and the error is logged.
 */
@Injectable()
export class SitePages implements WebPageRenderer, OnModuleInit {
  private readonly logger = new Logger('SitePages');
  private readonly publicUrl: string;
  private readonly simulatedPayments: boolean;
  private renderer?: SiteRenderer;
  private assets = new AssetManifest({});
  private readonly readStylesheet: ReadStylesheet;
  private readonly slots = new RenderSlots(RENDER_SLOTS);
  /** The render under way per key, and the version it renders at least: one at a time per page. */
  private readonly rendering = new Map<string, { version: number; page: Promise<WebPage> }>();

  constructor(
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly built: BuiltRenderer,
    private readonly pages: RenderedPages,
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
    const renderer = this.renderer;
    if (!renderer || !isPageTemplate(indexHtml)) return { status: 200, html: indexHtml };
    const { pathname, search } = new URL(url, 'http://localhost');
    const path = `${pathname}${search}`;
    try {
      const location = renderer.locateSitePage(path);
      if (location.kind === 'page') return await this.sitePage(renderer, location, indexHtml);
      const page = await renderer.renderSitePage({
        path,
        publicUrl: this.publicUrl,
        simulatedPayments: this.simulatedPayments,
        loadData: () => Promise.reject(new Error('A client-rendered page needs no data')),
      });
      if (page.kind === 'page') throw new Error('The renderer rendered a client-only page');
      return {
        status: 200,
        html: clientRenderedPage(indexHtml, page),
        headers: { 'x-robots-tag': 'noindex' },
      };
    } catch (error) {
      this.logger.error(
        { err: error, path },
        'Could not render the page on the server: sent it for the browser to render',
      );
      return { status: 200, html: indexHtml };
    }
  }

  /** The page kept for the current content version, else rendered (one render per page at a time). */
  private async sitePage(
    renderer: SiteRenderer,
    location: PageLocation,
    indexHtml: string,
  ): Promise<WebPage> {
    let version: number;
    try {
      version = await this.queryBus.execute(new GetContentVersionQuery());
    } catch (error) {
      // No edit can be made while PostgreSQL does not answer: the page kept is the last one.
      const kept = this.pages.cache.get(location.key);
      if (kept) return asWebPage(kept);
      throw error;
    }
    const kept = this.pages.cache.get(location.key);
    if (kept && kept.version >= version) return asWebPage(kept);
    const under = this.rendering.get(location.key);
    if (under && under.version >= version) return under.page;
    const page = this.renderAndKeep(renderer, location, indexHtml, version);
    this.rendering.set(location.key, { version, page });
    void page
      .catch(() => undefined)
      .then(() => {
        if (this.rendering.get(location.key)?.page === page) this.rendering.delete(location.key);
      });
    return page;
  }

  private renderAndKeep(
    renderer: SiteRenderer,
    location: PageLocation,
    indexHtml: string,
    version: number,
  ): Promise<WebPage> {
    return this.slots.run(async () => {
      const { data, version: renderedAt } = await this.loadData(version);
      const { status, html } = await this.renderPage(renderer, location, indexHtml, data);
      const prepared = await preparePage(status, html);
      const cached: CachedSitePage = { ...prepared, version: renderedAt };
      const current = this.pages.cache.get(location.key);
      if (!current || current.version <= renderedAt) this.pages.cache.set(location.key, cached);
      return asWebPage(cached);
    });
  }

  /** One server-rendered page with the given data: its status and HTML (stylesheets inline). */
  private async renderPage(
    renderer: SiteRenderer,
    location: PageLocation,
    indexHtml: string,
    data: SiteRenderData,
  ): Promise<{ status: number; html: string }> {
    this.pages.countRender();
    const page = await renderer.renderSitePage({
      path: location.path,
      publicUrl: this.publicUrl,
      simulatedPayments: this.simulatedPayments,
      loadData: () => Promise.resolve(data),
    });
    if (page.kind === 'client-only')
      throw new Error('The renderer located a page it did not render');
    const html = serverRenderedPage(indexHtml, page, this.assets.stylesheetLinksFor(page.modules));
    return { status: page.status, html: await inlineStylesheets(html, this.readStylesheet) };
  }

  /**
   * A public page rendered by the same renderer with other content (the drafts, an editor's unsaved
   * values): never kept in the page cache, marked `noindex`, without the app's scripts (they would
   * load the published content over it). Null for a path that is no server-rendered public page.
   */
  async renderPreview(
    url: string,
    indexHtml: string,
    content: ContentSnapshot,
  ): Promise<{ status: number; html: string } | null> {
    const renderer = this.renderer;
    if (!renderer || !isPageTemplate(indexHtml)) return null;
    const { pathname, search } = new URL(url, 'http://localhost');
    const location = renderer.locateSitePage(`${pathname}${search}`);
    if (location.kind !== 'page') return null;
    return this.slots.run(async () => {
      const visitorSession = await this.queryBus.execute(new GetVisitorSessionQuery());
      const page = await this.renderPage(renderer, location, indexHtml, {
        content,
        visitorSession,
      });
      return { status: page.status, html: previewDocument(page.html) };
    });
  }

  /** The content at `version` or later (and the version it is), and a visitor's session. */
  private async loadData(version: number): Promise<{ data: SiteRenderData; version: number }> {
    const [{ content, version: readAt }, visitorSession] = await Promise.all([
      this.queryBus.execute(new GetContentSnapshotQuery(version)),
      this.queryBus.execute(new GetVisitorSessionQuery()),
    ]);
    return { data: { content, visitorSession }, version: readAt };
  }
}
