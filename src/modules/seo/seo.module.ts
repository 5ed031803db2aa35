import { Module } from '@nestjs/common';
import { PageChecksHttpController } from './http/page-checks.http.controller.js';
import { SeoFilesCache } from './http/seo-files.cache.js';
import { SeoFilesRoutes } from './http/seo-files.routes.js';
import { PageChecksHandler } from './queries/page-checks/page-checks.handler.js';
import { SiteFactsReader } from './site-facts/site-facts.reader.js';

/**
 * What search engines and agents read besides the pages: robots.txt, sitemap.xml, llms.txt and the AI
 * catalog with its Agent Skill, generated from the content (read through the content module's queries);
 * and the SEO checks of our own pages, read from them as the site renders them (the site module's query).
 */
@Module({
  controllers: [PageChecksHttpController],
  providers: [SiteFactsReader, SeoFilesCache, SeoFilesRoutes, PageChecksHandler],
})
export class SeoModule {}
