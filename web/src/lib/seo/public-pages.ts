import { PUBLIC_PAGE_PATHS, type PublicPagePath } from '@contracts/public-pages';
import { NOT_FOUND_PAGE, type SitePage } from './site-page';

export { NOT_FOUND_PAGE, type SitePage } from './site-page';

/**
 * The public pages the server renders, by canonical path: the values of the `seoPages` section's
 * `page` field. `/contact-us` is `/contact` under another address.
 */
export const PUBLIC_PAGES = PUBLIC_PAGE_PATHS;
export type PublicPage = PublicPagePath;

export interface PageDefaults {
  /** The page's title before the site's title template; none on the home page (see `pageSeo`). */
  title?: string;
  description: string;
  /** Whether search engines may index it (the not-found page: no). */
  indexable: boolean;
}

/** What a page shows in search results until an admin gives it its own title and description. */
export const PAGE_DEFAULTS: Record<SitePage, PageDefaults> = {
  '/': {
    description: '',
    indexable: true,
  },
  '/pricing/': {
    title: 'Pricing Plan',
    description:
      'Three clear SEO packages and no long-term contract: compare what each includes and order the one that fits your goals.',
    indexable: true,
  },
  '/service/': {
    title: 'Services',
    description:
      'Technical SEO audits, keyword research, content, link building, local SEO and reporting: everything your site needs to be found.',
    indexable: true,
  },
  '/contact': {
    title: 'Contact Us',
    description:
      'Tell us about your site and your goals: we answer within one working day with a free first assessment.',
    indexable: true,
  },
  '/thanks': {
    title: 'Thank You',
    description: 'We have received your message and will get back to you as soon as possible.',
    indexable: true,
  },
  '/login': {
    title: 'Login',
    description: 'Log in to follow your orders and payments.',
    indexable: true,
  },
  '/register': {
    title: 'Register',
    description: 'Create an account to order an SEO package and follow its progress.',
    indexable: true,
  },
  '/seo-check': {
    title: 'Free SEO check',
    description:
      'Check any web page for free: status and redirects, HTTPS, title, description, headings, structured data, robots, sitemap and broken links, with a score.',
    indexable: true,
  },
  [NOT_FOUND_PAGE]: {
    title: 'Page not found',
    description: 'Sorry, we could not find the page you were looking for.',
    indexable: false,
  },
};

export function isPublicPage(value: string): value is PublicPage {
  return (PUBLIC_PAGES as readonly string[]).includes(value);
}
