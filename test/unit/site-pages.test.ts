import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { QueryBus } from '@nestjs/cqrs';
import type { SiteRenderer, SiteRenderResult } from '../../src/contracts/site-rendering.js';
import { GetContentSnapshotQuery } from '../../src/modules/content/index.js';
import { GetVisitorSessionQuery } from '../../src/modules/identity/index.js';
import { AssetManifest } from '../../src/modules/site/rendering/asset-manifest.js';
import type { BuiltRenderer } from '../../src/modules/site/rendering/built-renderer.js';
import { SitePages } from '../../src/modules/site/rendering/site-pages.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';

/** The shape of the built index.html (Vite's output of web/index.html). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The template's description."
    />
    <title>SEO Agency</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <noscript>This website needs JavaScript enabled to work.</noscript>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = new AssetManifest({
  'index.html': {
    file: 'assets/index-abc.js',
    isEntry: true,
    imports: ['_preload.js'],
    dynamicImports: ['src/boot.tsx'],
    css: ['assets/index-abc.css'],
  },
  '_preload.js': { file: 'assets/preload-0.js' },
  'src/boot.tsx': { file: 'assets/boot-4.js', imports: ['_page.js'], css: ['assets/boot-4.css'] },
  '_page.js': { file: 'assets/page-1.js', css: ['assets/page-1.css'] },
  'src/app/routes/pricing.tsx': {
    file: 'assets/pricing-2.js',
    imports: ['_page.js', '_cards.js'],
    dynamicImports: ['src/app/routes/pricing-more.tsx'],
    css: ['assets/pricing-2.css'],
  },
  '_cards.js': { file: 'assets/cards-3.js', css: ['assets/cards-3.css', 'assets/page-1.css'] },
  // A part the route loads lazily, and a chunk that part imports.
  'src/app/routes/pricing-more.tsx': {
    file: 'assets/pricing-more-5.js',
    imports: ['_page.js', '_cards.js', '_faq.js'],
    css: ['assets/pricing-more-5.css'],
  },
  '_faq.js': { file: 'assets/faq-6.js', css: ['assets/faq-6.css'] },
});

const PAGE: SiteRenderResult = {
  kind: 'page',
  status: 200,
  head: '<title>Pricing | SEO Agency</title>',
  // `$&` and `$'` are replacement patterns of String.replace: they must arrive as written.
  body: "<main><h1>Plans from $& and $'</h1></main>",
  state: '<script type="application/json" id="app-state">{}</script>',
  modules: ['src/app/routes/pricing.tsx'],
};

/** The built stylesheets' text, as `BuiltRenderer.stylesheets()` reads it from dist/web. */
const STYLESHEETS: Record<string, string> = {
  '/assets/index-abc.css': 'body{margin:0}',
  '/assets/boot-4.css': '.shell{display:grid}',
  '/assets/page-1.css': '.page{padding:1rem}',
  '/assets/pricing-2.css': '.plans{gap:1rem}',
  // Text that would end the <style> element early: the link is kept.
  '/assets/cards-3.css': '.card::after{content:"</style>"}',
  '/assets/pricing-more-5.css': '.more{margin:0}',
  '/assets/faq-6.css': '.faq{margin:0}',
};

function sitePages(renderer: SiteRenderer | undefined, manifest = MANIFEST) {
  const execute = jest.fn(async (query: unknown) => {
    if (query instanceof GetContentSnapshotQuery) return { sections: {} };
    if (query instanceof GetVisitorSessionQuery) return { account: null, googleSignIn: false };
    throw new Error('unexpected query');
  });
  const built = {
    renderer: async () => renderer,
    manifest: async () => manifest,
    stylesheets: () => async (href: string) => STYLESHEETS[href],
  } as unknown as BuiltRenderer;
  const pages = new SitePages(
    { execute } as unknown as QueryBus,
    { PUBLIC_URL: 'https://agency.example/' } as AppConfig,
    built,
  );
  return { pages, execute };
}

