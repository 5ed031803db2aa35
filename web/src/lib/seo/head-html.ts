import { type HeadTags, type MetaTag } from './head';
import { escapeHtml, jsonForScript } from './json-script';

/** Marks the elements the SPA replaces when it moves to another page (`apply-head.ts`). */
export const MANAGED_ATTRIBUTE = 'data-head';

function metaHtml(tag: MetaTag): string {
  const key =
    'name' in tag ? `name="${escapeHtml(tag.name)}"` : `property="${escapeHtml(tag.property)}"`;
  return `<meta ${key} content="${escapeHtml(tag.content)}" ${MANAGED_ATTRIBUTE}>`;
}

/** The head tags as HTML, for the server-rendered page. */
export function headHtml(tags: HeadTags): string {
  const parts = [`<title>${escapeHtml(tags.title)}</title>`, ...tags.meta.map(metaHtml)];
  if (tags.canonical) {
    parts.push(`<link rel="canonical" href="${escapeHtml(tags.canonical)}" ${MANAGED_ATTRIBUTE}>`);
  }
  if (tags.heroImageSet) {
    // The variants the banner's <picture> offers first: a browser that takes AVIF preloads the very
    // file it will show, one that does not skips the preload (type) rather than fetch a second image.
    const { srcSet, sizes, type } = tags.heroImageSet;
    parts.push(
      `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcSet)}" ` +
        `imagesizes="${escapeHtml(sizes)}" type="${type}" fetchpriority="high">`,
    );
  } else if (tags.heroImage) {
    parts.push(
      `<link rel="preload" as="image" href="${escapeHtml(tags.heroImage)}" fetchpriority="high">`,
    );
  }
  if (tags.jsonLd) {
    parts.push(
      `<script type="application/ld+json" ${MANAGED_ATTRIBUTE}>${jsonForScript(tags.jsonLd)}</script>`,
    );
  }
  return parts.join('\n    ');
}
