import { createRequire } from 'node:module';
import type { CheckOutcome, SeoCheckItem, SeoCheckReport } from '../../../contracts/seo-check.js';
import type { PageFacts } from './page-facts.js';

/**
 * robots-parser is CommonJS (`module.exports = function`) while its typings declare a default export:
 * required as it is, typed by its typings.
 */
const robotsParser = createRequire(import.meta.url)(
  'robots-parser',
) as typeof import('robots-parser').default;

/** The page as fetched (the fetcher's answer, reduced to what the analysis reads). */
export interface FetchedPage {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  redirects: { status: number; location: string }[];
  headers: Record<string, string | string[] | undefined>;
  responseMs: number;
  /** Decoded HTML bytes read (at most the fetcher's cap). */
  htmlBytes: number;
  /** Bytes on the wire (compressed, when it was). */
  transferBytes: number;
  truncated: boolean;
}

export interface LinkResult {
  url: string;
  /** The status, or why it could not be fetched. */
  status?: number;
  error?: string;
}

/** Everything the report is computed from. */
export interface CheckEvidence {
  page: FetchedPage;
  facts: PageFacts;
  /** robots.txt: its text when it answered 200, null when it is missing (4xx), undefined: unreachable. */
  robotsTxt: string | null | undefined;
  sitemap: { url: string; found: boolean; status?: number };
  links: { total: number; checked: LinkResult[] };
}

/** The published weights: they add up to 100 (a unit test holds them to it). */
export const CHECK_WEIGHTS = {
  status: 10,
  https: 10,
  title: 10,
  description: 8,
  headings: 8,
  canonical: 6,
  robots: 10,
  sitemap: 5,
  structuredData: 6,
  openGraph: 5,
  viewport: 6,
  imageAlt: 6,
  performance: 5,
  brokenLinks: 5,
} as const;
type CheckKey = keyof typeof CHECK_WEIGHTS;

const LABELS: Record<CheckKey, string> = {
  status: 'Status and redirects',
  https: 'HTTPS and HSTS',
  title: 'Title',
  description: 'Meta description',
  headings: 'Headings',
  canonical: 'Canonical URL',
  robots: 'Robots meta and robots.txt',
  sitemap: 'sitemap.xml',
  structuredData: 'Structured data',
  openGraph: 'Open Graph',
  viewport: 'Mobile viewport',
  imageAlt: 'Images without alt text',
  performance: 'Page weight and response time',
  brokenLinks: 'Broken links',
};

const WHY: Record<CheckKey, string> = {
  status:
    'Search engines index pages that answer 200. Every redirect costs a round trip and some crawl budget; temporary redirects (302/307) may keep the old address in the index.',
  https:
    'HTTPS is a ranking signal and browsers mark plain HTTP as not secure. HSTS makes browsers always use HTTPS, so nobody lands on an insecure copy.',
  title:
    'The title is the blue link in search results and the strongest on-page hint of what the page is about. Google cuts titles longer than about 60 characters.',
  description:
    'The meta description is often the snippet under the link: a good one (about 70-160 characters) earns clicks.',
  headings:
    'One H1 naming the topic, then H2/H3 in order, give search engines and screen readers the outline of the page.',
  canonical:
    'The canonical link tells search engines which address is the original, so duplicates (tracking parameters, http/https, www) do not split the ranking.',
  robots:
    'A noindex robots tag or a Disallow in robots.txt keeps the page out of search results: make sure that is intended. robots.txt also points crawlers to the sitemap.',
  sitemap:
    'A sitemap lists the pages you want found, so new and deep pages are discovered quickly.',
  structuredData:
    'JSON-LD structured data (Organization, Product, FAQ, Article…) makes pages eligible for rich results; broken JSON is ignored entirely.',
  openGraph:
    'Open Graph tags (og:title, og:description, og:image) decide how the page looks when shared on social networks and in chat apps.',
  viewport:
    'Without a responsive viewport the page is shown zoomed out on phones; Google indexes the mobile version first.',
  imageAlt:
    'Alt text describes images to search engines and to people using screen readers; image search depends on it.',
  performance:
    'Slow, heavy pages rank and convert worse (Core Web Vitals). The HTML alone should stay small and answer fast.',
  brokenLinks:
    'Links to missing pages waste crawl budget and frustrate visitors; search engines read many broken links as a neglected site.',
};

