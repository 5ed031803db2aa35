import { describe, expect, it } from '@jest/globals';
import { normalizeCheckUrl } from '../../src/contracts/seo-check.js';
import { readPageFacts } from '../../src/modules/seo-check/domain/page-facts.js';
import {
  analyse,
  CHECK_WEIGHTS,
  type CheckEvidence,
  type FetchedPage,
  linksToCheck,
} from '../../src/modules/seo-check/domain/seo-analysis.js';

const GOOD_PAGE = `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handmade oak tables for small kitchens</title>
<meta name="description" content="Solid oak kitchen tables made to measure in our workshop, delivered within three weeks anywhere in the country.">
<link rel="canonical" href="https://shop.example/tables">
<meta property="og:title" content="Oak tables"><meta property="og:description" content="Made to measure">
<meta property="og:image" content="https://shop.example/table.jpg">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Shop"},{"@type":["Product","Thing"]}]}</script>
</head><body><h1>Oak tables</h1><h2>Sizes</h2><h3>Small</h3><h2>Delivery</h2>
<img src="/a.jpg" alt="A table"><img src="/b.jpg" alt="">
<a href="/chairs">Chairs</a><a href="/chairs#top">Chairs again</a><a href="mailto:x@shop.example">Mail</a>
<a href="https://other.example/">Other</a></body></html>`;

const page = (overrides: Partial<FetchedPage> = {}): FetchedPage => ({
  requestedUrl: 'http://shop.example/tables',
  finalUrl: 'https://shop.example/tables',
  status: 200,
  redirects: [{ status: 301, location: 'https://shop.example/tables' }],
  headers: { 'strict-transport-security': 'max-age=31536000; includeSubDomains' },
  responseMs: 120,
  htmlBytes: 4000,
  transferBytes: 1500,
  truncated: false,
  ...overrides,
});

const evidence = (overrides: Partial<CheckEvidence> = {}): CheckEvidence => ({
  page: page(),
  facts: readPageFacts(GOOD_PAGE),
  robotsTxt: 'User-agent: *\nDisallow: /admin\nSitemap: https://shop.example/sitemap.xml\n',
  sitemap: { url: 'https://shop.example/sitemap.xml', found: true, status: 200 },
  links: { total: 3, checked: [{ url: 'https://shop.example/chairs', status: 200 }] },
  ...overrides,
});

const outcomes = (report: ReturnType<typeof analyse>) =>
  Object.fromEntries(report.items.map((item) => [item.key, item.outcome]));

describe('the page facts', () => {
  const facts = readPageFacts(GOOD_PAGE);

  it('reads the head: title, description, canonical, viewport, Open Graph, language', () => {
    expect(facts.titles).toStrictEqual(['Handmade oak tables for small kitchens']);
    expect(facts.descriptions[0]).toMatch(/^Solid oak/);
    expect(facts.canonicals).toStrictEqual(['https://shop.example/tables']);
    expect(facts.viewport).toBe('width=device-width, initial-scale=1');
    expect(facts.openGraph['og:image']).toBe('https://shop.example/table.jpg');
    expect(facts.lang).toBe('en');
  });

  it('reads the heading outline and the JSON-LD types, @graph and type lists included', () => {
    expect(facts.headings.map((h) => `h${h.level} ${h.text}`)).toStrictEqual([
      'h1 Oak tables',
      'h2 Sizes',
      'h3 Small',
      'h2 Delivery',
    ]);
    expect(facts.jsonLd).toStrictEqual([{ types: ['Organization', 'Product', 'Thing'] }]);
  });

  it('tells an empty alt (decorative) from a missing one', () => {
    const images = readPageFacts('<img src="a.png" alt=""><img src="b.png">').images;
    expect(images).toStrictEqual([
      { src: 'a.png', hasAlt: true },
      { src: 'b.png', hasAlt: false },
    ]);
  });

  it('keeps markup in text as text (entities decoded, nothing interpreted)', () => {
    const facts = readPageFacts('<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>');
    expect(facts.titles).toStrictEqual(['<script>alert(1)</script> & more']);
  });

  it('records a JSON-LD block that does not parse', () => {
    const facts = readPageFacts(
      '<script type="application/ld+json">{"@type": "Organization",}</script>',
    );
    expect(facts.jsonLd).toHaveLength(1);
    expect(facts.jsonLd[0]!.error).toBeDefined();
  });
});

