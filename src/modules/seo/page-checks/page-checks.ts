import {
  type CheckStatus,
  PAGE_CHECKS,
  type PageCheck,
  type PageCheckId,
} from '../../../contracts/seo/page-checks.js';
import {
  fitLine,
  SNIPPET_DESCRIPTION,
  SNIPPET_TITLE,
  type SnippetLine,
} from '../../../contracts/seo/text-width.js';
import { metaOf, type PageFacts } from './page-facts.js';
import { SCHEMA_TYPES } from './schema-types.js';

/** The smallest share image the big link cards show whole (Open Graph, X's summary_large_image). */
export const SHARE_IMAGE_MIN = { width: 1200, height: 630 };
/** Fewer words than this on a page meant to rank (home, services) is thin content. */
export const MIN_WORDS = 300;

/** What the checks know of the page besides its HTML. */
export interface PageCheckContext {
  /** The page's own absolute URL (its canonical). */
  url: string;
  /** Whether the page's Page SEO entry gives it a description of its own (else it shows a default). */
  ownDescription: boolean;
  /** The page is meant to rank on its text: fewer than MIN_WORDS words is a warning. */
  needsWords: boolean;
  /** The share image's size, when the content knows it (a media manifest, a sized upload name). */
  imageSize(url: string): { width: number; height: number } | undefined;
  /** The site paths the page links to that the site answers with its not-found page. */
  brokenLinks: readonly string[];
  /** The site paths the page links to (distinct, without query or fragment). */
  internalLinks: readonly string[];
}

type Outcome = { status: CheckStatus; reason: string; details?: string[] };

const check = (id: PageCheckId, outcome: Outcome): PageCheck => ({
  id,
  label: PAGE_CHECKS[id].label,
  weight: PAGE_CHECKS[id].weight,
  details: [],
  ...outcome,
});

const px = (width: number) => `${Math.round(width)}px`;

/** The checks of one rendered page, in PAGE_CHECK_IDS order. */
export function checkPage(facts: PageFacts, context: PageCheckContext): PageCheck[] {
  const noindex = /\bnoindex\b/i.test(metaOf(facts, 'robots') ?? '');
  return [
    check('title', titleCheck(facts)),
    check('description', descriptionCheck(facts, context)),
    check('h1', h1Check(facts)),
    check('imageAlt', imageAltCheck(facts)),
    check('shareImage', noindex ? NOT_INDEXED : shareImageCheck(facts, context)),
    check('canonical', noindex ? NOT_INDEXED : canonicalCheck(facts, context)),
    check('structuredData', noindex ? NOT_INDEXED : structuredDataCheck(facts)),
    check('internalLinks', internalLinksCheck(context)),
    check('wordCount', noindex ? NOT_INDEXED : wordCountCheck(facts, context)),
  ];
}

const NOT_INDEXED: Outcome = {
  status: 'pass',
  reason: 'The page is kept out of search results (noindex): not needed.',
};

/** A snippet line's length: cut by a search result, or shorter than a third of what it could show. */
function lengthOutcome(text: string, line: SnippetLine, what: string): Outcome {
  const fitted = fitLine(text, line);
  const width = `${px(fitted.widthPx)} of ${px(line.maxWidthPx)}`;
  if (fitted.truncated) {
    return {
      status: 'warn',
      reason: `The ${what} is ${width}: search results cut it to “${fitted.text}”.`,
    };
  }
  if (fitted.widthPx < line.maxWidthPx / 3) {
    return {
      status: 'warn',
      reason: `The ${what} is short (${width}): it leaves most of the result's line unused.`,
    };
  }
  return { status: 'pass', reason: `The ${what} fits a search result (${width}).` };
}

function titleCheck(facts: PageFacts): Outcome {
  if (facts.titles.length > 1) {
    return {
      status: 'fail',
      reason: `The page has ${facts.titles.length} titles.`,
      details: facts.titles,
    };
  }
  const title = facts.titles[0]?.trim();
  if (!title) return { status: 'fail', reason: 'The page has no title.' };
  return lengthOutcome(title, SNIPPET_TITLE, 'title');
}

function descriptionCheck(facts: PageFacts, context: PageCheckContext): Outcome {
  const descriptions = facts.meta.get('description') ?? [];
  if (descriptions.length > 1) {
    return { status: 'fail', reason: `The page has ${descriptions.length} meta descriptions.` };
  }
  const description = descriptions[0]?.trim();
  if (!description) return { status: 'fail', reason: 'The page has no meta description.' };
  if (!context.ownDescription) {
    return {
      status: 'fail',
      reason:
        'The page has no description of its own (Page SEO): it shows a default one, which search ' +
        'engines often replace with text of their choosing.',
      details: [description],
    };
  }
  return lengthOutcome(description, SNIPPET_DESCRIPTION, 'description');
}

function h1Check({ h1s }: PageFacts): Outcome {
  if (h1s.length === 1) return { status: 'pass', reason: 'The page has one H1.', details: h1s };
  if (h1s.length === 0) return { status: 'fail', reason: 'The page has no H1 heading.' };
  return {
    status: 'fail',
    reason: `The page has ${h1s.length} H1 headings: it should have one.`,
    details: h1s,
  };
}

