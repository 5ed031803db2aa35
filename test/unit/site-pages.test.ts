import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { QueryBus } from '@nestjs/cqrs';
import type {
  SitePageLocation,
  SiteRenderer,
  SiteRenderResult,
} from '../../src/contracts/site-rendering.js';
import {
  GetContentSnapshotQuery,
  GetContentVersionQuery,
} from '../../src/modules/content/index.js';
import { GetVisitorSessionQuery } from '../../src/modules/identity/index.js';
import { AssetManifest } from '../../src/modules/site/rendering/asset-manifest.js';
import type { BuiltRenderer } from '../../src/modules/site/rendering/built-renderer.js';
import { RenderedPages } from '../../src/modules/site/rendering/rendered-pages.js';
import { SitePages } from '../../src/modules/site/rendering/site-pages.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import type { WebPage } from '../../src/platform/http/web-page-renderer.js';

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

/** The content version the database holds, as the test sets it (an Error: it does not answer). */
interface Database {
  version: number | Error;
}

function sitePages(
  renderer: Pick<SiteRenderer, 'renderSitePage'> | undefined,
  options: { locate?: SiteRenderer['locateSitePage']; database?: Database } = {},
) {
  const database = options.database ?? { version: 1 };
  const execute = jest.fn(async (query: unknown) => {
    if (query instanceof GetContentVersionQuery) {
      if (database.version instanceof Error) throw database.version;
      return database.version;
    }
    if (query instanceof GetContentSnapshotQuery) {
      const version = database.version instanceof Error ? 0 : database.version;
      return { content: { sections: {} }, version: Math.max(version, query.atLeastVersion) };
    }
    if (query instanceof GetVisitorSessionQuery) return { account: null, googleSignIn: false };
    throw new Error('unexpected query');
  });
  const locateSitePage =
    options.locate ??
    ((path: string): SitePageLocation =>
      path.startsWith('/dashboard')
        ? { kind: 'client-only' }
        : { kind: 'page', key: `page ${path.split('?')[0]}`, path });
  const built = {
    renderer: async () => renderer && { locateSitePage, ...renderer },
    manifest: async () => manifest(),
    stylesheets: () => async (href: string) => STYLESHEETS[href],
  } as unknown as BuiltRenderer;
  const rendered = new RenderedPages();
  const pages = new SitePages(
    { execute } as unknown as QueryBus,
    { PUBLIC_URL: 'https://agency.example/' } as AppConfig,
    built,
    rendered,
  );
  return { pages, execute, rendered };
}

const manifest = () => MANIFEST;

/** The HTML of a page: as rendered, or the body kept for it. */
function htmlOf(page: WebPage): string {
  return 'html' in page ? page.html : page.bodies.identity.body.toString('utf8');
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
    // The content version, the content at that version and a visitor's session.
    expect(execute).toHaveBeenCalledTimes(3);
    expect(page.status).toBe(200);
    expect(page.headers).toBeUndefined();
    const html = htmlOf(page);
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
    const html = htmlOf(page);
    expect(html).toContain('<title>SEO Agency</title>\n    <meta name="robots" content="noindex">');
    expect(html).toContain('<noscript>');
    // The SPA fetches and caches the stylesheets of the pages it renders.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html).toContain(
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

describe('the pages kept per content version', () => {
  const bytesOf = (page: WebPage) => ('bodies' in page ? page.bodies : undefined);

  it('renders a page once per content version and sends it as kept until the version moves', async () => {
    const database: Database = { version: 7 };
    const renderSitePage = rendering(PAGE);
    const { pages, rendered } = sitePages({ renderSitePage }, { database });
    await pages.onModuleInit();

    const first = await pages.render('/pricing/', INDEX_HTML);
    const second = await pages.render('/pricing/?utm=ad', INDEX_HTML);
    expect(renderSitePage).toHaveBeenCalledTimes(1);
    expect(bytesOf(second)).toBe(bytesOf(first));
    expect(rendered.stats()).toMatchObject({ entries: 1, renders: 1 });

    database.version = 8;
    const afterEdit = await pages.render('/pricing/', INDEX_HTML);
    expect(renderSitePage).toHaveBeenCalledTimes(2);
    expect(bytesOf(afterEdit)).not.toBe(bytesOf(first));
    expect(rendered.stats()).toMatchObject({ entries: 1, renders: 2 });
  });

  it('keeps brotli and gzip bodies that decode to the page, each with its own strong ETag', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { pages } = sitePages({ renderSitePage: rendering(PAGE) });
    await pages.onModuleInit();

    const page = await pages.render('/pricing/', INDEX_HTML);
    if (!('bodies' in page)) throw new Error('the page was not kept');
    const { identity, br, gzip } = page.bodies;
    expect(brotliDecompressSync(br.body)).toStrictEqual(identity.body);
    expect(gunzipSync(gzip.body)).toStrictEqual(identity.body);
    expect(br.body.length).toBeLessThan(identity.body.length);
    const etags = [identity.etag, br.etag, gzip.etag];
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Set(etags).size).toBe(3);
  });

  it('renders a page once for requests that arrive together', async () => {
    let finish!: () => void;
    const started = new Promise<void>((resolve) => (finish = resolve));
    const renderSitePage = jest.fn<SiteRenderer['renderSitePage']>(async (input) => {
      await input.loadData();
      await started;
      return PAGE;
    });
    const { pages } = sitePages({ renderSitePage });
    await pages.onModuleInit();

    const burst = Array.from({ length: 20 }, () => pages.render('/pricing/', INDEX_HTML));
    finish();
    const answers = await Promise.all(burst);
    expect(renderSitePage).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map(bytesOf)).size).toBe(1);
  });

  it('keeps one not-found page for every path its location shares a key with', async () => {
    const renderSitePage = rendering({ ...PAGE, status: 404 });
    const { pages, rendered } = sitePages(
      { renderSitePage },
      { locate: (path) => ({ kind: 'page', key: 'not-found *', path }) },
    );
    await pages.onModuleInit();

    for (let n = 0; n < 50; n += 1) {
      expect((await pages.render(`/random-${n}/x`, INDEX_HTML)).status).toBe(404);
    }
    expect(renderSitePage).toHaveBeenCalledTimes(1);
    expect(rendered.stats()).toMatchObject({ entries: 1, renders: 1 });
  });

  it('sends the page kept while the content version cannot be read, and nothing else', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const database: Database = { version: 3 };
    const renderSitePage = rendering(PAGE);
    const { pages } = sitePages({ renderSitePage }, { database });
    await pages.onModuleInit();
    const kept = await pages.render('/pricing/', INDEX_HTML);

    database.version = new Error('connection refused');
    expect(bytesOf(await pages.render('/pricing/', INDEX_HTML))).toBe(bytesOf(kept));
    // A page never kept: the SPA's index.html, as for any failure.
    expect(await pages.render('/service/', INDEX_HTML)).toStrictEqual({
      status: 200,
      html: INDEX_HTML,
    });
    expect(renderSitePage).toHaveBeenCalledTimes(1);
  });

  it('does not keep a page that failed to render', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const renderSitePage = rendering(new Error('boom'));
    const { pages, rendered } = sitePages({ renderSitePage });
    await pages.onModuleInit();
    await pages.render('/pricing/', INDEX_HTML);
    await pages.render('/pricing/', INDEX_HTML);
    expect(renderSitePage).toHaveBeenCalledTimes(2);
    expect(rendered.stats().entries).toBe(0);
  });
});