const item = (
  key: CheckKey,
  outcome: CheckOutcome,
  summary: string,
  details: string[] = [],
): SeoCheckItem => {
  const weight = CHECK_WEIGHTS[key];
  const points = outcome === 'pass' ? weight : outcome === 'warn' ? weight / 2 : 0;
  return { key, label: LABELS[key], outcome, summary, why: WHY[key], weight, points, details };
};

const header = (page: FetchedPage, name: string): string | undefined => {
  const value = page.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function statusItem(page: FetchedPage): SeoCheckItem {
  const chain = page.redirects.map((hop) => `${hop.status} → ${hop.location}`);
  const details = [...chain, `${page.status} ${page.finalUrl}`];
  if (page.status >= 400)
    return item('status', 'fail', `The page answers ${page.status}.`, details);
  if (page.status >= 300) {
    return item(
      'status',
      'fail',
      `The page answers ${page.status} without a usable redirect.`,
      details,
    );
  }
  const temporary = page.redirects.filter((hop) => hop.status === 302 || hop.status === 307);
  if (page.redirects.length > 1) {
    return item(
      'status',
      'warn',
      `${page.redirects.length} redirects before the page answers.`,
      details,
    );
  }
  if (temporary.length > 0) {
    return item('status', 'warn', 'The address redirects with a temporary redirect.', details);
  }
  return item(
    'status',
    'pass',
    page.redirects.length === 0
      ? `The page answers ${page.status} directly.`
      : `One permanent redirect, then ${page.status}.`,
    details,
  );
}

const HSTS_MIN_SECONDS = 15_552_000; // 180 days

function httpsItem(page: FetchedPage): SeoCheckItem {
  if (!page.finalUrl.startsWith('https:')) {
    return item('https', 'fail', 'The page is served over plain HTTP.');
  }
  const hsts = header(page, 'strict-transport-security');
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(hsts ?? '')?.[1] ?? NaN);
  if (!hsts) return item('https', 'warn', 'HTTPS, but no Strict-Transport-Security header.');
  if (!(maxAge >= HSTS_MIN_SECONDS)) {
    return item('https', 'warn', 'HTTPS with HSTS, but its max-age is under 180 days.', [hsts]);
  }
  return item('https', 'pass', 'HTTPS with HSTS.', [hsts]);
}

function lengthItem(
  key: 'title' | 'description',
  values: string[],
  range: { min: number; max: number },
  noun: string,
): SeoCheckItem {
  const [value] = values;
  if (!value) return item(key, 'fail', `The page has no ${noun}.`);
  if (values.length > 1) {
    return item(key, 'warn', `The page has ${values.length} ${noun}s; keep one.`, values);
  }
  const details = [`${value} (${value.length} characters)`];
  if (value.length < range.min) {
    return item(key, 'warn', `The ${noun} is short (${value.length} characters).`, details);
  }
  if (value.length > range.max) {
    return item(
      key,
      'warn',
      `The ${noun} is long (${value.length} characters): it will be cut.`,
      details,
    );
  }
  return item(key, 'pass', `A ${noun} of ${value.length} characters.`, details);
}

function headingsItem(facts: PageFacts): SeoCheckItem {
  const outline = facts.headings
    .filter((heading) => heading.level <= 3)
    .map((heading) => `${'  '.repeat(heading.level - 1)}H${heading.level} ${heading.text}`);
  const h1s = facts.headings.filter((heading) => heading.level === 1).length;
  if (h1s === 0) return item('headings', 'fail', 'The page has no H1 heading.', outline);
  const skipped = facts.headings.some(
    (heading, index) => index > 0 && heading.level > facts.headings[index - 1]!.level + 1,
  );
  if (h1s > 1) return item('headings', 'warn', `${h1s} H1 headings; one is clearer.`, outline);
  if (skipped) return item('headings', 'warn', 'One H1, but a heading level is skipped.', outline);
  return item('headings', 'pass', 'One H1 and headings in order.', outline);
}