function imageAltCheck({ images }: PageFacts): Outcome {
  const missing = images.filter((image) => image.alt === undefined).map((image) => image.src);
  if (missing.length > 0) {
    return {
      status: 'fail',
      reason: `${missing.length} of ${images.length} images have no alt attribute.`,
      details: missing,
    };
  }
  return {
    status: 'pass',
    reason:
      images.length === 0
        ? 'The page shows no images.'
        : `All ${images.length} images have an alt attribute (empty for decorative ones).`,
  };
}

function shareImageCheck(facts: PageFacts, context: PageCheckContext): Outcome {
  const image = metaOf(facts, 'og:image')?.trim();
  if (!image) return { status: 'fail', reason: 'The page has no share image (og:image).' };
  const width = Number(metaOf(facts, 'og:image:width'));
  const height = Number(metaOf(facts, 'og:image:height'));
  const size = width > 0 && height > 0 ? { width, height } : context.imageSize(image);
  if (!size) {
    return {
      status: 'warn',
      reason: `The share image's size is not known: make sure it is at least ${SHARE_IMAGE_MIN.width}×${SHARE_IMAGE_MIN.height}.`,
      details: [image],
    };
  }
  const sized = `${size.width}×${size.height}`;
  if (size.width < SHARE_IMAGE_MIN.width || size.height < SHARE_IMAGE_MIN.height) {
    return {
      status: 'fail',
      reason: `The share image is ${sized}: link cards need at least ${SHARE_IMAGE_MIN.width}×${SHARE_IMAGE_MIN.height}.`,
      details: [image],
    };
  }
  return { status: 'pass', reason: `The share image is ${sized}.`, details: [image] };
}

function canonicalCheck({ canonicals }: PageFacts, { url }: PageCheckContext): Outcome {
  if (canonicals.length === 0) return { status: 'fail', reason: 'The page has no canonical link.' };
  if (canonicals.length > 1) {
    return {
      status: 'fail',
      reason: `The page has ${canonicals.length} canonical links.`,
      details: canonicals,
    };
  }
  if (canonicals[0] !== url) {
    return {
      status: 'fail',
      reason: `The canonical link points at ${canonicals[0]}, not at the page (${url}).`,
    };
  }
  return {
    status: 'pass',
    reason: `The canonical link points at the page itself.`,
    details: canonicals,
  };
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every node with an `@type` in a JSON-LD value, nested ones included. */
function typedNodes(value: unknown, into: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(value)) for (const item of value) typedNodes(item, into);
  else if (isObject(value)) {
    if ('@type' in value) into.push(value);
    for (const [key, child] of Object.entries(value))
      if (key !== '@context') typedNodes(child, into);
  }
  return into;
}

function structuredDataCheck({ jsonLd }: PageFacts): Outcome {
  if (jsonLd.length === 0) {
    return { status: 'warn', reason: 'The page has no structured data (JSON-LD).' };
  }
  const problems: string[] = [];
  const types = new Set<string>();
  jsonLd.forEach((text, index) => {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      problems.push(`JSON-LD script ${index + 1} is not valid JSON.`);
      return;
    }
    for (const node of typedNodes(data)) {
      const nodeTypes = ([] as unknown[]).concat(node['@type']);
      for (const type of nodeTypes) {
        if (typeof type !== 'string' || !(type in SCHEMA_TYPES)) {
          problems.push(`Unknown schema.org type ${JSON.stringify(type)}.`);
          continue;
        }
        types.add(type);
        const missing = SCHEMA_TYPES[type]!.filter((property) => node[property] === undefined);
        if (missing.length > 0) problems.push(`${type} lacks ${missing.join(', ')}.`);
      }
    }
  });
  if (problems.length > 0) {
    return { status: 'fail', reason: problems[0]!, details: problems };
  }
  return {
    status: 'pass',
    reason: `The structured data parses and uses known types: ${[...types].join(', ')}.`,
    details: [...types],
  };
}

function internalLinksCheck({ internalLinks, brokenLinks }: PageCheckContext): Outcome {
  if (brokenLinks.length > 0) {
    return {
      status: 'fail',
      reason: `${brokenLinks.length} internal links lead to a page that does not exist.`,
      details: [...brokenLinks],
    };
  }
  if (internalLinks.length === 0) {
    return { status: 'warn', reason: 'The page links to no other page of the site.' };
  }
  return {
    status: 'pass',
    reason: `The page links to ${internalLinks.length} pages of the site, none broken.`,
    details: [...internalLinks],
  };
}

function wordCountCheck({ words }: PageFacts, { needsWords }: PageCheckContext): Outcome {
  if (needsWords && words < MIN_WORDS) {
    return {
      status: 'warn',
      reason: `The page has ${words} words: a page meant to rank needs ${MIN_WORDS} or more.`,
    };
  }
  return { status: 'pass', reason: `The page has ${words} words.` };
}

/**
 * The site paths among a page's links (`href`s resolved against its URL): on the page's origin, not
 * a file (an upload, the API, a built asset, robots.txt…), without query or fragment, each once.
 */
export function sitePathsOf(links: readonly string[], pageUrl: string): string[] {
  const { origin } = new URL(pageUrl);
  const paths = new Set<string>();
  for (const href of links) {
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (/^\/(api|uploads|assets)\//.test(url.pathname)) continue;
    if (/\.[a-z0-9]{2,5}$/i.test(url.pathname)) continue;
    paths.add(url.pathname);
  }
  return [...paths];
}
