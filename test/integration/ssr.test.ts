/**
 * The server-rendered public pages, read as a crawler reads them (a plain HTTP GET, no JavaScript),
 * against the built app (server and web: `npm run build`), real PostgreSQL and Redis and the demo
 * content: each page's headings and texts, its head tags and structured data, 404 for unknown paths,
 * `noindex` on the pages the browser renders, an admin's edit on the next request, and section texts
 * that try to break out of the page's scripts.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/ssr.test.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { DEMO_CONTENT } from '../../src/modules/content/demo/demo-content.js';
import { toMoney } from '../../src/contracts/orders.js';
import { billingOf, PER_MONTH } from '../../src/contracts/subscriptions.js';
import { REPO_ROOT } from '../support/app-process.js';
import { listEntries } from '../support/content.js';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import { asObject, assertStatus, type Json } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';

const SSR_ENTRY = path.join(REPO_ROOT, 'dist/web-ssr/entry-server.js');

const world = useWorld({ name: 'ssr' });

let api: IdentityApp;
let visitor: HttpClient;
let admin: HttpClient;

const demo = (key: keyof typeof DEMO_CONTENT, index = 0) => DEMO_CONTENT[key]![index]!;
const PACKAGES = DEMO_CONTENT.pricing!;
const ADDRESS = demo('footerAddress').location!;

interface Page {
  response: HttpResponse;
  document: Document;
}

async function getPage(client: HttpClient, pagePath: string, status = 200): Promise<Page> {
  const response = await client.get(pagePath, { headers: { accept: 'text/html' } });
  assertStatus(response, status, `GET ${pagePath}`);
  expect(response.headers.get('content-type')).toContain('text/html');
  return { response, document: new JSDOM(response.text).window.document };
}

const texts = (document: Document, selector: string) =>
  [...document.querySelectorAll(selector)].map((element) => element.textContent?.trim() ?? '');

/** The value of the one element matching `selector` (its `attribute`), failing if there are more. */
function single(document: Document, selector: string, attribute = 'content'): string {
  const found = document.head.querySelectorAll(selector);
  expect({ selector, count: found.length }).toStrictEqual({ selector, count: 1 });
  return found[0]!.getAttribute(attribute) ?? '';
}

/** Every JSON-LD node of the page (the `@graph` of each script, which must parse). */
function structuredData(document: Document): Json[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
    const data = asObject(JSON.parse(script.textContent ?? ''), 'a JSON-LD script');
    expect(data['@context']).toBe('https://schema.org');
    return (data['@graph'] as Json[] | undefined) ?? [data];
  });
}

const ofType = (nodes: Json[], type: string) => nodes.filter((node) => node['@type'] === type);

/** The state the page hands the SPA (the dehydrated query cache). */
function appState(document: Document): Json {
  const scripts = document.querySelectorAll('script#app-state[type="application/json"]');
  expect(scripts).toHaveLength(1);
  return asObject(JSON.parse(scripts[0]!.textContent ?? ''), 'the app state');
}

/** The content snapshot inside the page's state. */
function stateContent(document: Document): { sections: Record<string, Json[]> } {
  const queries = asObject(appState(document).queries, 'the dehydrated queries').queries as Json[];
  const content = queries.find((query) => JSON.stringify(query.queryKey) === '["content"]');
  return asObject(asObject(content, 'the content query').state, 'its state').data as {
    sections: Record<string, Json[]>;
  };
}

