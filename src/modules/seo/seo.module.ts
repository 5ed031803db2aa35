import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { PageChecksHttpController } from './http/page-checks.http.controller.js';
import { SeoFilesCache } from './http/seo-files.cache.js';
import { SeoFilesRoutes } from './http/seo-files.routes.js';
import { DismissNotFoundHandler } from './not-found/commands/dismiss-not-found/dismiss-not-found.handler.js';
import { RedirectNotFoundHandler } from './not-found/commands/redirect-not-found/redirect-not-found.handler.js';
import { NotFoundHttpController } from './not-found/http/not-found.http.controller.js';
import { NotFoundLog } from './not-found/not-found-log.js';
import { ListNotFoundHandler } from './not-found/queries/list-not-found/list-not-found.handler.js';
import { DeleteRedirectHandler } from './redirects/commands/delete-redirect/delete-redirect.handler.js';
import { SaveRedirectHandler } from './redirects/commands/save-redirect/save-redirect.handler.js';
import { Redirect } from './redirects/domain/redirect.entity.js';
import { RedirectsHttpController } from './redirects/http/redirects.http.controller.js';
import { ListRedirectsHandler } from './redirects/queries/list-redirects/list-redirects.handler.js';
import { RedirectPageGate } from './redirects/redirect-page-gate.js';
import { RedirectRulesCache } from './redirects/redirect-rules.cache.js';
import { PageChecksHandler } from './queries/page-checks/page-checks.handler.js';
import { SiteFactsReader } from './site-facts/site-facts.reader.js';

/**
 * What search engines and agents read besides the pages: robots.txt, sitemap.xml, llms.txt and the AI
 * catalog with its Agent Skill, generated from the content (read through the content module's queries);
 * the SEO checks of our own pages, read from them as the site renders them (the site module's query);
 * redirect rules applied to the pages before they are rendered (a `PageGate`), and the 404 monitor.
 */
@Module({
  imports: [MikroOrmModule.forFeature([Redirect])],
  controllers: [RedirectsHttpController, NotFoundHttpController, PageChecksHttpController],
  providers: [
    SiteFactsReader,
    SeoFilesCache,
    SeoFilesRoutes,
    PageChecksHandler,
    RedirectRulesCache,
    NotFoundLog,
    RedirectPageGate,
    SaveRedirectHandler,
    DeleteRedirectHandler,
    ListRedirectsHandler,
    RedirectNotFoundHandler,
    DismissNotFoundHandler,
    ListNotFoundHandler,
  ],
})
export class SeoModule {}
