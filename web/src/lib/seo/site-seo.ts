import { type ContentSnapshot, type Entry } from '@contracts/content';
import { NOT_FOUND_PAGE, PAGE_DEFAULTS, type SitePage } from './public-pages';
import { absoluteUrl } from './urls';

/** The site's name until the `seo` section names it. */
export const DEFAULT_SITE_NAME = 'SEO Agency';
const FALLBACK_DESCRIPTION =
  'Search engine optimisation that helps the right customers find your business.';

/**
 * Any section's entries by key, read loosely: the `seo` and `seoPages` sections may not exist in
 * the registry a snapshot was made with, and then the defaults below apply.
 */
export function entriesOf(content: ContentSnapshot | undefined, key: string): Entry[] {
  const sections = content?.sections as Record<string, Entry[] | undefined> | undefined;
  return sections?.[key] ?? [];
}

/** A field's trimmed text; `undefined` when absent or blank. */
export function textOf(entry: Entry | undefined, name: string): string | undefined {
  const value = entry?.[name]?.trim();
  return value ? value : undefined;
}

/**
 * The share image when the content names none that social sites show: the site's own, in web/public
 * (rendered by bench/render-static-images.ts), at the size they ask for.
 */
export const DEFAULT_SHARE_IMAGE = {
  path: '/share-image.png',
  width: 1200,
  height: 630,
  type: 'image/png',
} as const;

/**
 * Whether a content image can be a share image: a site path or an http(s) URL (no `javascript:`),
 * and no SVG, which social sites do not show.
 */
function shareable(href: string | undefined): href is string {
  if (absoluteUrl('http://site.invalid', href) === undefined) return false;
  return !/\.svgz?(?:[?#]|$)/i.test(href ?? '');
}

/** The image the content gives (the first one set), or the default when sharers cannot show it. */
function shareableOrDefault(href: string | undefined): string {
  return shareable(href) ? href : DEFAULT_SHARE_IMAGE.path;
}

/** The site-wide settings (the `seo` singleton), each with a default from the other sections. */
export interface SiteSeo {
  siteName: string;
  /** `%s` is the page's title. */
  titleTemplate: string;
  defaultDescription: string;
  /** A site path or an absolute URL (DEFAULT_SHARE_IMAGE's, unless the content names another). */
  shareImage: string;
  googleVerification?: string;
  /** The logo (a site path or an absolute URL), for structured data. */
  logo?: string;
}

export function siteSeo(content: ContentSnapshot | undefined): SiteSeo {
  const seo = entriesOf(content, 'seo')[0];
  const first = (key: string) => entriesOf(content, key)[0];
  const siteName = textOf(seo, 'siteName') ?? DEFAULT_SITE_NAME;
  const template = textOf(seo, 'titleTemplate');
  return {
    siteName,
    titleTemplate: template?.includes('%s') ? template : `%s | ${siteName}`,
    defaultDescription:
      textOf(seo, 'defaultDescription') ??
      textOf(first('footerAbout'), 'aboutFooterDetails') ??
      textOf(first('banner'), 'bannerDetails') ??
      FALLBACK_DESCRIPTION,
    shareImage: shareableOrDefault(
      textOf(seo, 'shareImage') ??
        textOf(first('banner'), 'imageOne') ??
        textOf(first('logo'), 'logo'),
    ),
    googleVerification: textOf(seo, 'googleVerification'),
    logo: textOf(first('logo'), 'logo'),
  };
}

/** One page's title (the title template applied), description and share image. */
export interface PageSeo {
  /** The page's own title, before the template (for breadcrumbs). */
  name: string;
  /** The document title. */
  title: string;
  description: string;
  shareImage: string;
  indexable: boolean;
}

export function applyTitleTemplate(site: SiteSeo, title: string | undefined): string {
  // A function, not a replacement string: `$$`, `$&`, `$'`… in a title are text, not patterns.
  return title ? site.titleTemplate.replaceAll('%s', () => title) : site.siteName;
}

/**
 * A page's SEO values: the admin's (the `seoPages` entry for the page) over the page's defaults. The
 * home page's default title is the banner's tag line, its description the site's.
 */
export function pageSeo(
  content: ContentSnapshot | undefined,
  site: SiteSeo,
  page: SitePage,
): PageSeo {
  const own =
    page === NOT_FOUND_PAGE
      ? undefined
      : entriesOf(content, 'seoPages').find((entry) => textOf(entry, 'page') === page);
  const defaults = PAGE_DEFAULTS[page];
  const defaultTitle =
    page === '/' ? textOf(entriesOf(content, 'banner')[0], 'bannerText') : defaults.title;
  const name = textOf(own, 'title') ?? defaultTitle ?? 'Home';
  const ownImage = textOf(own, 'shareImage');
  return {
    name,
    title: applyTitleTemplate(site, name),
    description: textOf(own, 'description') ?? (defaults.description || site.defaultDescription),
    // One the sharers cannot show gives way to the site's.
    shareImage: shareable(ownImage) ? ownImage : site.shareImage,
    indexable: defaults.indexable,
  };
}
