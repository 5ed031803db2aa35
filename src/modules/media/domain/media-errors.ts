import {
  BadRequestException,
  PayloadTooLargeException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';

export const MEDIA_MESSAGES = {
  unsupportedType: 'Only JPEG, PNG, WebP and SVG images can be uploaded.',
  unreadableImage: 'The file is damaged: its width and height cannot be read.',
  svgEntities: 'SVG files with <!ENTITY> declarations are not accepted: export the SVG again.',
  svgNamespace:
    'The SVG has no SVG namespace: its root must be <svg xmlns="http://www.w3.org/2000/svg">.',
  notMultipart: 'Send the image as multipart/form-data, in one file field named "file".',
  noFile: 'No file: send the image in a file field named "file".',
  onlyOneFile: 'Send one file only, in a file field named "file" (no other fields).',
  malformed: 'The multipart/form-data body is malformed.',
  animatedPng: 'Animated PNGs are not accepted: upload an animated WebP, or a still PNG.',
  tooManyPixels: (width: number, height: number, maxPixels: number) =>
    `The image has too many pixels${width > 0 ? ` (${width} × ${height})` : ''}: images can have at most ` +
    `${maxPixels / 1_000_000} megapixels. Scale it down before uploading it.`,
  tooLarge: (maxBytes: number) =>
    `The file is too large: images can be at most ${bytes(maxBytes)}.`,
} as const;

/** 5242880 → "5 MiB", 4096 → "4 KiB", 1000 → "1000 bytes". */
export function bytes(count: number): string {
  for (const [unit, size] of [
    ['MiB', 1024 * 1024],
    ['KiB', 1024],
  ] as const) {
    if (count >= size && count % size === 0) return `${count / size} ${unit}`;
    if (count >= size * 10) return `${(count / size).toFixed(1)} ${unit}`;
  }
  return `${count} bytes`;
}

export const unsupportedMediaType = (message: string = MEDIA_MESSAGES.unsupportedType) =>
  new UnsupportedMediaTypeException(message);
export const fileTooLarge = (maxBytes: number) =>
  new PayloadTooLargeException(MEDIA_MESSAGES.tooLarge(maxBytes));
export const badUpload = (message: string) => new BadRequestException(message);
export const imageTooLarge = (message: string) => new UnprocessableEntityException(message);