const rendering = (result: SiteRenderResult | Error) =>
  jest.fn<SiteRenderer['renderSitePage']>(async (input) => {
    if (result instanceof Error) throw result;
    if (result.kind === 'page') await input.loadData();
    return result;
  });

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the web app pages', () => {
  it('writes a rendered page into index.html: head, stylesheets inline, markup and state', async () => {
    const renderSitePage = rendering(PAGE);
    const { pages, execute } = sitePages({ renderSitePage });
    await pages.onModuleInit();

    const page = await pages.render('/pricing/?ref=ad#top', INDEX_HTML);

    expect(renderSitePage).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/pricing/?ref=ad', publicUrl: 'https://agency.example' }),
    );
    expect(execute).toHaveBeenCalledTimes(2);
    expect(page.status).toBe(200);
    expect(page.headers).toBeUndefined();
    const html = page.html;
    expect(html).toContain('<title>Pricing | SEO Agency</title>');
    expect(html).not.toContain('<title>SEO Agency</title>');
    expect(html).not.toContain("The template's description.");
    expect(html).not.toContain('<noscript>');
    expect(html).toContain(
      '<div id="root"><main><h1>Plans from $& and $\'</h1></main></div>\n    <script type="application/json" id="app-state">{}</script>',
    );
    // Every stylesheet the page is painted with is in the page (index.html's, the app's that the
    // entry loads once the page is painted, the route's and that of what the route loads lazily,
    // which the server renders too), each once, in order; its link stays, disabled, so that neither
    // the browser nor the SPA's chunk loader fetches it.
    const head = html.slice(0, html.indexOf('</head>'));
    const styles = head.match(/<(style|link rel="stylesheet")[^>]*>/g);
    expect(styles).toStrictEqual([
      '<style data-href="/assets/index-abc.css">',
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>',
      '<style data-href="/assets/boot-4.css">',
      '<link rel="stylesheet" crossorigin href="/assets/boot-4.css" disabled>',
      '<style data-href="/assets/page-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/page-1.css" disabled>',
      '<style data-href="/assets/pricing-2.css">',
      '<link rel="stylesheet" crossorigin href="/assets/pricing-2.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/cards-3.css">',
      '<style data-href="/assets/pricing-more-5.css">',
      '<link rel="stylesheet" crossorigin href="/assets/pricing-more-5.css" disabled>',
      '<style data-href="/assets/faq-6.css">',
      '<link rel="stylesheet" crossorigin href="/assets/faq-6.css" disabled>',
    ]);
    expect(head).toContain('<style data-href="/assets/pricing-2.css">.plans{gap:1rem}</style>');
    // No script is fetched before the page is painted: only index.html's entry is named.
    expect(head).not.toContain('modulepreload');
    expect(head.match(/<script type="module"[^>]*>/g)).toStrictEqual([
      '<script type="module" crossorigin src="/assets/index-abc.js">',
    ]);
  });

  it('answers the not-found page with its status', async () => {
    const { pages } = sitePages({ renderSitePage: rendering({ ...PAGE, status: 404 }) });
    await pages.onModuleInit();
    expect((await pages.render('/nope', INDEX_HTML)).status).toBe(404);
  });

  it('sends the pages the browser renders as index.html, not indexed, without loading data', async () => {
    const { pages, execute } = sitePages({
      renderSitePage: rendering({
        kind: 'client-only',
        head: '<meta name="robots" content="noindex">',
        state: '<script type="application/json" id="app-state">{}</script>',
      }),
    });
    await pages.onModuleInit();

    const page = await pages.render('/dashboard', INDEX_HTML);

    expect(page.status).toBe(200);
    expect(page.headers).toStrictEqual({ 'x-robots-tag': 'noindex' });
    expect(page.html).toContain(
      '<title>SEO Agency</title>\n    <meta name="robots" content="noindex">',
    );
    expect(page.html).toContain('<noscript>');
    // The SPA fetches and caches the stylesheets of the pages it renders.
    expect(page.html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(page.html).toContain(
      '<div id="root"></div>\n    <script type="application/json" id="app-state">{}</script>',
    );
    expect(execute).not.toHaveBeenCalled();
  });

  it('falls back to index.html (200) and logs the error when a page fails to render', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const failure = new Error('window is not defined');
    const { pages } = sitePages({ renderSitePage: rendering(failure) });
    await pages.onModuleInit();

    const page = await pages.render('/pricing/', INDEX_HTML);

    expect(page).toStrictEqual({ status: 200, html: INDEX_HTML });
    expect(logged).toHaveBeenCalledWith(
      { err: failure, path: '/pricing/' },
      expect.stringContaining('Could not render the page'),
    );
  });

  it('sends index.html as it is without a built renderer, or with a template it cannot fill', async () => {
    const withoutRenderer = sitePages(undefined).pages;
    await withoutRenderer.onModuleInit();
    expect(await withoutRenderer.render('/', INDEX_HTML)).toStrictEqual({
      status: 200,
      html: INDEX_HTML,
    });

    const renderSitePage = rendering(PAGE);
    const { pages } = sitePages({ renderSitePage });
    await pages.onModuleInit();
    const odd = '<html><body>no root element</body></html>';
    expect(await pages.render('/', odd)).toStrictEqual({ status: 200, html: odd });
    expect(renderSitePage).not.toHaveBeenCalled();
  });
});
