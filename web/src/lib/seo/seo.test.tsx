import { describe, expect, it } from '@jest/globals';
import { type ContentSnapshot, type Entry } from '@contracts/content';
import { applyHead } from './apply-head';
import { buildHead, type HeadTags, type MetaTag } from './head';
import { headHtml } from './head-html';
import { escapeHtml, jsonForScript } from './json-script';
import { type PublicPage, PUBLIC_PAGES } from './public-pages';
import { siteSeo } from './site-seo';
import { structuredData } from './structured-data';

const PUBLIC_URL = 'https://agency.example';
const BREAKOUT = '</script><script>alert(1)</script><!-- \u2028\u2029 & "q" \'s\' >';

let nextId = 1;
const entry = (fields: Record<string, string>): Entry => ({ _id: `id-${nextId++}`, ...fields });

/** A snapshot with the sections the head and structured data read; `extra` adds or replaces some. */
function snapshot(extra: Record<string, Record<string, string>[]> = {}): ContentSnapshot {
  const sections: Record<string, Record<string, string>[]> = {
    logo: [{ logo: '/demo/logo-240x48.svg' }],
    banner: [
      {
        bannerText: 'SEO for growing businesses',
        bannerHeading: 'Get found',
        bannerDetails: 'We move your site up.',
        imageOne: '/demo/hero-1200x900.svg',
      },
    ],
    footerAbout: [{ aboutFooterText: 'About us', aboutFooterDetails: 'We help small businesses.' }],
    footerAddress: [
      {
        phoneNumber: '+1 (512) 555-0142',
        emailAddress: 'hello@agency.example',
        location: '500 Congress Ave, Austin, TX 78701',
      },
    ],
    footerSocial: [
      {
        aboutText: 'Follow us',
        fblink: 'https://www.facebook.com/agency',
        inslink: 'https://www.instagram.com/agency',
        youlink: 'javascript:alert(1)',
      },
    ],
    contactCards: [
      { contactTitle: 'Call', contactDetails: '+1 (512) 555-0142, Monday to Friday' },
      { contactTitle: 'Other line', contactDetails: 'or +44 20 7946 0958' },
      { contactTitle: 'Write', contactDetails: 'sales@agency.example, within a day' },
    ],
    serviceText: [{ serviceHeading: 'Everything', servicesubHeading: 'Audits to reports.' }],
    pricing: [
      {
        packageName: 'Basic',
        packagePrice: '149',
        packagePointOne: 'Audit',
        packagePointTwo: 'Report',
      },
      { packageName: 'Premium', packagePrice: '499.5', billing: 'Monthly' },
      { packageName: 'Broken', packagePrice: 'free' },
    ],
    ...extra,
  };
  return {
    sections: Object.fromEntries(
      Object.entries(sections).map(([key, entries]) => [key, entries.map(entry)]),
    ),
  } as ContentSnapshot;
}

const SEO: Record<string, Record<string, string>[]> = {
  seo: [
    {
      siteName: 'Rank Agency',
      titleTemplate: '%s — Rank Agency',
      defaultDescription: 'Rank Agency grows organic traffic.',
      shareImage: '/uploads/share-1200x630.png',
      googleVerification: 'abc123',
    },
  ],
  seoPages: [
    { page: '/pricing/', title: 'Plans and prices', description: 'Our three plans.' },
    {
      page: '/',
      title: 'SEO that pays',
      description: 'Home description.',
      shareImage: 'https://cdn.example/home.png',
    },
  ],
};

const metaKey = (tag: MetaTag) => ('name' in tag ? tag.name : tag.property);
const metaOf = (tags: HeadTags) =>
  Object.fromEntries(tags.meta.map((tag) => [metaKey(tag), tag.content]));

describe('jsonForScript', () => {
  it('writes <, >, &, U+2028 and U+2029 as escapes that JSON.parse reads back', () => {
    const value = { text: BREAKOUT, nested: [BREAKOUT] };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toStrictEqual(value);
  });
});

