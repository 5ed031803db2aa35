import { imageSize } from 'image-size';
import type { ImageKind } from './image-types.js';
import { MEDIA_MESSAGES, unsupportedMediaType } from './media-errors.js';
import { parseSvg } from './svg.js';

export type SniffedImage =
  | { kind: Exclude<ImageKind, 'svg'> }
  /** The parsed document, for sanitising and reading the size. */
  | { kind: 'svg'; root: Element };

const RASTER_KINDS: Record<string, Exclude<ImageKind, 'svg'>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * What an upload is, from its bytes alone (never its name or the client's Content-Type): JPEG, PNG
 * or WebP by their signatures (file-type), else SVG when it parses as XML with an <svg> root. Anything
 * else is a 415, and so is an animated PNG (with the reason). file-type is read on the first upload
 * (a worker that never receives one never loads it).
 */
export async function sniffImage(bytes: Uint8Array): Promise<SniffedImage> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  // Stored images are re-encoded (clean-image.ts), which would keep an animated PNG's first frame only.
  if (detected?.mime === 'image/apng') throw unsupportedMediaType(MEDIA_MESSAGES.animatedPng);
  const raster = detected && RASTER_KINDS[detected.mime];
  if (raster) return { kind: raster };
  // SVG is text: file-type finds nothing, or XML when it starts with an XML declaration.
  if (detected === undefined || detected.mime === 'application/xml') {
    const root = await parseSvg(bytes);
    if (root) return { kind: 'svg', root };
  }
  throw unsupportedMediaType();
}

/**
 * Width and height of a JPEG, PNG or WebP as displayed (a JPEG's EXIF orientation 5-8 turns it a
 * quarter, so they swap). A file whose size cannot be read is not a usable image: 415.
 */
export function rasterSize(bytes: Uint8Array): { width: number; height: number } {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw unsupportedMediaType(MEDIA_MESSAGES.unreadableImage);
  }
  const { width, height, orientation = 1 } = size;
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}
