import type { Entry, SectionKey } from '../../../contracts/content/index.js';
import {
  FALLBACK_SITE_NAME,
  type PublicPage,
  sectionsShownOn,
} from '../../../contracts/public-pages.js';
import { billingOf, PER_MONTH } from '../../../contracts/subscriptions.js';
import type { ContentChanges } from '../../content/index.js';

/** The records of the sections a file is made from (a section not read counts as empty). */
export type SiteContent = Partial<Record<SectionKey, readonly Entry[]>>;

/** What the generated files are made of: the site's address and its content. */
export interface SiteFacts {
  /** PUBLIC_URL: every link in the files is absolute. */
  readonly publicUrl: string;
  readonly content: SiteContent;
}

/** A singleton section's record. */
export const singleton = (content: SiteContent, key: SectionKey): Entry | undefined =>
  content[key]?.[0];

/** A field's text, trimmed; undefined when absent or blank. */
export function field(entry: Entry | undefined, name: string): string | undefined {
  const value = entry?.[name]?.trim();
  return value ? value : undefined;
}

/** An absolute URL on the site (a path, or an address stored as is). */
export const siteUrl = (publicUrl: string, pathOrUrl: string) => new URL(pathOrUrl, publicUrl).href;

/** The agency's name: the SEO settings', else the one the header shows. */
export const siteNameOf = (content: SiteContent) =>
  field(singleton(content, 'seo'), 'siteName') ?? FALLBACK_SITE_NAME;

/** The site's one-paragraph summary: the SEO settings' default description, else the footer's. */
export const siteSummaryOf = (content: SiteContent) =>
  field(singleton(content, 'seo'), 'defaultDescription') ??
  field(singleton(content, 'footerAbout'), 'aboutFooterDetails');

/** A public page's description: its Page SEO entry's, else the page's own summary. */
export function pageDescriptionOf(content: SiteContent, page: PublicPage): string {
  const entry = content.seoPages?.find((candidate) => candidate.page === page.path);
  return field(entry, 'description') ?? page.summary;
}

export interface Package {
  name: string;
  /** In USD, as stored: `149` or `49.99`. */
  price: string;
  /** A monthly plan (billed every month until cancelled), or a one-off package. */
  monthly: boolean;
  points: string[];
}

/** The pricing packages, in the site's order, with their filled-in points. */
export function packagesOf(content: SiteContent): Package[] {
  return (content.pricing ?? []).flatMap((entry) => {
    const name = field(entry, 'packageName');
    const price = field(entry, 'packagePrice');
    if (!name || !price) return [];
    const points = Object.keys(entry)
      .filter((key) => key.startsWith('packagePoint'))
      .map((key) => field(entry, key))
      .filter((point): point is string => point !== undefined);
    return [{ name, price, monthly: billingOf(entry) === 'monthly', points }];
  });
}

/** `$149`, `$49.99`. */
export const usd = (price: string) => `$${price}`;

/** A package's price: `$149`, or `$149/month` for a monthly plan. */
export const packagePrice = (pack: Pick<Package, 'price' | 'monthly'>) =>
  `${usd(pack.price)}${pack.monthly ? PER_MONTH : ''}`;

/** The agency's contact details from the footer. */
export function contactOf(content: SiteContent) {
  const address = singleton(content, 'footerAddress');
  return {
    email: field(address, 'emailAddress'),
    phone: field(address, 'phoneNumber'),
    address: field(address, 'location'),
  };
}

/**
 * When a page's content last changed: the latest change of any section it shows, and of its own Page
 * SEO entry. Undefined when none of them was ever written.
 */
export function pageLastChange(changes: ContentChanges, page: PublicPage): string | undefined {
  const times = [
    ...sectionsShownOn(page).map((key) => changes.sections[key]),
    changes.byUniqueValue.seoPages?.[page.path],
  ].filter((at): at is string => at !== undefined);
  return times.length > 0 ? times.reduce((a, b) => (a > b ? a : b)) : undefined;
}

/** The latest change of any of these sections. */
export function lastChangeOf(
  changes: ContentChanges,
  keys: readonly SectionKey[],
): string | undefined {
  const times = keys.map((key) => changes.sections[key]).filter((at) => at !== undefined);
  return times.length > 0 ? times.reduce((a, b) => (a > b ? a : b)) : undefined;
}