describe('the report', () => {
  it('publishes weights that add up to 100', () => {
    expect(Object.values(CHECK_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
  });

  it('passes a well-made page on every item, scoring 100', () => {
    const report = analyse(evidence());
    expect(report.items.filter((item) => item.outcome !== 'pass')).toStrictEqual([]);
    expect(report.score).toBe(100);
    for (const item of report.items) {
      expect(item.why.length).toBeGreaterThan(20);
      expect(item.weight).toBe(CHECK_WEIGHTS[item.key as keyof typeof CHECK_WEIGHTS]);
    }
  });

  it('fails a bare page on its missing essentials and scores it low', () => {
    const report = analyse(
      evidence({
        page: page({ finalUrl: 'http://bare.example/', redirects: [], headers: {} }),
        facts: readPageFacts('<html><body><p>Hello</p><img src="x.png"></body></html>'),
        robotsTxt: null,
        sitemap: { url: 'http://bare.example/sitemap.xml', found: false, status: 404 },
        links: { total: 0, checked: [] },
      }),
    );
    expect(outcomes(report)).toMatchObject({
      https: 'fail',
      title: 'fail',
      description: 'fail',
      headings: 'fail',
      canonical: 'warn',
      robots: 'warn',
      sitemap: 'warn',
      structuredData: 'warn',
      openGraph: 'fail',
      viewport: 'fail',
      imageAlt: 'fail',
    });
    expect(report.score).toBeLessThan(40);
  });

  it('scores a warning half its weight', () => {
    const long = GOOD_PAGE.replace(
      'Handmade oak tables for small kitchens',
      'Handmade oak tables for small kitchens, made to measure, delivered in three weeks',
    );
    const report = analyse(evidence({ facts: readPageFacts(long) }));
    expect(outcomes(report).title).toBe('warn');
    expect(report.score).toBe(100 - CHECK_WEIGHTS.title / 2);
  });

  it('fails a page that says noindex, and one robots.txt keeps Googlebot from', () => {
    const noindex = analyse(
      evidence({
        facts: readPageFacts(`${GOOD_PAGE}<meta name="robots" content="noindex, follow">`),
      }),
    );
    expect(outcomes(noindex).robots).toBe('fail');
    const disallowed = analyse(
      evidence({ robotsTxt: 'User-agent: Googlebot\nDisallow: /tables\n' }),
    );
    expect(outcomes(disallowed).robots).toBe('fail');
  });

  it('warns about temporary redirects and about chains', () => {
    const temporary = analyse(
      evidence({
        page: page({ redirects: [{ status: 302, location: 'https://shop.example/tables' }] }),
      }),
    );
    expect(outcomes(temporary).status).toBe('warn');
    const chain = analyse(
      evidence({
        page: page({
          redirects: [
            { status: 301, location: 'https://shop.example/tables' },
            { status: 301, location: 'https://shop.example/tables/' },
          ],
        }),
      }),
    );
    expect(outcomes(chain).status).toBe('warn');
    const gone = analyse(evidence({ page: page({ status: 404 }) }));
    expect(outcomes(gone).status).toBe('fail');
  });

  it('warns about HTTPS without HSTS, or with a short one', () => {
    expect(outcomes(analyse(evidence({ page: page({ headers: {} }) }))).https).toBe('warn');
    const short = page({ headers: { 'strict-transport-security': 'max-age=300' } });
    expect(outcomes(analyse(evidence({ page: short }))).https).toBe('warn');
  });

  it('lists broken links with their status or error', () => {
    const report = analyse(
      evidence({
        links: {
          total: 60,
          checked: [
            { url: 'https://shop.example/ok', status: 200 },
            { url: 'https://shop.example/gone', status: 404 },
            { url: 'https://down.example/', error: 'ECONNREFUSED' },
          ],
        },
      }),
    );
    const item = report.items.find((entry) => entry.key === 'brokenLinks')!;
    expect(item.outcome).toBe('warn');
    expect(item.summary).toBe('2 broken link(s) among the first 3 of 60 links checked.');
    expect(item.details).toStrictEqual([
      'https://shop.example/gone: 404',
      'https://down.example/: ECONNREFUSED',
    ]);
  });

  it('fails structured data that cannot be parsed', () => {
    const broken = `${GOOD_PAGE}<script type="application/ld+json">{oops</script>`;
    expect(outcomes(analyse(evidence({ facts: readPageFacts(broken) }))).structuredData).toBe(
      'fail',
    );
  });

  it('fails a page over the size cap', () => {
    const heavy = page({ htmlBytes: 2 * 1024 * 1024, truncated: true });
    expect(outcomes(analyse(evidence({ page: heavy }))).performance).toBe('fail');
  });
});

describe('the links checked', () => {
  it('are the http(s) links, resolved, without fragments, each once, the first 50', () => {
    const facts = readPageFacts(GOOD_PAGE);
    expect(linksToCheck(facts, 'https://shop.example/tables', 50)).toStrictEqual({
      total: 2,
      urls: ['https://shop.example/chairs', 'https://other.example/'],
    });
    const many = readPageFacts(
      Array.from({ length: 80 }, (_, i) => `<a href="/p${i}">p</a>`).join(''),
    );
    const { total, urls } = linksToCheck(many, 'https://shop.example/', 50);
    expect(total).toBe(80);
    expect(urls).toHaveLength(50);
  });
});

describe('the address a check is cached under', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['  HTTPS://Example.COM:443/a?b=1#top ', 'https://example.com/a?b=1'],
    ['http://example.com:80', 'http://example.com/'],
    ['http://2130706433/', 'http://127.0.0.1/'],
    ['http://0177.0.0.1/', 'http://127.0.0.1/'],
  ])('%s is %s', (input, expected) => {
    expect(normalizeCheckUrl(input)).toBe(expected);
  });

  it.each(['ftp://example.com/', 'javascript:alert(1)', 'http://', 'intranet', 'http://a b/'])(
    '%s is refused',
    (input) => {
      expect(normalizeCheckUrl(input)).toBeUndefined();
    },
  );
});
