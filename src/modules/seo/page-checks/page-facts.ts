import { htmlParser } from '../../../platform/html/html-parser.js';

/** What the checks read of a page's HTML, gathered in one pass of htmlparser2. */
export interface PageFacts {
  /** Every `<title>` of the head, as text. */
  titles: string[];
  /** Every `<meta name="…">` and `<meta property="…">`, by lower-cased name: their contents. */
  meta: Map<string, string[]>;
  /** Every `<link rel="canonical">`'s href. */
  canonicals: string[];
  /** The text of each `<h1>`. */
  h1s: string[];
  /** Every `<img>`: its src and alt (undefined: no alt attribute at all). */
  images: { src: string; alt: string | undefined }[];
  /** Every `<a href>`'s href. */
  links: string[];
  /** The text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** The words of the page's visible text (of `<main>` when there is one, else of `<body>`). */
  words: number;
}

/** Elements whose text is never shown. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);

const countWords = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;

export function pageFacts(html: string): PageFacts {
  const facts: PageFacts = {
    titles: [],
    meta: new Map(),
    canonicals: [],
    h1s: [],
    images: [],
    links: [],
    jsonLd: [],
    words: 0,
  };
  const open: string[] = [];
  let hidden = 0;
  let inMain = 0;
  let sawMain = false;
  let bodyWords = 0;
  let mainWords = 0;
  /** The text being collected for the element that asked for it (title, h1, JSON-LD script). */
  let capture: { tag: string; depth: number; text: string; into: string[] } | undefined;

  const Parser = htmlParser();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        open.push(name);
        if (HIDDEN.has(name)) hidden += 1;
        if (name === 'main') {
          inMain += 1;
          sawMain = true;
        }
        if (name === 'meta') {
          const key = (attributes.name ?? attributes.property)?.toLowerCase();
          if (key) facts.meta.set(key, [...(facts.meta.get(key) ?? []), attributes.content ?? '']);
        } else if (
          name === 'link' &&
          attributes.rel?.toLowerCase().split(/\s+/).includes('canonical')
        ) {
          facts.canonicals.push(attributes.href ?? '');
        } else if (name === 'img') {
          facts.images.push({ src: attributes.src ?? '', alt: attributes.alt });
        } else if (name === 'a' && attributes.href !== undefined) {
          facts.links.push(attributes.href);
        }
        if (capture) return;
        if (name === 'title' && open.includes('head')) {
          capture = { tag: name, depth: open.length, text: '', into: facts.titles };
        } else if (name === 'h1') {
          capture = { tag: name, depth: open.length, text: '', into: facts.h1s };
        } else if (name === 'script' && attributes.type?.toLowerCase() === 'application/ld+json') {
          capture = { tag: name, depth: open.length, text: '', into: facts.jsonLd };
        }
      },
      ontext(text) {
        if (capture) capture.text += text;
        if (hidden > 0) return;
        const words = countWords(text);
        bodyWords += words;
        if (inMain > 0) mainWords += words;
      },
      onclosetag(name) {
        if (capture && capture.tag === name && capture.depth === open.length) {
          capture.into.push(
            capture.tag === 'script' ? capture.text : capture.text.replace(/\s+/g, ' ').trim(),
          );
          capture = undefined;
        }
        if (HIDDEN.has(name)) hidden -= 1;
        if (name === 'main') inMain -= 1;
        open.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  facts.words = sawMain ? mainWords : bodyWords;
  return facts;
}

/** The first content of a meta tag, by name or property. */
export function metaOf(facts: PageFacts, key: string): string | undefined {
  return facts.meta.get(key)?.[0];
}
