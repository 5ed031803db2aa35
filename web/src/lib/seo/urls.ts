/** PUBLIC_URL as the pages use it: no trailing slash. */
export function siteOrigin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/**
 * An absolute http(s) URL for a content URL (a site path such as `/uploads/a.webp` or an absolute
 * URL); `undefined` for anything else (no `javascript:` share image).
 */
export function absoluteUrl(publicUrl: string, href: string | undefined): string | undefined {
  if (!href) return undefined;
  if (/^https?:\/\/[^\s]+$/i.test(href)) return href;
  if (/^\/(?![/\\])\S*$/.test(href)) return `${siteOrigin(publicUrl)}${href}`;
  return undefined;
}
