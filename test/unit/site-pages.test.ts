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
    imports: ['_page.js'],
    css: ['assets/index-abc.css'],
  },
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
    file: 'assets/pricing-more-4.js',
    imports: ['_page.js', '_cards.js', '_faq.js'],
    css: ['assets/pricing-more-4.css'],
  },
  '_faq.js': { file: 'assets/faq-5.js', css: ['assets/faq-5.css'] },
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

function sitePages(renderer: SiteRenderer | undefined, manifest = MANIFEST) {
  const execute = jest.fn(async (query: unknown) => {
    if (query instanceof GetContentSnapshotQuery) return { sections: {} };
    if (query instanceof GetVisitorSessionQuery) return { account: null, googleSignIn: false };
    throw new Error('unexpected query');
  });
  const built = {
    renderer: async () => renderer,
    manifest: async () => manifest,
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
  it('writes a rendered page into index.html: head, route assets, markup and state', async () => {
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
    // The route's CSS and chunks that index.html does not load already, before </head>; the CSS of
    // what the route loads lazily too (the server renders it), but not its chunks.
    const head = html.slice(0, html.indexOf('</head>'));
    const links = head.match(/<link [^>]*>/g)!.slice(1);
    expect(links).toStrictEqual([
      '<link rel="stylesheet" crossorigin href="/assets/pricing-2.css">',
      '<link rel="stylesheet" crossorigin href="/assets/cards-3.css">',
      '<link rel="stylesheet" crossorigin href="/assets/pricing-more-4.css">',
      '<link rel="stylesheet" crossorigin href="/assets/faq-5.css">',
      '<link rel="modulepreload" crossorigin href="/assets/pricing-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/cards-3.js">',
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
