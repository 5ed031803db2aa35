/**
 * The SEO checks of a rendered page (src/modules/seo/page-checks), on crafted HTML: each check's
 * pass, warn and fail, and the weighted score.
 */
import { describe, expect, test } from '@jest/globals';
import { type PageCheck, scoreOf } from '../../src/contracts/seo/page-checks.js';
import {
  checkPage,
  type PageCheckContext,
  sitePathsOf,
} from '../../src/modules/seo/page-checks/page-checks.js';
import { pageFacts } from '../../src/modules/seo/page-checks/page-facts.js';

const URL_ = 'https://agency.example/service/';
const WORDS = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const JSON_LD = JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'ProfessionalService', name: 'Agency', url: 'https://agency.example/' },
    { '@type': 'WebSite', name: 'Agency', url: 'https://agency.example/' },
    {
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home' }],
    },
  ],
});

function page({
  head = '',
  body = '',
  title = '<title>Technical SEO audits and fixes for growing sites | Agency</title>',
}: {
  head?: string;
  body?: string;
  title?: string;
}): string {
  return `<!doctype html><html><head>${title}
    <meta name="description" content="We audit your site, fix what holds it back in search and report every month on the traffic it brings you, in plain words.">
    <link rel="canonical" href="${URL_}">
    <meta property="og:image" content="https://agency.example/share-image.png">
    <meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
    <script type="application/ld+json">${JSON_LD}</script>${head}
    </head><body><header><a href="/">Home</a></header><main><h1>Our services</h1>
    <img src="/uploads/a.webp" alt="A chart"><a href="/pricing/">Pricing</a>
    <p>${WORDS(320)}</p>${body}</main></body></html>`;
}

const context = (over: Partial<PageCheckContext> = {}): PageCheckContext => ({
  url: URL_,
  ownDescription: true,
  needsWords: true,
  imageSize: () => undefined,
  internalLinks: ['/', '/pricing/'],
  brokenLinks: [],
  ...over,
});

const byId = (checks: PageCheck[]) => Object.fromEntries(checks.map((c) => [c.id, c]));
const run = (html: string, over?: Partial<PageCheckContext>) =>
  byId(checkPage(pageFacts(html), context(over)));

describe('page checks', () => {
  test('a well-made page passes every check and scores 100', () => {
    const checks = checkPage(pageFacts(page({})), context());
    expect(checks.map((c) => [c.id, c.status])).toStrictEqual([
      ['title', 'pass'],
      ['description', 'pass'],
      ['h1', 'pass'],
      ['imageAlt', 'pass'],
      ['shareImage', 'pass'],
      ['canonical', 'pass'],
      ['structuredData', 'pass'],
      ['internalLinks', 'pass'],
      ['wordCount', 'pass'],
    ]);
    expect(scoreOf(checks)).toBe(100);
  });

  test('a title wider than 600px warns with the text a result shows; none fails', () => {
    const long = run(page({ title: `<title>${'Wide Words '.repeat(12)}</title>` })).title!;
    expect(long.status).toBe('warn');
    expect(long.reason).toMatch(/ \.\.\.”/);
    expect(run(page({ title: '' })).title!.status).toBe('fail');
    // A <title> inside an SVG in the body is not the page's.
    expect(run(page({ body: '<svg><title>icon</title></svg>' })).title!.status).toBe('pass');
  });

  test('a description not of the page’s own fails, with the default it shows', () => {
    const check = run(page({}), { ownDescription: false }).description!;
    expect(check.status).toBe('fail');
    expect(check.reason).toMatch(/no description of its own/);
  });

  test('no H1 or two H1s fail', () => {
    expect(run(page({ body: '<h1>Again</h1>' })).h1!).toMatchObject({
      status: 'fail',
      details: ['Our services', 'Again'],
    });
    const none = page({}).replace(/<h1>.*?<\/h1>/, '');
    expect(run(none).h1!.status).toBe('fail');
  });

  test('an image without an alt attribute fails; an empty alt (decorative) passes', () => {
    expect(run(page({ body: '<img src="/deco.svg" alt="">' })).imageAlt!.status).toBe('pass');
    expect(run(page({ body: '<img src="/x.png">' })).imageAlt!).toMatchObject({
      status: 'fail',
      details: ['/x.png'],
    });
  });

  test('a share image smaller than 1200×630 fails; one of unknown size warns', () => {
    const html = page({}).replace(/<meta property="og:image:width"[^>]*>/, '');
    expect(run(html).shareImage!.status).toBe('warn');
    expect(run(html, { imageSize: () => ({ width: 800, height: 420 }) }).shareImage!).toMatchObject(
      { status: 'fail', reason: expect.stringContaining('800×420') },
    );
    expect(run(html, { imageSize: () => ({ width: 1920, height: 1080 }) }).shareImage!.status).toBe(
      'pass',
    );
  });

  test('a canonical pointing elsewhere fails', () => {
    const check = run(page({}), { url: 'https://agency.example/pricing/' }).canonical!;
    expect(check.status).toBe('fail');
    expect(check.reason).toContain(URL_);
  });

  test('JSON-LD that does not parse, an unknown type or a missing property fails', () => {
    const bad = (data: string) =>
      run(page({ head: `<script type="application/ld+json">${data}</script>` })).structuredData!;
    expect(bad('{"@type": ').status).toBe('fail');
    expect(bad('{"@context":"https://schema.org","@type":"Organisation","name":"x"}').reason).toBe(
      'Unknown schema.org type "Organisation".',
    );
    expect(bad('{"@context":"https://schema.org","@type":"FAQPage"}').reason).toBe(
      'FAQPage lacks mainEntity.',
    );
    expect(
      bad(
        '{"@type":"Service","name":"SEO","provider":{"@id":"#o"},"offers":[{"@type":"Offer","price":"9"}]}',
      ).reason,
    ).toBe('Offer lacks priceCurrency.');
  });

  test('broken internal links fail; thin text warns on a page meant to rank only', () => {
    expect(run(page({}), { brokenLinks: ['/prices'] }).internalLinks!).toMatchObject({
      status: 'fail',
      details: ['/prices'],
    });
    const thin = page({}).replace(WORDS(320), WORDS(50));
    expect(run(thin).wordCount!.status).toBe('warn');
    expect(run(thin, { needsWords: false }).wordCount!.status).toBe('pass');
  });

  test('a noindex page needs no canonical, share image or structured data', () => {
    const html = `<html><head><title>Thank you for your message | Agency</title>
      <meta name="description" content="Thanks."><meta name="robots" content="noindex"></head>
      <body><h1>Thanks</h1></body></html>`;
    const checks = run(html);
    expect([
      checks.canonical!.status,
      checks.shareImage!.status,
      checks.structuredData!.status,
    ]).toStrictEqual(['pass', 'pass', 'pass']);
  });

  test('the score weighs each check: a warning earns half its weight', () => {
    expect(
      scoreOf([
        { status: 'pass', weight: 50 },
        { status: 'warn', weight: 30 },
        { status: 'fail', weight: 20 },
      ]),
    ).toBe(65);
  });
});

describe('sitePathsOf', () => {
  test('keeps the site’s page paths once each: not other sites, files, the API, mail links', () => {
    expect(
      sitePathsOf(
        [
          '/',
          'https://agency.example/pricing/?ref=x#top',
          '/pricing/',
          '#faq',
          'https://other.example/',
          '/uploads/a.webp',
          '/api/content',
          '/llms.txt',
          'mailto:hi@agency.example',
          'contact',
        ],
        URL_,
      ),
    ).toStrictEqual(['/', '/pricing/', '/service/', '/service/contact']);
  });
});
