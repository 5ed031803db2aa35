// No zod here: the public pages' images import this without the schemas.

/** Reads the intrinsic size from an image URL named `…-<width>x<height>.<ext>`, when it is. */
export function imageSizeFromUrl(url: string): { width: number; height: number } | undefined {
  const match = /-(\d{1,5})x(\d{1,5})\.(?:jpe?g|png|webp|svg)(?:[?#].*)?$/i.exec(url);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}
