import { type ContentSnapshot } from '@contracts/content';
import { PUBLIC_PAGES as PAGE_FACTS } from '@contracts/public-pages';
import type { Graph } from 'schema-dts';
import { heroImagePreload } from './hero-image';
import { NOT_FOUND_PAGE, type SitePage } from './public-pages';
import {
  applyTitleTemplate,
  DEFAULT_SHARE_IMAGE,
  entriesOf,
  pageSeo,
  siteSeo,
  textOf,
} from './site-seo';
import { structuredData } from './structured-data';
import { absoluteUrl, siteOrigin } from './urls';

export interface HeadInput {
  /** The public page (or the not-found page) shown; none for signed-in and admin pages. */
  page: SitePage | undefined;
  /** The title the page component gives (`<Page title>`): the document title of the other pages. */
  pageTitle?: string;
  content: ContentSnapshot | undefined;
  publicUrl: string;
}

/** A `<meta>` by `name` (description, robots, twitter:*) or by `property` (og:*). */
export type MetaTag = { name: string; content: string } | { property: string; content: string };

/** Everything the site puts in a page's `<head>`: the server writes it, the SPA keeps it current. */
export interface HeadTags {
  title: string;
  meta: MetaTag[];
  canonical?: string;
  jsonLd?: Graph;
  /** The image above the fold, worth fetching before the styles and scripts ask for it (home page). */
  heroImage?: string;
  /** Its responsive variants, when it has some: the preload names them instead (`imagesrcset`). */
  heroImageSet?: { srcSet: string; sizes: string; type: 'image/avif' };
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The share image's size (when known: the default's) and type, so a sharer need not fetch it first. */
function imageFacts(shareImage: string): MetaTag[] {
  if (shareImage === DEFAULT_SHARE_IMAGE.path) {
    return [
      { property: 'og:image:width', content: String(DEFAULT_SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(DEFAULT_SHARE_IMAGE.height) },
      { property: 'og:image:type', content: DEFAULT_SHARE_IMAGE.type },
    ];
  }
  const extension = /\.(\w+)(?:[?#]|$)/.exec(shareImage)?.[1]?.toLowerCase();
  const type = extension ? IMAGE_TYPES[extension] : undefined;
  return type ? [{ property: 'og:image:type', content: type }] : [];
}

const NOINDEX: MetaTag = { name: 'robots', content: 'noindex' };

/**
 * A page's head tags, from the content's `seo` and `seoPages` sections (or their defaults): one title,
 * the description, the canonical URL, Open Graph and Twitter card tags and the structured data.
 * Signed-in and admin pages are only titled and kept out of search engines.
 */
export function buildHead({ page, pageTitle, content, publicUrl }: HeadInput): HeadTags {
  const site = siteSeo(content);
  if (!page) {
    return { title: applyTitleTemplate(site, pageTitle), meta: [NOINDEX] };
  }
  const seo = pageSeo(content, site, page);
  const meta: MetaTag[] = [{ name: 'description', content: seo.description }];
  if (page === NOT_FOUND_PAGE || !seo.indexable) {
    return { title: seo.title, meta: [...meta, NOINDEX] };
  }

  const canonical = `${siteOrigin(publicUrl)}${page}`;
  const image = absoluteUrl(publicUrl, seo.shareImage);
  meta.push(
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.siteName },
    { property: 'og:locale', content: 'en_US' },
    ...(image ? [{ property: 'og:image', content: image }, ...imageFacts(seo.shareImage)] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  );
  if (site.googleVerification) {
    meta.push({ name: 'google-site-verification', content: site.googleVerification });
  }
  const heroImage = page === '/' ? textOf(entriesOf(content, 'banner')[0], 'imageOne') : undefined;
  return {
    title: seo.title,
    meta,
    canonical,
    // A breadcrumb is the page's short name ("Services"), not its search title.
    jsonLd: structuredData({
      page,
      pageName: PAGE_FACTS.find((facts) => facts.path === page)?.name ?? seo.name,
      content,
      site,
      publicUrl,
    }),
    ...(heroImage && absoluteUrl(publicUrl, heroImage) ? heroTags(content, heroImage) : {}),
  };
}

function heroTags(
  content: ContentSnapshot | undefined,
  url: string,
): Pick<HeadTags, 'heroImage' | 'heroImageSet'> {
  const { imageSrcSet, imageSizes } = content ? heroImagePreload(content, url) : {};
  return imageSrcSet && imageSizes
    ? {
        heroImage: url,
        heroImageSet: { srcSet: imageSrcSet, sizes: imageSizes, type: 'image/avif' },
      }
    : { heroImage: url };
}