/** Every public page: its canonical path and headings it shows (h1 first). */
const PUBLIC_PAGES: { path: string; canonical: string; headings: string[]; texts?: string[] }[] = [
  {
    path: '/',
    canonical: '/',
    headings: [
      demo('banner').bannerHeading!,
      demo('about').aboutHeading!,
      demo('serviceText').serviceHeading!,
      'Pricing Plan',
      demo('faqText').faqHeading!,
    ],
    texts: [demo('banner').bannerDetails!, ...DEMO_CONTENT.faqItems!.map((f) => f.accodingTitle!)],
  },
  {
    path: '/pricing/',
    canonical: '/pricing/',
    headings: ['Pricing Plan', ...PACKAGES.map((pkg) => pkg.packageName!)],
  },
  {
    path: '/service/',
    canonical: '/service/',
    headings: ['Our Services', demo('serviceText').serviceHeading!],
    texts: DEMO_CONTENT.serviceItems!.map((item) => item.serviceTitle!),
  },
  { path: '/contact', canonical: '/contact', headings: ['Contact Us'] },
  { path: '/contact-us', canonical: '/contact', headings: ['Contact Us'] },
  { path: '/thanks', canonical: '/thanks', headings: ['Thank You !'] },
  { path: '/login', canonical: '/login', headings: ['Login'] },
  { path: '/register', canonical: '/register', headings: ['Register'] },
  {
    path: '/seo-check',
    canonical: '/seo-check',
    headings: ['Free SEO check'],
    texts: ['Page to check', 'Also send me the newsletter'],
  },
];

beforeAll(async () => {
  if (!existsSync(SSR_ENTRY)) {
    throw new Error(`${SSR_ENTRY} is missing: run \`npm run build\` (server and web) first`);
  }
  api = world.api;
  visitor = api.client();
  admin = await world.admin();
}, 120_000);

describe('the public pages without JavaScript', () => {
  test.each(PUBLIC_PAGES)('$path holds its headings, texts and the footer', async (page) => {
    const { document } = await getPage(visitor, page.path);
    expect(document.documentElement.lang).toBe('en');
    const root = document.getElementById('root')!;
    expect(root.children.length).toBeGreaterThan(0);
    expect(texts(document, 'h1')).toStrictEqual([page.headings[0]]);
    const headings = texts(document, 'h1, h2, h3');
    for (const heading of page.headings) expect(headings).toContain(heading);
    const bodyText = root.textContent ?? '';
    for (const text of page.texts ?? []) expect(bodyText).toContain(text);
    expect(texts(document, 'footer address')).toStrictEqual([ADDRESS]);
    // Rendered as for a visitor, whoever asks (the browser corrects it after hydrating).
    expect(texts(document, 'header a')).toContain('Log in');
    // Images keep their space before they load.
    for (const image of document.querySelectorAll('#root img[src^="/demo/"]')) {
      expect(image.getAttribute('width')).toMatch(/^\d+$/);
      expect(image.getAttribute('height')).toMatch(/^\d+$/);
    }
    // The template's "needs JavaScript" notice goes (the page reads without it); a form's own note stays.
    expect(document.querySelector('body > noscript')).toBeNull();
    for (const note of document.querySelectorAll('noscript')) {
      expect(note.parentElement?.matches('fieldset.form-controls')).toBe(true);
    }
  });

  test.each(['/', '/pricing/'])('%s lists every package with its price', async (pagePath) => {
    const { document } = await getPage(visitor, pagePath);
    const cards = [...document.querySelectorAll('.pricing-card')].map((card) => ({
      name: card.querySelector('.pricing-card__name')?.textContent,
      price: card.querySelector('.pricing-card__price')?.textContent,
    }));
    // A monthly plan (the demo's are) is priced per month.
    expect(cards).toStrictEqual(
      PACKAGES.map((pkg) => ({
        name: pkg.packageName,
        price: `$${toMoney(pkg.packagePrice!)}${billingOf(pkg) === 'monthly' ? PER_MONTH : ''}`,
      })),
    );
  });

  test('a signed-in admin gets the same page as a visitor', async () => {
    const [forVisitor, forAdmin] = await Promise.all([
      getPage(visitor, '/pricing/'),
      getPage(admin, '/pricing/'),
    ]);
    expect(forAdmin.document.getElementById('root')!.innerHTML).toBe(
      forVisitor.document.getElementById('root')!.innerHTML,
    );
    const session = (appState(forAdmin.document).queries as Json).queries as Json[];
    const state = session.find((query) => JSON.stringify(query.queryKey) === '["session"]');
    // A visitor's session, stale from the start: the browser asks who is signed in after hydrating.
    expect(asObject(state, 'the session query').state).toMatchObject({
      data: { account: null, googleSignIn: false },
      dataUpdatedAt: 0,
    });
  });
});

