import { htmlParser } from '../../../platform/html/html-parser.js';

/** What the check reads from a page's HTML (all of it text: nothing of the page is ever rendered). */
export interface PageFacts {
  titles: string[];
  descriptions: string[];
  headings: { level: number; text: string }[];
  canonicals: string[];
  robotsMeta: string[];
  viewport: string | undefined;
  /** `og:*` properties, first value of each. */
  openGraph: Record<string, string>;
  jsonLd: { types: string[]; error?: string }[];
  images: { src: string; hasAlt: boolean }[];
  /** Every `<a href>` as written. */
  links: string[];
  lang: string | undefined;
}

const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const MAX_TEXT = 300;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);

/** The `@type`s of a JSON-LD value, `@graph` members included. */
function jsonLdTypes(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) jsonLdTypes(item, into);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const type = record['@type'];
    if (typeof type === 'string') into.push(type);
    else if (Array.isArray(type))
      into.push(...type.filter((t): t is string => typeof t === 'string'));
    if (record['@graph']) jsonLdTypes(record['@graph'], into);
  }
  return into;
}

/** Reads the facts of an HTML document in one pass (htmlparser2, forgiving like a browser). */
export function readPageFacts(html: string): PageFacts {
  const facts: PageFacts = {
    titles: [],
    descriptions: [],
    headings: [],
    canonicals: [],
    robotsMeta: [],
    viewport: undefined,
    openGraph: {},
    jsonLd: [],
    images: [],
    links: [],
    lang: undefined,
  };
  /** The element whose text is being collected: a title, a heading or a JSON-LD script. */
  let capture: { kind: 'title' | 'heading' | 'json-ld'; level: number; text: string } | undefined;
  let depthInSvg = 0;

  const Parser = htmlParser();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg') depthInSvg++;
        if (name === 'html' && attributes.lang) facts.lang = attributes.lang;
        if (name === 'title' && depthInSvg === 0) capture = { kind: 'title', level: 0, text: '' };
        const level = HEADINGS[name];
        if (level) capture = { kind: 'heading', level, text: '' };
        if (name === 'script' && attributes.type?.trim().toLowerCase() === 'application/ld+json') {
          capture = { kind: 'json-ld', level: 0, text: '' };
        }
        if (name === 'meta') {
          const key = (attributes.name ?? attributes.property ?? '').trim().toLowerCase();
          const content = attributes.content ?? '';
          if (key === 'description') facts.descriptions.push(clean(content));
          if (key === 'robots' || key === 'googlebot') facts.robotsMeta.push(clean(content));
          if (key === 'viewport') facts.viewport ??= clean(content);
          if (key.startsWith('og:') && !(key in facts.openGraph)) {
            facts.openGraph[key] = clean(content);
          }
        }
        if (name === 'link') {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.includes('canonical') && attributes.href) facts.canonicals.push(attributes.href);
        }
        if (name === 'img') {
          facts.images.push({ src: clean(attributes.src ?? ''), hasAlt: 'alt' in attributes });
        }
        if (name === 'a' && attributes.href) facts.links.push(attributes.href.trim());
      },
      ontext(text) {
        if (capture) capture.text += text;
      },
      onclosetag(name) {
        if (name === 'svg' && depthInSvg > 0) depthInSvg--;
        if (!capture) return;
        if (capture.kind === 'title' && name === 'title') {
          facts.titles.push(clean(capture.text));
          capture = undefined;
        } else if (capture.kind === 'heading' && HEADINGS[name] === capture.level) {
          facts.headings.push({ level: capture.level, text: clean(capture.text) });
          capture = undefined;
        } else if (capture.kind === 'json-ld' && name === 'script') {
          try {
            facts.jsonLd.push({ types: jsonLdTypes(JSON.parse(capture.text)) });
          } catch (error) {
            facts.jsonLd.push({
              types: [],
              error: error instanceof Error ? error.message : 'not JSON',
            });
          }
          capture = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return facts;
}
