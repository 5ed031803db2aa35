import { PUBLIC_PAGES } from '../../../contracts/public-pages.js';
import type { ContentChanges } from '../../content/index.js';
import { pageLastChange, siteUrl } from '../site-facts/site-facts.js';
import { xmlText } from './escaping.js';

/**
 * /sitemap.xml (sitemaps.org 0.9): the public pages worth landing on, by their canonical PUBLIC_URL
 * address, each with the last change of the content it shows as `lastmod` (W3C datetime, UTC). A page
 * a redirect rule answers (`redirected`) is left out: a sitemap lists the addresses that are pages.
 */
export function sitemapXml(
  publicUrl: string,
  changes: ContentChanges,
  redirected: (path: string) => boolean = () => false,
): string {
  const pages = PUBLIC_PAGES.filter((page) => page.inSitemap && !redirected(page.path));
  const urls = pages.map((page) => {
    const lastmod = pageLastChange(changes, page);
    return [
      '  <url>',
      `    <loc>${xmlText(siteUrl(publicUrl, page.path))}</loc>`,
      ...(lastmod ? [`    <lastmod>${xmlText(lastmod)}</lastmod>`] : []),
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
