import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AGENT_SKILL_PATH, AGENT_SKILL_SECTIONS, agentSkillMd } from '../files/agent-skill.js';
import { AI_CATALOG_SECTIONS, aiCatalog } from '../files/ai-catalog.js';
import { LLMS_TXT_SECTIONS, llmsTxt } from '../files/llms-txt.js';
import { robotsTxt } from '../files/robots-txt.js';
import { sitemapXml } from '../files/sitemap-xml.js';
import { lastChangeOf } from '../site-facts/site-facts.js';
import { SiteFactsReader } from '../site-facts/site-facts.reader.js';
import { SeoFilesCache } from './seo-files.cache.js';

export const SEO_FILE_PATHS = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  llms: '/llms.txt',
  aiCatalog: '/.well-known/ai-catalog.json',
  agentSkill: AGENT_SKILL_PATH,
} as const;

/** Crawlers and agents may keep a copy for five minutes: an edit shows in them within that. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * The files crawlers and agents ask a site for, as plain Fastify routes: static paths, so they win
 * over the SPA's catch-all whatever the order of registration. Each is generated from the content
 * and kept until the content changes (SeoFilesCache). Documented in OpenAPI by seo-files.openapi.ts.
 */
@Injectable()
export class SeoFilesRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly facts: SiteFactsReader,
    private readonly cache: SeoFilesCache,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    const { publicUrl } = this.facts;
    const robots = robotsTxt(publicUrl);
    const serve = (path: string, type: string, build: () => Promise<string>) =>
      fastify.get(path, async (_request, reply) => {
        const body = await this.cache.get(path, build);
        return reply.type(type).header('cache-control', CACHE_CONTROL).send(body);
      });

    serve(SEO_FILE_PATHS.robots, 'text/plain; charset=utf-8', async () => robots);
    serve(SEO_FILE_PATHS.sitemap, 'application/xml; charset=utf-8', async () =>
      sitemapXml(publicUrl, await this.facts.changes()),
    );
    serve(SEO_FILE_PATHS.llms, 'text/markdown; charset=utf-8', async () =>
      llmsTxt({ publicUrl, content: await this.facts.content(LLMS_TXT_SECTIONS) }),
    );
    serve(SEO_FILE_PATHS.agentSkill, 'text/markdown; charset=utf-8', async () =>
      agentSkillMd({ publicUrl, content: await this.facts.content(AGENT_SKILL_SECTIONS) }),
    );
    serve(SEO_FILE_PATHS.aiCatalog, 'application/json; charset=utf-8', async () => {
      const [content, changes] = await Promise.all([
        this.facts.content(AI_CATALOG_SECTIONS),
        this.facts.changes(),
      ]);
      // The catalog's one entry is the skill: its date is the skill's content's.
      const updatedAt = lastChangeOf(changes, AGENT_SKILL_SECTIONS);
      return JSON.stringify(aiCatalog({ publicUrl, content, updatedAt }));
    });
  }
}
