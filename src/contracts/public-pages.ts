// No zod here: the section registry (imported by the SPA's router) reads the page paths from this file.
import type { SectionKey } from './content/sections.js';

/**
 * The public pages' paths (the Page SEO section's choices), written out on their own: the registry
 * reads them, so they cannot depend on its types.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/pricing/',
  '/service/',
  '/contact',
  '/thanks',
  '/login',
  '/register',
  '/seo-check',
] as const;

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/** Where a page is listed in /llms.txt: with the main pages, under `## Optional`, or not at all. */
export type LlmsListing = 'pages' | 'optional' | 'none';

export interface PublicPage {
  /** The canonical path, as the SPA's router spells it (trailing slash included where it has one). */
  readonly path: PublicPagePath;
  /** What a link to the page says (llms.txt). */
  readonly name: string;
  /** Said of the page when it has no Page SEO description of its own. */
  readonly summary: string;
  /** The sections the page shows besides the site's shell (`SITE_SHELL_SECTIONS`). */
  readonly sections: readonly SectionKey[];
  /** Listed in /sitemap.xml: a page worth landing on from a search. */
  readonly inSitemap: boolean;
  readonly llms: LlmsListing;
}

/** The agency's name where the SEO section gives none: the one the site's header shows by its logo. */
export const FALLBACK_SITE_NAME = 'SEO Agency';

/**
 * What every public page shows: the header and footer (logo, footer sections) and, in its head, the
 * site-wide SEO settings. A page's Page SEO entry (`seoPages`, one per page) counts for that page only.
 */
export const SITE_SHELL_SECTIONS = [
  'logo',
  'footerAbout',
  'footerAddress',
  'footerSocial',
  'copyright',
  'seo',
  // The structured data of every page names the agency's contact points.
  'contactCards',
] as const satisfies readonly SectionKey[];

/**
 * The public pages of the site (server-rendered, crawlable), one per path above, and the content each
 * one shows: the one place the sitemap (and its lastmod) and llms.txt are derived from. The sections are
 * the ones `web/src/app/routes/<page>.tsx` reads (a web test holds the two together).
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    name: 'Home',
    summary:
      'What we do, how we work, our team, packages, answers to common questions and reviews.',
    sections: [
      'banner',
      'about',
      'counters',
      'serviceText',
      'serviceItems',
      'videoSection',
      'videoItems',
      'steps',
      'workSteps',
      'featuresText',
      'featureItems',
      'pricing',
      'experience',
      'teamText',
      'teamMembers',
      'faqText',
      'faqItems',
      'testimonialText',
      'testimonials',
      'callToAction',
    ],
    inSitemap: true,
    llms: 'pages',
  },
  {
    path: '/pricing/',
    name: 'Pricing',
    summary: 'Every package with its price and what it includes.',
    // The packages, and the service they offer (its structured data's description).
    sections: ['pricing', 'serviceText'],
    inSitemap: true,
    llms: 'pages',
  },
  {
    path: '/service/',
    name: 'Services',
    summary: 'The services we offer, from technical audits to reporting.',
    sections: ['counters', 'serviceText', 'serviceItems', 'about', 'experience', 'callToAction'],
    inSitemap: true,
    llms: 'pages',
  },
  {
    path: '/contact',
    name: 'Contact',
    summary: 'A form to send us a message about a project.',
    sections: [],
    inSitemap: true,
    llms: 'pages',
  },
  {
    // Shown after the contact form is sent: nobody should land on it from a search, so it is in
    // neither the sitemap nor llms.txt (crawlers may still fetch it; it is not secret).
    path: '/thanks',
    name: 'Thank you',
    summary: 'The confirmation shown after a message is sent.',
    sections: [],
    inSitemap: false,
    llms: 'none',
  },
  {
    path: '/login',
    name: 'Log in',
    summary: 'Sign in to order a package and follow your orders.',
    sections: [],
    inSitemap: true,
    llms: 'optional',
  },
  {
    path: '/register',
    name: 'Create an account',
    summary: 'Create a customer account to order a package.',
    sections: [],
    inSitemap: true,
    llms: 'optional',
  },
  {
    path: '/seo-check',
    name: 'Free SEO check',
    summary:
      'Check any page for free: status, HTTPS, title, description, headings, structured data, links and more.',
    sections: [],
    inSitemap: true,
    llms: 'pages',
  },
];

/** Every section a page shows: the shell's and its own. */
export function sectionsShownOn(page: PublicPage): readonly SectionKey[] {
  return [...SITE_SHELL_SECTIONS, ...page.sections];
}
