import { imageSizeFromUrl } from '@contracts/content/image-size';
import { type ResponsiveImage, srcSetOf } from '@contracts/content/media-variants';
import { useContent } from '../api/get-content';
import { isSafeContentUrl } from './content-link';
import './site-content.css';

export interface ContentImageProps {
  src: string | undefined;
  /** From the nearest title; empty for an image that only decorates the text beside it. */
  alt: string;
  className?: string;
  /**
   * The one image above the fold (the banner): loaded first instead of lazily (the server's head
   * preloads it, with its variants: lib/seo/hero-image.ts).
   */
  priority?: boolean;
  /**
   * How wide the image is shown, for the browser to pick a variant (`sizes`); by default at most its
   * own width (the CSS never stretches an image beyond it).
   */
  sizes?: string;
}

/** The `srcset` of one format: its variants, and the image itself at its width when none is as wide. */
function srcSet(src: string, image: ResponsiveImage, format: 'avif' | 'webp'): string {
  const own = srcSetOf(image.variants, format);
  const widest = Math.max(
    0,
    ...image.variants.filter((v) => v.format === format).map((v) => v.width),
  );
  if (format === 'avif' || widest >= image.width) return own;
  return [own, `${src} ${image.width}w`].filter(Boolean).join(', ');
}

/**
 * An image from the content API. Its width and height come from the content snapshot's media list or
 * its URL (`…-1200x900.svg`) when it names them, so the browser reserves the space; the CSS frames
 * around images reserve it otherwise. An uploaded image whose responsive variants are made (the
 * snapshot's `media`) is a <picture>: AVIF, then WebP (with the upload as the widest choice), from
 * which the browser takes the width `sizes` calls for.
 */
export function ContentImage({ src, alt, className, priority = false, sizes }: ContentImageProps) {
  const media = useContent().data?.media;
  if (!src || !isSafeContentUrl(src)) return null;
  const responsive = media?.[src];
  const size = responsive ?? imageSizeFromUrl(src);
  const loading = {
    loading: priority ? 'eager' : 'lazy',
    // A variant (AVIF) takes a while to decode: not in the frame that paints the text beside it.
    decoding: priority && !responsive ? 'auto' : 'async',
    fetchPriority: priority ? 'high' : undefined,
  } as const;
  if (!responsive) {
    return (
      <img
        src={src}
        alt={alt}
        width={size?.width}
        height={size?.height}
        className={className}
        {...loading}
      />
    );
  }
  const shownAt = sizes ?? `(max-width: ${responsive.width}px) 100vw, ${responsive.width}px`;
  const avif = srcSet(src, responsive, 'avif');
  return (
    <picture className="sc-picture">
      {avif && <source type="image/avif" srcSet={avif} sizes={shownAt} />}
      <img
        src={src}
        srcSet={srcSet(src, responsive, 'webp')}
        sizes={shownAt}
        alt={alt}
        width={responsive.width}
        height={responsive.height}
        className={className}
        {...loading}
      />
    </picture>
  );
}