describe('head tags', () => {
  test.each(PUBLIC_PAGES)('$path has one of each, from PUBLIC_URL', async (page) => {
    const { document } = await getPage(visitor, page.path);
    const canonical = `${api.publicUrl}${page.canonical}`;
    const title = document.head.querySelectorAll('title');
    expect(title).toHaveLength(1);
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(title[0]!.textContent).toMatch(/\S \| SEO Agency$/);
    const description = single(document, 'meta[name="description"]');
    expect(description.length).toBeGreaterThan(20);
    expect(single(document, 'link[rel="canonical"]', 'href')).toBe(canonical);
    expect(single(document, 'meta[property="og:url"]')).toBe(canonical);
    expect(single(document, 'meta[property="og:title"]')).toBe(title[0]!.textContent);
    expect(single(document, 'meta[property="og:description"]')).toBe(description);
    expect(single(document, 'meta[property="og:type"]')).toBe('website');
    expect(single(document, 'meta[property="og:site_name"]')).toBe('SEO Agency');
    expect(single(document, 'meta[property="og:image"]')).toMatch(new RegExp(`^${api.publicUrl}/`));
    expect(single(document, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(single(document, 'meta[name="twitter:title"]')).toBe(title[0]!.textContent);
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
  });

  test('the share image is a 1200×630 PNG the site serves, and /favicon.ico is an icon', async () => {
    const { document } = await getPage(visitor, '/pricing/');
    const image = new URL(single(document, 'meta[property="og:image"]'));
    expect(single(document, 'meta[name="twitter:image"]')).toBe(image.href);
    expect(single(document, 'meta[property="og:image:width"]')).toBe('1200');
    expect(single(document, 'meta[property="og:image:height"]')).toBe('630');
    expect(single(document, 'meta[property="og:image:type"]')).toBe('image/png');
    const png = await visitor.get(image.pathname);
    assertStatus(png, 200, `GET ${image.pathname}`);
    expect(png.headers.get('content-type')).toBe('image/png');
    // The PNG's own header (IHDR) gives its size.
    const header = Buffer.from(png.bytes);
    expect(header.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([header.readUInt32BE(16), header.readUInt32BE(20)]).toStrictEqual([1200, 630]);

    const icon = await visitor.get('/favicon.ico');
    assertStatus(icon, 200, 'GET /favicon.ico');
    expect(icon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    // An .ico file's header: reserved 0, type 1 (icon), then how many images it holds.
    const ico = Buffer.from(icon.bytes);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toStrictEqual([0, 1]);
    expect(ico.readUInt16LE(4)).toBeGreaterThan(0);
  });

  test('the home page preloads its hero image, which is fetched first', async () => {
    const { document } = await getPage(visitor, '/');
    const hero = demo('banner').imageOne!;
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toStrictEqual([hero]);
    expect(preloads[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(document.querySelector(`.hero img[src="${hero}"]`)?.getAttribute('fetchpriority')).toBe(
      'high',
    );
  });

  test('the pages carry their CSS (the routes’ too) and name no script but the entry', async () => {
    const { document } = await getPage(visitor, '/pricing/');
    const inline = [...document.head.querySelectorAll('style[data-href]')];
    const hrefs = inline.map((style) => style.getAttribute('data-href') ?? '');
    expect(hrefs.some((href) => /^\/assets\/pricing-cards-[\w-]+\.css$/.test(href))).toBe(true);
    for (const style of inline) {
      const href = style.getAttribute('data-href')!;
      const file = await visitor.get(href);
      assertStatus(file, 200, href);
      expect(style.textContent).toBe(file.text.trim());
    }
    // Each link stays, disabled (not fetched), so that the SPA's chunk loader skips it too.
    const links = [...document.head.querySelectorAll('link[rel="stylesheet"]')];
    expect(links.map((link) => link.getAttribute('href'))).toStrictEqual(hrefs);
    expect(links.every((link) => link.hasAttribute('disabled'))).toBe(true);
    // The page is painted before the app's code is fetched: only the small entry is named.
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    const scripts = [...document.querySelectorAll('script[src]')];
    expect(scripts.map((script) => script.getAttribute('type'))).toStrictEqual(['module']);
  });

  test('the home page holds its lazy part whole, with its CSS but not its code', async () => {
    const { response, document } = await getPage(visitor, '/');
    // Rendered in place: no boundary left to the browser (a fallback and a script to swap it).
    expect(response.text).not.toMatch(/<template|<!--\$[?!]-->|\$RC/);
    const text = document.getElementById('root')!.textContent ?? '';
    for (const item of DEMO_CONTENT.testimonials!) expect(text).toContain(item.personName!);
    expect(document.querySelector('#contact-sec form')).not.toBeNull();
    const links = (rel: string) =>
      [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map(
        (link) => link.getAttribute('href') ?? '',
      );
    const lazyCss = /^\/assets\/landing-below-fold-[\w-]+\.css$/;
    expect(links('stylesheet').filter((href) => lazyCss.test(href))).toHaveLength(1);
    const inline = [...document.head.querySelectorAll('style[data-href]')];
    expect(
      inline.filter((style) => lazyCss.test(style.getAttribute('data-href') ?? '')),
    ).toHaveLength(1);
    // Its code comes later: the page names no chunk of it (nor any other but the entry).
    expect(response.text).not.toMatch(/landing-below-fold-[\w-]+\.js/);
  });
});

describe('structured data', () => {
  test.each(['/', '/pricing/'])(
    '%s describes the agency and offers every package with its price in USD',
    async (pagePath) => {
      const nodes = structuredData((await getPage(visitor, pagePath)).document);
      const [agency] = ofType(nodes, 'ProfessionalService');
      expect(agency).toMatchObject({
        name: 'SEO Agency',
        url: `${api.publicUrl}/`,
        logo: `${api.publicUrl}${demo('logo').logo}`,
        address: {
          '@type': 'PostalAddress',
          streetAddress: '500 Congress Ave',
          addressLocality: 'Austin',
          addressRegion: 'TX',
          postalCode: '78701',
        },
        sameAs: [
          demo('footerSocial').fblink,
          demo('footerSocial').inslink,
          demo('footerSocial').youlink,
        ],
      });
      const points = agency!.contactPoint as Json[];
      expect(points).toContainEqual(expect.objectContaining({ telephone: '+1 (512) 555-0142' }));
      expect(points).toContainEqual(
        expect.objectContaining({ email: demo('footerAddress').emailAddress }),
      );
      expect(ofType(nodes, 'WebSite')).toHaveLength(1);
      const services = ofType(nodes, 'Service');
      expect(services).toHaveLength(1);
      const offers = (services[0]!.offers as Json[]).map(
        ({ name, price, priceCurrency, priceSpecification }) => ({
          name,
          price,
          priceCurrency,
          priceSpecification,
        }),
      );
      expect(offers).toStrictEqual(
        PACKAGES.map((pkg) => ({
          name: pkg.packageName,
          price: Number(pkg.packagePrice).toFixed(2),
          priceCurrency: 'USD',
          // The demo's packages are monthly plans: the price is per month.
          priceSpecification:
            billingOf(pkg) === 'monthly'
              ? {
                  '@type': 'UnitPriceSpecification',
                  price: Number(pkg.packagePrice).toFixed(2),
                  priceCurrency: 'USD',
                  unitCode: 'MON',
                  referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
                  billingDuration: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
                }
              : undefined,
        })),
      );
    },
  );

  test('inner pages have breadcrumbs, the home page does not', async () => {
    const home = structuredData((await getPage(visitor, '/')).document);
    expect(ofType(home, 'BreadcrumbList')).toHaveLength(0);
    const service = structuredData((await getPage(visitor, '/service/')).document);
    expect(ofType(service, 'Service')).toHaveLength(0);
    const [breadcrumbs] = ofType(service, 'BreadcrumbList');
    expect(breadcrumbs!.itemListElement).toStrictEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${api.publicUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Services', item: `${api.publicUrl}/service/` },
    ]);
  });
});

describe('unknown paths and the pages the browser renders', () => {
  test.each(['/no-such-page', '/pricing/extra', '/a/b/c', '/not-an-entry-id'])(
    '%s is a 404 with the not-found page',
    async (pagePath) => {
      const { document } = await getPage(visitor, pagePath, 404);
      expect(texts(document, 'h1')).toStrictEqual(['Page not found']);
      expect(document.title).toBe('Page not found | SEO Agency');
      expect(single(document, 'meta[name="robots"]')).toBe('noindex');
      expect(document.querySelector('link[rel="canonical"]')).toBeNull();
    },
  );

  test('an unknown API path keeps its JSON 404', async () => {
    const response = await visitor.get('/api/no-such-route', { headers: { accept: 'text/html' } });
    assertStatus(response, 404, 'GET /api/no-such-route');
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  test.each(['/dashboard', '/admin', '/edit-banner', '/reset', `/${randomUUID()}`])(
    '%s is the SPA, not indexed',
    async (pagePath) => {
      const { response, document } = await getPage(admin, pagePath);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(single(document, 'meta[name="robots"]')).toBe('noindex');
      expect(document.getElementById('root')!.innerHTML).toBe('');
      // This shop pays with the simulator (the default here): the SPA shows the demo notice.
      expect(appState(document)).toStrictEqual({
        publicUrl: api.publicUrl,
        simulatedPayments: true,
      });
    },
  );
});

describe('content changes', () => {
  async function updateBanner(fields: Record<string, string>): Promise<void> {
    const [banner] = await listEntries(admin, 'banner');
    const { _id: id, ...current } = banner!;
    const own = Object.fromEntries(
      Object.entries(current).filter(([name]) => name in demo('banner')),
    );
    assertStatus(
      await admin.put(`/api/content/banner/${id}`, { ...own, ...fields }),
      200,
      'PUT banner',
    );
  }

  test("an admin's edit of the banner heading is in the next server-rendered home page", async () => {
    const heading = `Rank higher with us ${randomUUID()}`;
    await updateBanner({ bannerHeading: heading });
    const { document } = await getPage(visitor, '/');
    expect(texts(document, 'h1')).toStrictEqual([heading]);
    expect(stateContent(document).sections.banner![0]!.bannerHeading).toBe(heading);
  });

  test('section texts cannot break out of the JSON-LD or the state', async () => {
    const payload = '</script><script>alert(1)</script><!-- \u2028 \u2029 & "quoted" >';
    const [serviceText] = await listEntries(admin, 'serviceText');
    const { _id: serviceTextId, ...serviceFields } = serviceText!;
    assertStatus(
      await admin.put(`/api/content/serviceText/${serviceTextId}`, {
        ...serviceFields,
        servicesubHeading: `Sub ${payload}`,
      }),
      200,
      'PUT serviceText',
    );
    await updateBanner({ bannerHeading: `Heading ${payload}`, bannerText: `Tag ${payload}` });
    // Without a Page SEO entry the home page's title is the banner's tag line.
    const homeSeo = (await listEntries(admin, 'seoPages')).find((entry) => entry.page === '/');
    if (homeSeo) {
      assertStatus(await admin.delete(`/api/content/seoPages/${homeSeo._id}`), 204, 'DELETE /');
    }

    const { response, document } = await getPage(visitor, '/');
    // Only the page's own scripts: the module, the state and the structured data.
    const scripts = [...document.querySelectorAll('script')].map(
      (script) => script.getAttribute('type') ?? '',
    );
    expect(scripts.sort()).toStrictEqual(['application/json', 'application/ld+json', 'module']);
    expect(response.text).not.toContain('<script>alert(1)');
    expect(response.text).not.toContain(`<!-- \u2028`);

    // Every text round-trips.
    expect(texts(document, 'h1')).toStrictEqual([`Heading ${payload}`]);
    expect(document.title).toBe(`Tag ${payload} | SEO Agency`);
    expect(single(document, 'meta[property="og:title"]')).toBe(`Tag ${payload} | SEO Agency`);
    const banner = stateContent(document).sections.banner![0]!;
    expect([banner.bannerHeading, banner.bannerText]).toStrictEqual([
      `Heading ${payload}`,
      `Tag ${payload}`,
    ]);
    const [service] = ofType(structuredData(document), 'Service');
    expect(service!.description).toBe(`Sub ${payload}`);
  });
});