describe('escapeHtml', () => {
  it('escapes what could end an attribute or start a tag', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('buildHead', () => {
  it('derives every tag from the other sections when there are no SEO settings', () => {
    const head = buildHead({ page: '/', content: snapshot(), publicUrl: PUBLIC_URL });
    expect(head.title).toBe('SEO for growing businesses | SEO Agency');
    expect(head.canonical).toBe('https://agency.example/');
    expect(head.heroImage).toBe('/demo/hero-1200x900.svg');
    expect(metaOf(head)).toStrictEqual({
      description: 'We help small businesses.',
      'og:title': head.title,
      'og:description': 'We help small businesses.',
      'og:url': 'https://agency.example/',
      'og:type': 'website',
      'og:site_name': 'SEO Agency',
      'og:locale': 'en_US',
      // The banner's image is an SVG, which social sites do not show: the site's own PNG.
      'og:image': 'https://agency.example/share-image.png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:type': 'image/png',
      'twitter:card': 'summary_large_image',
      'twitter:title': head.title,
      'twitter:description': 'We help small businesses.',
      'twitter:image': 'https://agency.example/share-image.png',
    });
  });

  it('uses the site-wide and per-page SEO settings', () => {
    const content = snapshot(SEO);
    const home = buildHead({ page: '/', content, publicUrl: `${PUBLIC_URL}/` });
    expect(home.title).toBe('SEO that pays — Rank Agency');
    expect(home.canonical).toBe('https://agency.example/');
    expect(metaOf(home)).toMatchObject({
      description: 'Home description.',
      'og:site_name': 'Rank Agency',
      'og:image': 'https://cdn.example/home.png',
      'google-site-verification': 'abc123',
    });

    const pricing = buildHead({ page: '/pricing/', content, publicUrl: PUBLIC_URL });
    expect(pricing.title).toBe('Plans and prices — Rank Agency');
    expect(pricing.canonical).toBe('https://agency.example/pricing/');
    expect(pricing.heroImage).toBeUndefined();
    expect(metaOf(pricing)).toMatchObject({
      description: 'Our three plans.',
      'og:image': 'https://agency.example/uploads/share-1200x630.png',
    });

    // A page without its own entry: its default title in the site's template.
    const service = buildHead({ page: '/service/', content, publicUrl: PUBLIC_URL });
    expect(service.title).toBe('Services — Rank Agency');
  });

  it.each([
    'Plans from $$49, $& more',
    "$1 a month, $' and $` too",
    'Save $$$ with $<name> and $0',
  ])('keeps a title with $ patterns as typed: %s', (title) => {
    const content = snapshot({
      ...SEO,
      seoPages: [{ page: '/pricing/', title, description: 'Our three plans.' }],
    });
    const head = buildHead({ page: '/pricing/', content, publicUrl: PUBLIC_URL });
    expect(head.title).toBe(`${title} — Rank Agency`);
    expect(metaOf(head)['og:title']).toBe(head.title);
  });

  it('keeps $ patterns in the title template itself as typed', () => {
    const content = snapshot({ seo: [{ siteName: 'Rank', titleTemplate: '$& %s $$ | $1' }] });
    expect(buildHead({ page: '/login', content, publicUrl: PUBLIC_URL }).title).toBe(
      '$& Login $$ | $1',
    );
  });

  it('ignores a title template without %s', () => {
    const content = snapshot({ seo: [{ siteName: 'Rank Agency', titleTemplate: 'Rank Agency' }] });
    expect(buildHead({ page: '/login', content, publicUrl: PUBLIC_URL }).title).toBe(
      'Login | Rank Agency',
    );
  });

  it.each(PUBLIC_PAGES)('gives %s one tag of each kind', (page: PublicPage) => {
    const head = buildHead({ page, content: snapshot(SEO), publicUrl: PUBLIC_URL });
    const keys = head.meta.map(metaKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('robots');
    expect(head.canonical).toBe(`https://agency.example${page}`);
    expect(head.jsonLd).toBeDefined();
  });

  it('keeps the not-found page and the pages the browser renders out of the index', () => {
    const notFound = buildHead({ page: 'not-found', content: snapshot(), publicUrl: PUBLIC_URL });
    expect(notFound.title).toBe('Page not found | SEO Agency');
    expect(notFound.canonical).toBeUndefined();
    expect(notFound.jsonLd).toBeUndefined();
    expect(metaOf(notFound).robots).toBe('noindex');

    const dashboard = buildHead({
      page: undefined,
      pageTitle: 'Dashboard',
      content: undefined,
      publicUrl: PUBLIC_URL,
    });
    expect(dashboard).toStrictEqual({
      title: 'Dashboard | SEO Agency',
      meta: [{ name: 'robots', content: 'noindex' }],
    });
  });

  it('takes no share image that is not an http(s) URL or a site path, nor an SVG', () => {
    const content = snapshot({
      seo: [{ shareImage: 'javascript:alert(1)' }],
      seoPages: [{ page: '/thanks', shareImage: '/uploads/card.svg' }],
      banner: [],
    });
    const meta = metaOf(buildHead({ page: '/thanks', content, publicUrl: PUBLIC_URL }));
    expect(meta['og:image']).toBe('https://agency.example/share-image.png');
  });

  it('gives the type of a share image the content names, by its extension', () => {
    const meta = metaOf(buildHead({ page: '/', content: snapshot(SEO), publicUrl: PUBLIC_URL }));
    expect(meta['og:image:type']).toBe('image/png');
    // Its size is not known: no width or height is claimed.
    expect(meta['og:image:width']).toBeUndefined();
  });
});

describe('structuredData', () => {
  const graph = (page: PublicPage, content = snapshot()) =>
    structuredData({
      page,
      pageName: 'Page',
      content,
      site: siteSeo(content),
      publicUrl: PUBLIC_URL,
    })['@graph'] as unknown as Record<string, unknown>[];
  const ofType = (nodes: Record<string, unknown>[], type: string) =>
    nodes.filter((node) => node['@type'] === type);

  it('describes the agency from the footer and contact sections', () => {
    const [agency] = ofType(graph('/'), 'ProfessionalService');
    expect(agency).toStrictEqual({
      '@type': 'ProfessionalService',
      '@id': 'https://agency.example/#organization',
      name: 'SEO Agency',
      url: 'https://agency.example/',
      description: 'We help small businesses.',
      logo: 'https://agency.example/demo/logo-240x48.svg',
      image: 'https://agency.example/share-image.png',
      telephone: '+1 (512) 555-0142',
      email: 'hello@agency.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '500 Congress Ave',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78701',
        addressCountry: 'US',
      },
      contactPoint: [
        {
          '@type': 'ContactPoint',
          contactType: 'customer service',
          telephone: '+1 (512) 555-0142',
        },
        { '@type': 'ContactPoint', contactType: 'customer service', telephone: '+44 20 7946 0958' },
        { '@type': 'ContactPoint', contactType: 'customer service', email: 'hello@agency.example' },
        { '@type': 'ContactPoint', contactType: 'customer service', email: 'sales@agency.example' },
      ],
      // The `javascript:` link is left out.
      sameAs: ['https://www.facebook.com/agency', 'https://www.instagram.com/agency'],
    });
    expect(ofType(graph('/'), 'WebSite')).toStrictEqual([
      {
        '@type': 'WebSite',
        '@id': 'https://agency.example/#website',
        name: 'SEO Agency',
        url: 'https://agency.example/',
        inLanguage: 'en',
        publisher: { '@id': 'https://agency.example/#organization' },
      },
    ]);
  });

  it('keeps an address it cannot split as one line', () => {
    const content = snapshot({ footerAddress: [{ location: '10 Downing Street, London' }] });
    const [agency] = ofType(graph('/', content), 'ProfessionalService');
    expect(agency!.address).toStrictEqual({
      '@type': 'PostalAddress',
      streetAddress: '10 Downing Street, London',
    });
  });

  it.each(['/', '/pricing/'] as const)(
    'offers each package with a valid price on %s, as a decimal string in USD',
    (page) => {
      const [service] = ofType(graph(page), 'Service');
      const offers = service!.offers as Record<string, unknown>[];
      expect(
        offers.map(({ name, price, priceCurrency, description }) => ({
          name,
          price,
          priceCurrency,
          description,
        })),
      ).toStrictEqual([
        { name: 'Basic', price: '149.00', priceCurrency: 'USD', description: 'Audit; Report' },
        { name: 'Premium', price: '499.50', priceCurrency: 'USD', description: undefined },
      ]);
      expect(service!.provider).toStrictEqual({ '@id': 'https://agency.example/#organization' });
    },
  );

  it('prices a monthly plan per month and a one-off package once', () => {
    const [service] = ofType(graph('/pricing/'), 'Service');
    const [basic, premium] = service!.offers as Record<string, unknown>[];
    expect(basic!.priceSpecification).toBeUndefined();
    expect(premium!.priceSpecification).toStrictEqual({
      '@type': 'UnitPriceSpecification',
      price: '499.50',
      priceCurrency: 'USD',
      unitCode: 'MON',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      billingDuration: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
    });
  });

  it('has breadcrumbs on inner pages only, and the packages on the home and pricing pages only', () => {
    expect(ofType(graph('/'), 'BreadcrumbList')).toHaveLength(0);
    expect(ofType(graph('/service/'), 'Service')).toHaveLength(0);
    expect(ofType(graph('/service/'), 'BreadcrumbList')).toStrictEqual([
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://agency.example/' },
          {
            '@type': 'ListItem',
            position: 2,
            name: 'Page',
            item: 'https://agency.example/service/',
          },
        ],
      },
    ]);
  });
});

describe('headHtml and applyHead', () => {
  const content = snapshot({
    seoPages: [{ page: '/pricing/', title: `Plans ${BREAKOUT}`, description: BREAKOUT }],
    serviceText: [{ serviceHeading: 'x', servicesubHeading: BREAKOUT }],
  });

  it('writes texts that cannot break out of their element or attribute', () => {
    const tags = buildHead({ page: '/pricing/', content, publicUrl: PUBLIC_URL });
    const document = new DOMParser().parseFromString(
      `<!doctype html><html><head>${headHtml(tags)}</head><body></body></html>`,
      'text/html',
    );
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(document.body.childNodes).toHaveLength(0);
    expect(document.title).toBe(tags.title);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      BREAKOUT,
    );
    const jsonLd = JSON.parse(document.querySelector('script')!.textContent!) as object;
    expect(jsonLd).toStrictEqual(tags.jsonLd);
  });

  it('brings the head to another page’s tags and leaves it alone when it is current', () => {
    document.head.innerHTML =
      '<meta charset="utf-8"><meta name="description" content="From the template">' +
      '<title>Template</title>' +
      headHtml(buildHead({ page: '/', content, publicUrl: PUBLIC_URL }));
    const pricing = buildHead({ page: '/pricing/', content, publicUrl: PUBLIC_URL });

    applyHead(document, pricing);
    expect(document.title).toBe(pricing.title);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      BREAKOUT,
    );
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://agency.example/pricing/',
    );
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(document.querySelector('meta[charset]')).not.toBeNull();

    const canonical = document.querySelector('link[rel="canonical"]');
    applyHead(document, pricing);
    expect(document.querySelector('link[rel="canonical"]')).toBe(canonical);

    applyHead(
      document,
      buildHead({ page: undefined, pageTitle: 'Orders', content, publicUrl: PUBLIC_URL }),
    );
    expect(document.title).toBe('Orders | SEO Agency');
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.querySelector('meta[name="description"]')).toBeNull();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});
