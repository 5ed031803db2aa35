import { type HeadTags } from './head';
import { MANAGED_ATTRIBUTE } from './head-html';
import { jsonForScript } from './json-script';

/** Meta tags that come from the server's template and that the SPA takes over. */
const TEMPLATE_META = 'meta[name="description"], meta[name="robots"]';

/**
 * Brings `document.head` to the page's tags after a client-side navigation: the title, then the
 * managed meta, canonical and JSON-LD elements replaced as a whole (those of the template too).
 */
export function applyHead(document: Document, tags: HeadTags): void {
  if (document.title !== tags.title) document.title = tags.title;
  const head = document.head;
  const wanted: Element[] = [];
  for (const tag of tags.meta) {
    const meta = document.createElement('meta');
    if ('name' in tag) meta.name = tag.name;
    else meta.setAttribute('property', tag.property);
    meta.content = tag.content;
    wanted.push(meta);
  }
  if (tags.canonical) {
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = tags.canonical;
    wanted.push(link);
  }
  if (tags.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = jsonForScript(tags.jsonLd);
    wanted.push(script);
  }
  for (const element of wanted) element.setAttribute(MANAGED_ATTRIBUTE, '');

  const current = [...head.querySelectorAll(`[${MANAGED_ATTRIBUTE}], ${TEMPLATE_META}`)];
  const same =
    current.length === wanted.length &&
    current.every((element, index) => element.isEqualNode(wanted[index]!));
  if (same) return;
  for (const element of current) element.remove();
  head.append(...wanted);
}
