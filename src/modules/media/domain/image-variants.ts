import {
  type MediaVariant,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  type VariantFormat,
} from '../../../contracts/content/index.js';
import { openImage } from './clean-image.js';
import { variantName } from './media-name.js';

/** One variant to make: its name, size and format. */
export interface PlannedVariant {
  key: string;
  width: number;
  height: number;
  format: VariantFormat;
}

/**
 * The variants of a stored image `width` × `height` pixels: each of VARIANT_WIDTHS narrower than the
 * image (never upscaled), plus the image's own width when it is within the largest (so the largest
 * choice of `srcset` is never worse than the upload), in AVIF and WebP. A WebP image at its own width
 * is the image itself, so that one is not made.
 */
export function planVariants(
  storedName: string,
  contentType: string,
  width: number,
  height: number,
): PlannedVariant[] {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const widths: number[] = VARIANT_WIDTHS.filter((each) => each < width);
  if (width <= largest) widths.push(width);
  return VARIANT_FORMATS.flatMap((format) =>
    widths
      .filter((each) => !(each === width && format === 'webp' && contentType === 'image/webp'))
      .map((each) => {
        const size = { width: each, height: Math.max(1, Math.round((height * each) / width)) };
        return { key: variantName(storedName, size, format), ...size, format };
      }),
  );
}

/**
 * Encodes one variant of a stored (already cleaned) image: resized, no metadata. AVIF at effort 2 of 9:
 * the default (4) takes seconds per photo on one core for a few percent less.
 */
export async function encodeVariant(
  original: Uint8Array,
  planned: PlannedVariant,
): Promise<Buffer> {
  const resized = (await openImage(original)).resize(planned.width, planned.height, {
    fit: 'fill',
  });
  return planned.format === 'avif'
    ? resized.avif({ quality: 55, effort: 2 }).toBuffer()
    : resized.webp({ quality: 80 }).toBuffer();
}

/** A variant as the `media` row records it (`variants`): its store key, size, format and bytes. */
export interface StoredVariant extends PlannedVariant {
  size: number;
}

export function storedVariant(planned: PlannedVariant, bytes: number): StoredVariant {
  const { key, width, height, format } = planned;
  return { key, width, height, format, size: bytes };
}

/** A recorded variant as the pages and the admins see it: with its URL. */
export function publicVariant({ key, width, height, format, size }: StoredVariant): MediaVariant {
  return { width, height, format, url: `/uploads/${key}`, size };
}