function canonicalItem(page: FetchedPage, facts: PageFacts): SeoCheckItem {
  if (facts.canonicals.length === 0) {
    return item('canonical', 'warn', 'No canonical link: search engines pick one themselves.');
  }
  if (facts.canonicals.length > 1) {
    return item(
      'canonical',
      'fail',
      `${facts.canonicals.length} canonical links: all are ignored.`,
      facts.canonicals,
    );
  }
  let canonical: URL;
  try {
    canonical = new URL(facts.canonicals[0]!, page.finalUrl);
  } catch {
    return item(
      'canonical',
      'fail',
      'The canonical link is not a valid address.',
      facts.canonicals,
    );
  }
  const here = new URL(page.finalUrl);
  here.hash = '';
  canonical.hash = '';
  if (canonical.href !== here.href) {
    return item('canonical', 'warn', 'The canonical link names another address.', [canonical.href]);
  }
  return item('canonical', 'pass', 'The page names itself as canonical.', [canonical.href]);
}

function robotsItem(evidence: CheckEvidence): SeoCheckItem {
  const { page, facts, robotsTxt } = evidence;
  const details = facts.robotsMeta.map((value) => `robots meta: ${value}`);
  const robotsHeader = header(page, 'x-robots-tag');
  if (robotsHeader) details.push(`X-Robots-Tag: ${robotsHeader}`);
  const directives = [...facts.robotsMeta, robotsHeader ?? ''].join(',').toLowerCase();
  if (/\b(noindex|none)\b/.test(directives)) {
    return item(
      'robots',
      'fail',
      'The page tells search engines not to index it (noindex).',
      details,
    );
  }
  if (robotsTxt === undefined) {
    return item('robots', 'warn', 'robots.txt could not be read.', details);
  }
  if (robotsTxt === null) {
    return item('robots', 'warn', 'No robots.txt (everything may be crawled).', details);
  }
  const robotsUrl = new URL('/robots.txt', page.finalUrl).href;
  const robots = robotsParser(robotsUrl, robotsTxt);
  if (robots.isDisallowed(page.finalUrl, 'Googlebot')) {
    return item('robots', 'fail', 'robots.txt keeps Googlebot away from this page.', details);
  }
  return item('robots', 'pass', 'The page may be crawled and indexed.', details);
}

function sitemapItem(evidence: CheckEvidence): SeoCheckItem {
  const { sitemap } = evidence;
  if (sitemap.found) return item('sitemap', 'pass', 'A sitemap was found.', [sitemap.url]);
  return item(
    'sitemap',
    'warn',
    'No sitemap found (at robots.txt’s Sitemap lines or /sitemap.xml).',
    [sitemap.status ? `${sitemap.url} answered ${sitemap.status}` : sitemap.url],
  );
}

function structuredDataItem(facts: PageFacts): SeoCheckItem {
  const errors = facts.jsonLd.filter((block) => block.error);
  const types = [...new Set(facts.jsonLd.flatMap((block) => block.types))];
  const details = [
    ...types.map((type) => `@type ${type}`),
    ...errors.map((block) => `JSON error: ${block.error}`),
  ];
  if (errors.length > 0) {
    return item(
      'structuredData',
      'fail',
      `${errors.length} JSON-LD block(s) cannot be parsed.`,
      details,
    );
  }
  if (facts.jsonLd.length === 0)
    return item('structuredData', 'warn', 'No JSON-LD structured data.');
  if (types.length === 0) {
    return item('structuredData', 'warn', 'JSON-LD found, but it names no @type.', details);
  }
  return item('structuredData', 'pass', `Structured data: ${types.join(', ')}.`, details);
}

const OG_REQUIRED = ['og:title', 'og:description', 'og:image'];

function openGraphItem(facts: PageFacts): SeoCheckItem {
  const details = Object.entries(facts.openGraph).map(([key, value]) => `${key}: ${value}`);
  const missing = OG_REQUIRED.filter((key) => !facts.openGraph[key]);
  if (missing.length === OG_REQUIRED.length) {
    return item('openGraph', 'fail', 'No Open Graph tags.', details);
  }
  if (missing.length > 0) {
    return item('openGraph', 'warn', `Missing ${missing.join(', ')}.`, details);
  }
  return item('openGraph', 'pass', 'og:title, og:description and og:image are set.', details);
}

