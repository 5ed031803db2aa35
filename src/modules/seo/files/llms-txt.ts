import type { SectionKey } from '../../../contracts/content/index.js';
import { type LlmsListing, PUBLIC_PAGES } from '../../../contracts/public-pages.js';
import {
  contactOf,
  field,
  packagesOf,
  pageDescriptionOf,
  type SiteFacts,
  singleton,
  siteNameOf,
  siteSummaryOf,
  siteUrl,
  packagePrice,
} from '../site-facts/site-facts.js';
import { markdownInline, markdownParagraph } from './escaping.js';

/** The sections llms.txt is made from (the only ones read for it). */
export const LLMS_TXT_SECTIONS: readonly SectionKey[] = [
  'seo',
  'seoPages',
  'pricing',
  'footerAbout',
  'footerAddress',
];

/** A Markdown list item linking to `url`, with notes after a colon (llmstxt.org's file list). */
const link = (text: string, url: string, notes?: string) =>
  `- [${markdownInline(text)}](${url})${notes ? `: ${markdownInline(notes)}` : ''}`;

/**
 * /llms.txt (llmstxt.org): an H1 with the agency's name, its summary as a blockquote, the footer's
 * about text and contact details, then link lists: the public pages, the packages with their prices,
 * and (under `## Optional`, which readers may skip) the account pages. Every link is absolute; every
 * text from the content is escaped so it cannot open a link, a heading or HTML.
 */
export function llmsTxt({ publicUrl, content }: SiteFacts): string {
  const name = siteNameOf(content);
  const summary = siteSummaryOf(content);
  const about = field(singleton(content, 'footerAbout'), 'aboutFooterDetails');
  const contact = contactOf(content);
  const pages = (listing: LlmsListing) =>
    PUBLIC_PAGES.filter((page) => page.llms === listing).map((page) =>
      link(page.name, siteUrl(publicUrl, page.path), pageDescriptionOf(content, page)),
    );
  const pricingUrl = siteUrl(publicUrl, '/pricing/');
  const packages = packagesOf(content).map((pack) =>
    link(`${pack.name}: ${packagePrice(pack)}`, pricingUrl, pack.points.join('; ')),
  );
  const details = [
    contact.email && `- E-mail: ${markdownInline(contact.email)}`,
    contact.phone && `- Phone: ${markdownInline(contact.phone)}`,
    contact.address && `- Address: ${markdownInline(contact.address)}`,
  ].filter((line): line is string => Boolean(line));

  const blocks = [
    `# ${markdownInline(name)}`,
    ...(summary ? [`> ${markdownInline(summary)}`] : []),
    ...(about && about !== summary ? [markdownParagraph(about)] : []),
    ...(details.length > 0 ? [details.join('\n')] : []),
    ...(packages.length > 0 ? ['Prices are in US dollars (USD).'] : []),
    ['## Pages', '', ...pages('pages')].join('\n'),
    ...(packages.length > 0 ? [['## Packages', '', ...packages].join('\n')] : []),
    ['## Optional', '', ...pages('optional')].join('\n'),
  ];
  return `${blocks.join('\n\n')}\n`;
}
