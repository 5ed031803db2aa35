/** The image types an upload may be: what is stored, under which extension and Content-Type. */
export const IMAGE_TYPES = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  svg: { ext: 'svg', contentType: 'image/svg+xml' },
} as const;

export type ImageKind = keyof typeof IMAGE_TYPES;
export type ImageExtension = (typeof IMAGE_TYPES)[ImageKind]['ext'];
