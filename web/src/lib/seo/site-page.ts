import type { PublicPagePath } from '@contracts/public-pages';

/*
 * What the router needs of the site's pages, apart from their defaults and facts (public-pages.ts),
 * which only the head's code reads: every page's first load has the router, not the head's code.
 */

/** The page an unknown address gets (HTTP 404). */
export const NOT_FOUND_PAGE = 'not-found';

/** A page whose head tags the site computes: a public page or the not-found page. */
export type SitePage = PublicPagePath | typeof NOT_FOUND_PAGE;