function viewportItem(facts: PageFacts): SeoCheckItem {
  if (!facts.viewport) return item('viewport', 'fail', 'No viewport meta tag.');
  if (!/width\s*=\s*device-width/i.test(facts.viewport)) {
    return item('viewport', 'warn', 'The viewport does not use width=device-width.', [
      facts.viewport,
    ]);
  }
  return item('viewport', 'pass', 'A responsive viewport.', [facts.viewport]);
}

function imageAltItem(facts: PageFacts): SeoCheckItem {
  const missing = facts.images.filter((image) => !image.hasAlt);
  const details = missing.slice(0, 20).map((image) => image.src || '(no src)');
  if (facts.images.length === 0) return item('imageAlt', 'pass', 'No images on the page.');
  if (missing.length === 0) {
    return item('imageAlt', 'pass', `All ${facts.images.length} images have alt text.`);
  }
  const outcome = missing.length * 5 <= facts.images.length ? 'warn' : 'fail';
  return item(
    'imageAlt',
    outcome,
    `${missing.length} of ${facts.images.length} images have no alt attribute.`,
    details,
  );
}

const KB = 1024;

function performanceItem(page: FetchedPage): SeoCheckItem {
  const details = [
    `HTML: ${Math.round(page.htmlBytes / KB)} KB${page.truncated ? ' (more than 2 MB: not read further)' : ''}`,
    `Transferred: ${Math.round(page.transferBytes / KB)} KB`,
    `Response time: ${page.responseMs} ms`,
  ];
  if (page.truncated || page.htmlBytes > 1024 * KB || page.responseMs > 3000) {
    return item('performance', 'fail', 'The page is very heavy or slow to answer.', details);
  }
  if (page.htmlBytes > 300 * KB || page.responseMs > 1000) {
    return item('performance', 'warn', 'The page is heavy or slow to answer.', details);
  }
  return item('performance', 'pass', 'Light HTML, answered quickly.', details);
}

function brokenLinksItem(evidence: CheckEvidence): SeoCheckItem {
  const { checked, total } = evidence.links;
  const broken = checked.filter((link) => link.error !== undefined || (link.status ?? 0) >= 400);
  const details = broken.map(
    (link) => `${link.url}: ${link.status !== undefined ? link.status : link.error}`,
  );
  const scope =
    total > checked.length ? `the first ${checked.length} of ${total}` : `${checked.length}`;
  if (broken.length === 0) {
    return item('brokenLinks', 'pass', `No broken link among ${scope} links checked.`);
  }
  return item(
    'brokenLinks',
    broken.length >= 3 ? 'fail' : 'warn',
    `${broken.length} broken link(s) among ${scope} links checked.`,
    details,
  );
}

/** The report: every item with its outcome, and the score (0-100) their points add up to. */
export function analyse(evidence: CheckEvidence): SeoCheckReport {
  const { page, facts } = evidence;
  const items = [
    statusItem(page),
    httpsItem(page),
    lengthItem('title', facts.titles, { min: 10, max: 60 }, 'title'),
    lengthItem('description', facts.descriptions, { min: 70, max: 160 }, 'meta description'),
    headingsItem(facts),
    canonicalItem(page, facts),
    robotsItem(evidence),
    sitemapItem(evidence),
    structuredDataItem(facts),
    openGraphItem(facts),
    viewportItem(facts),
    imageAltItem(facts),
    performanceItem(page),
    brokenLinksItem(evidence),
  ];
  const score = Math.round(items.reduce((sum, entry) => sum + entry.points, 0));
  return {
    finalUrl: page.finalUrl,
    status: page.status,
    responseMs: page.responseMs,
    score,
    items,
  };
}

/** The page's links worth checking: http(s), resolved, de-duplicated, fragments dropped, first `max`. */
export function linksToCheck(
  facts: PageFacts,
  base: string,
  max: number,
): { total: number; urls: string[] } {
  const urls = new Set<string>();
  for (const href of facts.links) {
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    urls.add(url.href);
  }
  const all = [...urls];
  return { total: all.length, urls: all.slice(0, max) };
}
