import { type ContentSnapshot, type Entry } from '@contracts/content';
import { billingOf } from '@contracts/billing';
import type {
  BreadcrumbList,
  ContactPoint,
  Graph,
  Offer,
  PostalAddress,
  ProfessionalService,
  UnitPriceSpecification,
  Service,
  Thing,
  WebSite,
} from 'schema-dts';
import { type PublicPage } from './public-pages';
import { entriesOf, type SiteSeo, textOf } from './site-seo';
import { absoluteUrl, siteOrigin } from './urls';

export interface StructuredDataInput {
  page: PublicPage;
  /** The page's own title (its breadcrumb). */
  pageName: string;
  content: ContentSnapshot | undefined;
  site: SiteSeo;
  publicUrl: string;
}

const POINT_NAMES = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
/** `500 Congress Ave, Austin, TX 78701`: street, city, state and ZIP code. */
const US_ADDRESS = /^(.+?),\s*([^,]+?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const PHONE = /\+?\d[\d\s().-]{5,}\d/g;
const EMAIL = /[^\s@,;:<>()]+@[^\s@,;:<>()]+\.[a-z]{2,}/gi;

function postalAddress(location: string): PostalAddress {
  const parts = US_ADDRESS.exec(location);
  if (!parts) return { '@type': 'PostalAddress', streetAddress: location };
  return {
    '@type': 'PostalAddress',
    streetAddress: parts[1]!,
    addressLocality: parts[2]!,
    addressRegion: parts[3]!,
    postalCode: parts[4]!,
    addressCountry: 'US',
  };
}

/** Every phone number and e-mail address of the footer's contact details and the contact cards. */
function contactPoints(content: ContentSnapshot | undefined): ContactPoint[] {
  const address = entriesOf(content, 'footerAddress')[0];
  const texts = [
    textOf(address, 'phoneNumber'),
    textOf(address, 'emailAddress'),
    ...entriesOf(content, 'contactCards').map((card) => textOf(card, 'contactDetails')),
  ].filter((text): text is string => Boolean(text));
  const phones = new Set(texts.flatMap((text) => text.match(PHONE) ?? []).map((p) => p.trim()));
  const emails = new Set(texts.flatMap((text) => text.match(EMAIL) ?? []));
  return [
    ...[...phones].map((telephone): ContactPoint => ({
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone,
    })),
    ...[...emails].map((email): ContactPoint => ({
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email,
    })),
  ];
}

/** A package's price as schema.org wants it: a decimal string (`149.00`). */
function decimalPrice(price: string | undefined): string | undefined {
  if (!price || !/^\d{1,7}(\.\d{1,2})?$/.test(price)) return undefined;
  return Number(price).toFixed(2);
}

function offerOf(pkg: Entry, pricingUrl: string, organization: string): Offer | undefined {
  const name = textOf(pkg, 'packageName');
  const price = decimalPrice(textOf(pkg, 'packagePrice'));
  if (!name || !price) return undefined;
  const points = POINT_NAMES.map((n) => textOf(pkg, `packagePoint${n}`)).filter(Boolean);
  // A monthly plan: the price is per month (UN/CEFACT `MON`), billed every month until cancelled.
  const perMonth: UnitPriceSpecification | undefined =
    billingOf(pkg) === 'monthly'
      ? {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: 'USD',
          unitCode: 'MON',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
          billingDuration: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
        }
      : undefined;
  return {
    '@type': 'Offer',
    name,
    price,
    priceCurrency: 'USD',
    ...(perMonth ? { priceSpecification: perMonth } : {}),
    url: pricingUrl,
    ...(points.length > 0 ? { description: points.join('; ') } : {}),
    availability: 'https://schema.org/InStock',
    seller: { '@id': organization },
  };
}

/**
 * The page's JSON-LD, generated from the content: the agency (`ProfessionalService`, an Organization),
 * the `WebSite`, the packages as one `Service` with an `Offer` each (home and pricing pages; a monthly
 * plan's with its per-month `UnitPriceSpecification`) and a
 * `BreadcrumbList` on inner pages.
 */
export function structuredData({
  page,
  pageName,
  content,
  site,
  publicUrl,
}: StructuredDataInput): Graph {
  const origin = siteOrigin(publicUrl);
  const home = `${origin}/`;
  const ids = { organization: `${home}#organization`, website: `${home}#website` };
  const address = entriesOf(content, 'footerAddress')[0];
  const social = entriesOf(content, 'footerSocial')[0];
  const location = textOf(address, 'location');
  const sameAs = ['fblink', 'inslink', 'youlink']
    .map((name) => absoluteUrl(publicUrl, textOf(social, name)))
    .filter((url): url is string => Boolean(url));
  const points = contactPoints(content);
  const logo = absoluteUrl(publicUrl, site.logo);
  const image = absoluteUrl(publicUrl, site.shareImage);

  const organization: ProfessionalService = {
    '@type': 'ProfessionalService',
    '@id': ids.organization,
    name: site.siteName,
    url: home,
    description: site.defaultDescription,
    ...(logo ? { logo } : {}),
    ...(image ? { image } : {}),
    ...(textOf(address, 'phoneNumber') ? { telephone: textOf(address, 'phoneNumber') } : {}),
    ...(textOf(address, 'emailAddress') ? { email: textOf(address, 'emailAddress') } : {}),
    ...(location ? { address: postalAddress(location) } : {}),
    ...(points.length > 0 ? { contactPoint: points } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': ids.website,
    name: site.siteName,
    url: home,
    inLanguage: 'en',
    publisher: { '@id': ids.organization },
  };
  const graph: Thing[] = [organization, website];

  if (page === '/' || page === '/pricing/') {
    const pricingUrl = `${origin}/pricing/`;
    const offers = entriesOf(content, 'pricing')
      .map((pkg) => offerOf(pkg, pricingUrl, ids.organization))
      .filter((offer): offer is Offer => Boolean(offer));
    const serviceText = entriesOf(content, 'serviceText')[0];
    const service: Service = {
      '@type': 'Service',
      '@id': `${pricingUrl}#service`,
      name: 'Search engine optimisation',
      serviceType: 'Search engine optimisation',
      ...(textOf(serviceText, 'servicesubHeading')
        ? { description: textOf(serviceText, 'servicesubHeading') }
        : {}),
      provider: { '@id': ids.organization },
      url: pricingUrl,
      offers,
    };
    graph.push(service);
  }

  if (page !== '/') {
    const breadcrumbs: BreadcrumbList = {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: home },
        { '@type': 'ListItem', position: 2, name: pageName, item: `${origin}${page}` },
      ],
    };
    graph.push(breadcrumbs);
  }

  return { '@context': 'https://schema.org', '@graph': graph };
}
