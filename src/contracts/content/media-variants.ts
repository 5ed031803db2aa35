// No zod here: the public pages' images import this without the schemas.

/** The address of an uploaded image as POST /api/media names it: `/uploads/<hash>[-<w>x<h>].<ext>`. */
export const UPLOADED_IMAGE_URL =
  /^\/uploads\/([0-9a-f]{16}(?:-[1-9]\d{0,4}x[1-9]\d{0,4})?\.(?:jpg|png|webp|svg))$/;

/** The formats responsive variants are made in, best first. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The widths variants are made at, when narrower than the image (an image is never upscaled). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** One responsive variant of an uploaded image. */
export interface MediaVariant {
  width: number;
  height: number;
  format: VariantFormat;
  /** Its URL, `/uploads/<name>`. */
  url: string;
  /** Its size in bytes. */
  size: number;
}

/** What the public pages know of an uploaded image whose variants are made. */
export interface ResponsiveImage {
  width: number;
  height: number;
  variants: MediaVariant[];
}

/** The images the content shows that have responsive variants, by their URL (`/uploads/<name>`). */
export type MediaManifest = Record<string, ResponsiveImage>;

/** Where an image's variants stand: being made, made, or given up (with the reason). */
export const VARIANTS_STATUSES = ['pending', 'ready', 'failed'] as const;
export type VariantsStatus = (typeof VARIANTS_STATUSES)[number];

/** `/uploads/a.webp 640w, /uploads/b.webp 960w`: the variants of one format, narrowest first. */
export function srcSetOf(variants: readonly MediaVariant[], format: VariantFormat): string {
  return variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}
