import { createHash } from 'node:crypto';
import type { ImageExtension } from './image-types.js';

/**
 * The names this module gives stored files: `<sha256, 16 hex>[-<w>x<h>].<ext>`; a responsive variant
 * (see variantName) is named the same way, in WebP or AVIF.
 */
export const STORED_NAME =
  /^[0-9a-f]{16}(?:-[1-9]\d{0,4}x[1-9]\d{0,4})?\.(?:jpg|png|webp|svg|avif)$/;

/** A size worth writing into a name: whole pixels, 1 to 99999 each way (what the URL pattern reads). */
export function nameableSize(
  size: { width: number; height: number } | undefined,
): { width: number; height: number } | undefined {
  const fits = (n: number) => Number.isInteger(n) && n >= 1 && n <= 99_999;
  return size && fits(size.width) && fits(size.height) ? size : undefined;
}

/**
 * The stored name of a file: the first 16 hex digits of its SHA-256 (so identical uploads share one
 * file, and a name never changes content, which lets it be cached for good), then its size when known
 * (`-1200x800`, so pages can reserve the space from the URL), then the extension of its type.
 */
export function mediaName(
  bytes: Uint8Array,
  ext: ImageExtension,
  size?: { width: number; height: number },
): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const known = nameableSize(size);
  return known ? `${hash}-${known.width}x${known.height}.${ext}` : `${hash}.${ext}`;
}

/**
 * The name of a responsive variant of a stored image: the image's hash, the variant's size and its
 * format (`<hash>-640x427.avif`). Deterministic, so a variant made twice lands on one name. It is the
 * image's own name only for a WebP image at its own width: that variant is the image itself, never made.
 */
export function variantName(
  storedName: string,
  size: { width: number; height: number },
  format: 'webp' | 'avif',
): string {
  return `${storedName.slice(0, 16)}-${size.width}x${size.height}.${format}`;
}
