import {
  PUBLIC_PAGES,
  type PublicPagePath,
  sectionsShownOn,
} from '../../../contracts/public-pages.js';

/**
 * The pages worth telling search engines about after a section changed: those in the sitemap that
 * show it. A Page SEO entry (`seoPages`) is one page's head, but the event names only the section:
 * every sitemap page is submitted then (a few URLs more, never one missed).
 */
export function pagesAffectedBy(section: string): PublicPagePath[] {
  return PUBLIC_PAGES.filter(
    (page) =>
      page.inSitemap &&
      (section === 'seoPages' || (sectionsShownOn(page) as readonly string[]).includes(section)),
  ).map((page) => page.path);
}
