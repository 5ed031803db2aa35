import { Injectable } from '@nestjs/common';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { AGENT_SKILL_PATH, AGENT_SKILL_SECTIONS, agentSkillMd } from '../files/agent-skill.js';
import { AI_CATALOG_SECTIONS, aiCatalog } from '../files/ai-catalog.js';
import { LLMS_TXT_SECTIONS, llmsTxt } from '../files/llms-txt.js';
import { robotsTxt } from '../files/robots-txt.js';
import { sitemapXml } from '../files/sitemap-xml.js';
import { lastChangeOf } from '../site-facts/site-facts.js';
import { SiteFactsReader } from '../site-facts/site-facts.reader.js';
import { pagePathKey } from '../../../contracts/seo-redirects.js';
import { RedirectRulesCache } from '../redirects/redirect-rules.cache.js';
import type { RedirectTable } from '../redirects/domain/redirect-rules.js';
import { SeoFilesCache } from './seo-files.cache.js';

export const SEO_FILE_PATHS = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  llms: '/llms.txt',
  aiCatalog: '/.well-known/ai-catalog.json',
  agentSkill: AGENT_SKILL_PATH,
} as const;

/** Whether a rule answers a page's path. */
const redirectedIn = (table: RedirectTable) => (path: string) =>
  table.find(pagePathKey(path)) !== undefined;

/** Crawlers and agents may keep a copy for five minutes: an edit shows in them within that. */
const CACHE_CONTROL = 'public, max-age=300';

interface SeoFile {
  path: string;
  operationId: string;
  summary: string;
  type: string;
  build: () => Promise<string>;
  /** The redirect rules' version, for a file that leaves out the redirected pages. */
  version?: () => Promise<number>;
}

/**
 * The files crawlers and agents ask a site for, as raw routes: static paths, so they win over the
 * SPA's catch-all whatever the order of registration. Each is generated from the content and kept
 * until the content changes (SeoFilesCache).
 */
@Injectable()
export class SeoFilesRoutes extends RawRouteSet {
  constructor(
    private readonly facts: SiteFactsReader,
    private readonly cache: SeoFilesCache,
    private readonly redirects: RedirectRulesCache,
  ) {
    super();
  }

  routes() {
    return this.files().map(({ path, operationId, summary, type, build, version }) =>
      rawRoute({
        method: 'GET',
        path,
        access: 'public',
        docs: {
          operationId,
          tags: ['seo'],
          summary,
          responses: {
            200: {
              description: summary,
              content: {
                [type.split(';')[0]!]: {
                  schema: { type: type.includes('json') ? 'object' : 'string' },
                },
              },
            },
          },
        },
        handler: async (_request, reply) => {
          const body = await this.cache.get(path, build, version && (await version()));
          return reply.type(type).header('cache-control', CACHE_CONTROL).send(body);
        },
      }),
    );
  }

  private files(): SeoFile[] {
    const { publicUrl } = this.facts;
    const robots = robotsTxt(publicUrl);
    return [
      {
        path: SEO_FILE_PATHS.robots,
        operationId: 'robotsTxt',
        summary:
          'Crawling rules (RFC 9309): public pages allowed, API, account and admin pages disallowed, the sitemap named',
        type: 'text/plain; charset=utf-8',
        build: async () => robots,
      },
      {
        path: SEO_FILE_PATHS.sitemap,
        operationId: 'sitemapXml',
        summary:
          'The public pages (sitemaps.org 0.9), each with the last change of the content it shows',
        type: 'application/xml; charset=utf-8',
        build: async () => {
          const [changes, { table }] = await Promise.all([
            this.facts.changes(),
            this.redirects.table(),
          ]);
          return sitemapXml(publicUrl, changes, redirectedIn(table));
        },
        version: async () => (await this.redirects.table()).version,
      },
      {
        path: SEO_FILE_PATHS.llms,
        operationId: 'llmsTxt',
        summary:
          "The site for language models (llmstxt.org): the agency's name, summary, pages and packages",
        type: 'text/markdown; charset=utf-8',
        build: async () =>
          llmsTxt({ publicUrl, content: await this.facts.content(LLMS_TXT_SECTIONS) }),
      },
      {
        path: SEO_FILE_PATHS.agentSkill,
        operationId: 'agentSkill',
        summary:
          'An Agent Skill (agentskills.io SKILL.md): services, packages with prices, ordering and contact',
        type: 'text/markdown; charset=utf-8',
        build: async () =>
          agentSkillMd({ publicUrl, content: await this.facts.content(AGENT_SKILL_SECTIONS) }),
      },
      {
        path: SEO_FILE_PATHS.aiCatalog,
        operationId: 'aiCatalog',
        summary:
          'The Agentic Resource Discovery manifest (ARD 1.0) listing the agency’s Agent Skill',
        type: 'application/json; charset=utf-8',
        build: async () => {
          const [content, changes] = await Promise.all([
            this.facts.content(AI_CATALOG_SECTIONS),
            this.facts.changes(),
          ]);
          // The catalog's one entry is the skill: its date is the skill's content's.
          const updatedAt = lastChangeOf(changes, AGENT_SKILL_SECTIONS);
          return JSON.stringify(aiCatalog({ publicUrl, content, updatedAt }));
        },
      },
    ];
  }
}
