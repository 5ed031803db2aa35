import { ROBOTS_ALLOW, ROBOTS_DISALLOW } from '../../../contracts/crawling.js';

/**
 * /robots.txt (RFC 9309): one group for every crawler, the public pages allowed and the API, account
 * and admin addresses disallowed (`contracts/crawling.ts`), then the sitemap. No `Agentmap:` line for
 * the AI catalog: Lighthouse's robots.txt audit counts unknown directives as errors, and the catalog
 * is found at its well-known address anyway.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    '# Crawling rules: the public pages are open; the API, account and admin pages are not.',
    'User-agent: *',
    ...ROBOTS_ALLOW.map((pattern) => `Allow: ${pattern}`),
    ...ROBOTS_DISALLOW.map((pattern) => `Disallow: ${pattern}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
    '',
  ].join('\n');
}
