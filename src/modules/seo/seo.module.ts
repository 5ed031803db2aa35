import { Module } from '@nestjs/common';
import { SeoFilesCache } from './http/seo-files.cache.js';
import { SeoFilesRoutes } from './http/seo-files.routes.js';
import { SiteFactsReader } from './site-facts/site-facts.reader.js';

/**
 * What search engines and agents read besides the pages: robots.txt, sitemap.xml, llms.txt and the AI
 * catalog with its Agent Skill, generated from the content (read through the content module's queries).
 */
@Module({ providers: [SiteFactsReader, SeoFilesCache, SeoFilesRoutes] })
export class SeoModule {}
