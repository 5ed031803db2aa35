import { imageSizeFromUrl } from '@contracts/content/image-size';
import { isSafeContentUrl } from './content-link';

export interface ContentImageProps {
  src: string | undefined;
  /** From the nearest title; empty for an image that only decorates the text beside it. */
  alt: string;
  className?: string;
  /** The one image above the fold (the banner): loaded first instead of lazily. */
  priority?: boolean;
}

/**
 * An image from the content API. Its width and height come from its URL (`…-1200x900.svg`) when it
 * names them, so the browser reserves the space; the CSS frames around images reserve it otherwise.
 */
export function ContentImage({ src, alt, className, priority = false }: ContentImageProps) {
  if (!src || !isSafeContentUrl(src)) return null;
  const size = imageSizeFromUrl(src);
  return (
    <img
      src={src}
      alt={alt}
      width={size?.width}
      height={size?.height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
