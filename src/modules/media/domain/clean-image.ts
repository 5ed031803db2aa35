import type { Sharp } from 'sharp';
import type { ImageKind } from './image-types.js';
import { imageTooLarge, MEDIA_MESSAGES, unsupportedMediaType } from './media-errors.js';

/**
 * The most pixels an uploaded raster image may have (a 48-megapixel phone photo fits). Checked on the
 * size its header declares before anything is decoded, and again by sharp's own limit while decoding:
 * a 20000 × 20000 PNG of a few kilobytes would otherwise take gigabytes of memory to decode.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** A raster image as stored: re-encoded, with its displayed size. */
export interface CleanImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** More than one frame (an animated WebP): kept whole, and no variants are made of it. */
  animated: boolean;
}

/** Refuses an image whose declared size is beyond MAX_IMAGE_PIXELS (422), before decoding it. */
export function assertDecodable(size: { width: number; height: number }): void {
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw imageTooLarge(MEDIA_MESSAGES.tooManyPixels(size.width, size.height, MAX_IMAGE_PIXELS));
  }
}

/**
 * sharp on untrusted bytes: the pixel limit, and a damaged file refused rather than half-read. sharp
 * (and libvips, ≈ 8 MB resident) is read at the first image, not by every process at start-up.
 */
export async function openImage(
  bytes: Uint8Array,
  options: { animated?: boolean } = {},
): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  return sharp(bytes, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    failOn: 'error',
    animated: options.animated ?? false,
  });
}

/**
 * Re-encodes an uploaded JPEG, PNG or WebP in its own format without its metadata: EXIF (the place
 * and time a phone photo was taken, the camera), XMP and comments are dropped; the ICC profile is
 * turned into sRGB; the EXIF orientation is applied to the pixels, so the image shows the same way
 * everywhere without it. An animated WebP keeps its frames (and gets no variants); any other image
 * with several frames is refused (415). Animated PNGs are refused before (sniff-image.ts).
 */
export async function cleanImage(
  bytes: Uint8Array,
  kind: Exclude<ImageKind, 'svg'>,
): Promise<CleanImage> {
  let pages: number;
  try {
    pages = (await (await openImage(bytes)).metadata()).pages ?? 1;
  } catch {
    throw unsupportedMediaType(MEDIA_MESSAGES.unreadableImage);
  }
  const animated = pages > 1;
  if (animated && kind !== 'webp') throw unsupportedMediaType(MEDIA_MESSAGES.animatedPng);
  const image = (await openImage(bytes, { animated })).autoOrient();
  const encoded =
    kind === 'jpeg'
      ? image.jpeg({ quality: 85, mozjpeg: true })
      : kind === 'png'
        ? image.png()
        : image.webp({ quality: 85 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      width: info.width,
      height: animated ? (info.pageHeight ?? info.height) : info.height,
      animated,
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw imageTooLarge(MEDIA_MESSAGES.tooManyPixels(0, 0, MAX_IMAGE_PIXELS));
    }
    throw unsupportedMediaType(MEDIA_MESSAGES.unreadableImage);
  }
}
