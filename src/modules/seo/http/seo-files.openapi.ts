import type { OpenAPIObject } from '@nestjs/swagger';
import { SEO_FILE_PATHS } from './seo-files.registrar.js';

const file = (
  operationId: string,
  summary: string,
  type: string,
  schema: { type: 'string' | 'object' },
) => ({
  get: {
    ...{ 'x-access': 'public' },
    tags: ['seo'],
    operationId,
    summary,
    responses: { '200': { description: summary, content: { [type]: { schema } } } },
  },
});

const text = { type: 'string' } as const;

/** The crawler and agent files' OpenAPI entries (Fastify routes, which Nest's scanner does not see). */
export const seoFilesOpenApiPaths: OpenAPIObject['paths'] = {
  [SEO_FILE_PATHS.robots]: file(
    'robotsTxt',
    'Crawling rules (RFC 9309): public pages allowed, API, account and admin pages disallowed, the sitemap named',
    'text/plain',
    text,
  ),
  [SEO_FILE_PATHS.sitemap]: file(
    'sitemapXml',
    'The public pages (sitemaps.org 0.9), each with the last change of the content it shows',
    'application/xml',
    text,
  ),
  [SEO_FILE_PATHS.llms]: file(
    'llmsTxt',
    "The site for language models (llmstxt.org): the agency's name, summary, pages and packages",
    'text/markdown',
    text,
  ),
  [SEO_FILE_PATHS.aiCatalog]: file(
    'aiCatalog',
    'The Agentic Resource Discovery manifest (ARD 1.0) listing the agency’s Agent Skill',
    'application/json',
    { type: 'object' },
  ),
  [SEO_FILE_PATHS.agentSkill]: file(
    'agentSkill',
    'An Agent Skill (agentskills.io SKILL.md): services, packages with prices, ordering and contact',
    'text/markdown',
    text,
  ),
};
