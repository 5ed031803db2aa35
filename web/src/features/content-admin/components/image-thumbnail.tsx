import { imageSizeFromUrl } from '@contracts/content';
import { useState } from 'react';

/** Whether a stored image value can be shown: an http(s) URL or a path on this site. */
export function isShowableImage(value: string | undefined): value is string {
  return Boolean(value && (/^https?:\/\/\S+$/i.test(value) || /^\/(?![/\\])\S*$/.test(value)));
}

export interface ImageThumbnailProps {
  src: string;
  alt: string;
  /** The box the image is fitted into, in CSS pixels. */
  width?: number;
  height?: number;
}

/**
 * A small preview of an image field's value, fitted into a fixed box (so rows do not jump while
 * it loads); says so when the address does not load.
 */
export function ImageThumbnail({ src, alt, width = 96, height = 64 }: ImageThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <span className="content-thumb content-thumb--broken" style={{ width, height }}>
        Image not found
      </span>
    );
  }
  const intrinsic = imageSizeFromUrl(src);
  const fit = intrinsic ? fitInto(intrinsic, width, height) : { width, height };
  return (
    <span className="content-thumb" style={{ width, height }}>
      <img
        src={src}
        alt={alt}
        width={fit.width}
        height={fit.height}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
      />
    </span>
  );
}

/** The size of an image scaled down (never up) to fit a box, keeping its proportions. */
function fitInto(size: { width: number; height: number }, width: number, height: number) {
  const scale = Math.min(1, width / size.width, height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
