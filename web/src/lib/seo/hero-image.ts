import { type ContentSnapshot } from '@contracts/content';
import { srcSetOf } from '@contracts/content/media-variants';

/**
 * How wide the landing page's banner image is shown (banner-section.css): the second column of the
 * container (72rem) from 56rem up, else the whole width up to 36rem. The banner's `sizes` and its
 * preload's `imagesizes`: they must be the same for the browser to use what it preloaded.
 */
export const BANNER_IMAGE_SIZES = '(max-width: 56rem) min(100vw, 36rem), min(46vw, 32rem)';

/** What the banner's preload names: the image, and its AVIF variants when the content lists them. */
export interface HeroImagePreload {
  href: string;
  /** The AVIF `srcset` the banner's <picture> offers first, for `imagesrcset`. */
  imageSrcSet?: string;
  imageSizes?: string;
}

/** The preload of the banner image at `url`, from the snapshot's media list (see ContentImage). */
export function heroImagePreload(content: ContentSnapshot, url: string): HeroImagePreload {
  const variants = content.media?.[url]?.variants ?? [];
  const imageSrcSet = srcSetOf(variants, 'avif');
  return imageSrcSet ? { href: url, imageSrcSet, imageSizes: BANNER_IMAGE_SIZES } : { href: url };
}
