/**
 * The content registry (src/contracts/content/sections.ts) against the product spec, written out here
 * as data: §3's field lists and kinds, the select options, and §7's seed paths. The registry drives
 * validation, storage, the API, the seed aliases and the admin screens, so a field missing or invented
 * here would be missing or invented everywhere.
 */
import { describe, expect, it } from '@jest/globals';
import {
  CONTENT_MESSAGES,
  fieldMaxLength,
  findSection,
  SECTION_KEYS,
  SECTION_LIST,
  sectionInputSchema,
  type SectionDef,
} from '../../src/contracts/content/index.js';
import { adminUserInputSchema } from '../../src/contracts/identity.js';
import { SEED_ROUTES } from '../../src/modules/seed-api/seed-routes.js';
import { SPEC, SPEC_CONTENT_READS, type SpecSection } from '../support/content-spec.js';

/** The only alias of spec §3: "About: aboutImgOne or aboutImg". */
const ALIASES: Record<string, Record<string, string[]>> = { about: { aboutImgOne: ['aboutImg'] } };

/** Spec §3's choices, and issue 15's: the public pages a Page SEO entry is for. */
const OPTIONS: Record<string, Record<string, string[]>> = {
  bannerItems: { format: ['Facebook', 'Instagram', 'Youtube'], freeOrPaid: ['Paid', 'Free'] },
  pricing: { packageName: ['Basic', 'Premium', 'Standard'], billing: ['One-off', 'Monthly'] },
  workSteps: { stepNumber: ['01', '02', '03', '04'] },
  seoPages: {
    page: [
      '/',
      '/pricing/',
      '/service/',
      '/contact',
      '/thanks',
      '/login',
      '/register',
      '/seo-check',
    ],
  },
};

/**
 * Fields spec §3 names as shown in one place only, so a record need not have them; and issue 15's
 * optional SEO settings.
 */
const OPTIONAL: Record<string, string[]> = {
  serviceItems: ['serviceImg', 'serviceName'],
  footerAddress: ['aboutText'],
  seo: ['shareImage', 'googleVerification', 'postalAddress'],
  seoPages: ['shareImage'],
  businessDetails: ['taxId', 'invoiceFooter', 'logo'],
  // Issue 29: a package saved before it existed is one-off.
  pricing: ['billing', 'deliveryDays'],
};

/** Field types the seed paths' checks rely on (an e-mail, prices, links, images). */
const TYPES: Record<string, Record<string, string>> = {
  logo: { logo: 'image' },
  banner: { buttonURL: 'url', imageOne: 'image', bannerDetails: 'longText' },
  footerAddress: { emailAddress: 'email' },
  footerSocial: { fblink: 'url', inslink: 'url', youlink: 'url' },
  pricing: { packagePrice: 'price', packageName: 'select' },
  videoSection: { videoLink: 'url', videoImage: 'image' },
  bannerItems: { canvaLink: 'url', imageLink: 'image', format: 'select', freeOrPaid: 'select' },
  workSteps: { stepNumber: 'select', stapIcon: 'image' },
  experience: { skillOneNumber: 'percent', skillTwoNumber: 'percent', skillThreeNumber: 'percent' },
  teamMembers: { teamMemberImg: 'image' },
  seo: { shareImage: 'image', defaultDescription: 'longText' },
  seoPages: { page: 'select', shareImage: 'image', description: 'longText' },
  businessDetails: { address: 'longText', invoiceFooter: 'longText', logo: 'image' },
};

const sorted = (values: Iterable<string>) => [...values].sort();

function section(key: string): SectionDef {
  const found = findSection(key);
  expect(found).toBeDefined(); // the registry has a section of that key
  return found!;
}

describe('the content registry against spec §3', () => {
  it('has exactly the sections of the spec, no more, no fewer', () => {
    expect(sorted(SECTION_KEYS)).toStrictEqual(sorted(Object.keys(SPEC)));
    expect(new Set(SECTION_KEYS).size).toBe(SECTION_KEYS.length); // section keys are unique
    expect(SECTION_LIST).toHaveLength(Object.keys(SPEC).length);
  });

  for (const [key, spec] of Object.entries(SPEC)) {
    it(`${key}: the spec's fields, nothing missing, nothing invented`, () => {
      const names = section(key).fields.map((field) => field.name);
      expect(new Set(names).size).toBe(names.length); // field names are unique
      const missing = spec.fields.filter((name) => !names.includes(name));
      const invented = names.filter((name) => !spec.fields.includes(name));
      expect(missing).toStrictEqual([]); // fields of the spec missing from the registry
      expect(invented).toStrictEqual([]); // fields in the registry the spec does not have
    });

    it(`${key} is a ${spec.kind}`, () => {
      expect(section(key).kind).toBe(spec.kind);
    });

    it(`${key}: the seed paths of spec §7`, () => {
      const seed = section(key).seed as SpecSection['seed'];
      const defined = Object.fromEntries(
        Object.entries(seed).filter(([, value]) => value !== undefined),
      );
      expect(defined).toStrictEqual(spec.seed);
    });

    it(`${key}: every field has a label, a known type and options only when a select`, () => {
      for (const field of section(key).fields) {
        expect(field.label.trim().length).toBeGreaterThan(0); // every field has a label
        expect([
          'text',
          'longText',
          'url',
          'image',
          'email',
          'numberText',
          'percent',
          'price',
          'select',
        ]).toContain(field.type);
        if (field.type === 'select') {
          expect(field.options?.length).toBeGreaterThan(0); // a select has options
        } else {
          expect(field.options).toBe(undefined); // any other type has none
        }
      }
    });
  }

  it('the only alias is aboutImg, of about.aboutImgOne', () => {
    for (const s of SECTION_LIST) {
      const aliases = Object.fromEntries(
        s.fields
          .filter((field) => field.aliases && field.aliases.length > 0)
          .map((field) => [field.name, [...field.aliases!]]),
      );
      expect(aliases).toStrictEqual(ALIASES[s.key] ?? {}); // the aliases of that section
    }
  });

  it('reads aboutImg as aboutImgOne on input', () => {
    const about = section('about');
    const result = sectionInputSchema(about).safeParse({
      aboutImg: '/demo/about-1000x800.svg',
      aboutHeading: 'Heading',
      aboutText: 'Text',
      aboutDetails: 'Details',
    });
    expect(result.error).toBeUndefined(); // parsed: a failure shows zod's error
    expect(result.data?.aboutImgOne).toBe('/demo/about-1000x800.svg');
    expect(result.data).not.toHaveProperty('aboutImg'); // stored under its own name only
  });

  it('the select options are the spec’s, in its order', () => {
    for (const s of SECTION_LIST) {
      const options = Object.fromEntries(
        s.fields
          .filter((field) => field.type === 'select')
          .map((field) => [field.name, [...(field.options ?? [])]]),
      );
      expect(options).toStrictEqual(OPTIONS[s.key] ?? {}); // the select fields of that section
    }
  });

  it('fields the spec shows in one place only are optional', () => {
    for (const [key, names] of Object.entries(OPTIONAL)) {
      for (const name of names) {
        const field = section(key).fields.find((f) => f.name === name);
        expect(field?.required).toBe(false); // optional
      }
    }
    // …and the ones every form of that section sends are not.
    for (const name of ['serviceIcon', 'serviceTitle', 'serviceDetails']) {
      const field = section('serviceItems').fields.find((f) => f.name === name);
      expect(field?.required).toBe(true); // required
    }
  });

  it('links, images, e-mails, prices and percents have their types', () => {
    for (const [key, types] of Object.entries(TYPES)) {
      const actual = Object.fromEntries(
        section(key)
          .fields.filter((field) => field.name in types)
          .map((field) => [field.name, field.type]),
      );
      expect(actual).toStrictEqual(types); // the types in that section
    }
  });

  it('every section has its admin screens and alert texts', () => {
    for (const s of SECTION_LIST) {
      expect(s.admin.listPath).toMatch(/^\//);
      expect(s.admin.editPath).toMatch(/\{id\}/); // the edit path names the id
      expect(s.admin.editLinkText.length).toBeGreaterThan(0);
      for (const alert of ['created', 'updated', 'deleted'] as const) {
        expect(s.alerts[alert].length).toBeGreaterThan(0);
      }
    }
  });

  it('the singleton conflict message names the section', () => {
    expect(CONTENT_MESSAGES.singletonExists('Banner')).toBe(
      'Banner already exists: there is only one, edit it instead of adding another.',
    );
  });

  it('User (spec §3: userEmail, userRole) is the identity module’s admin user input', () => {
    expect(sorted(Object.keys(adminUserInputSchema.shape))).toStrictEqual([
      'userEmail',
      'userRole',
    ]);
  });
});

describe("issue 15's SEO settings", () => {
  /** The messages of a refused write, by field. */
  function refusal(key: string, input: Record<string, string>): Record<string, string[]> {
    const result = sectionInputSchema(section(key)).safeParse(input);
    expect(result.success).toBe(false); // the input is refused
    const messages: Record<string, string[]> = {};
    for (const issue of result.error?.issues ?? []) {
      (messages[issue.path.join('.')] ??= []).push(issue.message);
    }
    return messages;
  }
  const seo = {
    siteName: 'SEO Agency',
    titleTemplate: '%s | SEO Agency',
    defaultDescription: 'We help businesses get found.',
  };
  const page = { page: '/pricing/', title: 'Packages and prices', description: 'Our packages.' };

  it('takes a title template with %s once, where the page title goes', () => {
    expect(sectionInputSchema(section('seo')).safeParse(seo).success).toBe(true);
    const message = 'Title Template must contain %s once: it stands for the page title';
    for (const titleTemplate of ['SEO Agency', '%s | %s', '% s | SEO Agency']) {
      expect(refusal('seo', { ...seo, titleTemplate })).toStrictEqual({ titleTemplate: [message] });
    }
  });

  it('takes the Search Console token alone, not the meta tag', () => {
    const token = 'aBc_12-xYz';
    expect(
      sectionInputSchema(section('seo')).safeParse({ ...seo, googleVerification: token }).data,
    ).toMatchObject({ googleVerification: token });
    for (const googleVerification of [
      `<meta name="google-site-verification" content="${token}" />`,
      'google-site-verification=abc',
      'a b',
    ]) {
      expect(refusal('seo', { ...seo, googleVerification }).googleVerification?.[0]).toMatch(
        /^Google Search Console Token must be the token alone/,
      );
    }
  });

  it('keeps titles and descriptions to what search results show', () => {
    const limits = [
      ['seoPages', 'title', 70],
      ['seoPages', 'description', 200],
      ['seo', 'defaultDescription', 300],
      ['seo', 'titleTemplate', 70],
      ['seo', 'siteName', 60],
    ] as const;
    for (const [key, name, max] of limits) {
      const field = section(key).fields.find((candidate) => candidate.name === name)!;
      expect([name, fieldMaxLength(field)]).toStrictEqual([name, max]);
      const base = key === 'seo' ? seo : page;
      const long = name === 'titleTemplate' ? `%s${'x'.repeat(max - 1)}` : 'x'.repeat(max + 1);
      expect(refusal(key, { ...base, [name]: long })).toStrictEqual({
        [name]: [`${field.label} must be at most ${max} characters`],
      });
      const fits = name === 'titleTemplate' ? `%s${'x'.repeat(max - 2)}` : 'x'.repeat(max);
      expect(sectionInputSchema(section(key)).safeParse({ ...base, [name]: fits }).success).toBe(
        true,
      );
    }
    // Fields without a limit of their own keep their type's.
    const text = section('banner').fields.find((field) => field.name === 'bannerHeading')!;
    expect(fieldMaxLength(text)).toBe(200);
  });

  it('allows one Page SEO entry per page: the page is the only unique field', () => {
    const unique = SECTION_LIST.flatMap((s) =>
      s.fields.filter((field) => field.unique).map((field) => `${s.key}.${field.name}`),
    );
    expect(unique).toStrictEqual(['seoPages.page']);
    expect(CONTENT_MESSAGES.valueTaken('Page SEO', 'Page', '/pricing/')).toBe(
      'There is already a Page SEO entry with Page /pricing/: edit that one instead of adding another.',
    );
  });
});

describe('the seed alias table against spec §7', () => {
  const routes = new Map(SEED_ROUTES.map((route) => [`${route.method} ${route.path}`, route]));

  it('serves every content read of §7 publicly, each as its section’s list', () => {
    const lists = SEED_ROUTES.filter((route) => route.target.kind === 'content.list');
    expect(sorted(lists.map((route) => route.path))).toStrictEqual(sorted(SPEC_CONTENT_READS));
    for (const route of lists) {
      expect(route.method).toBe('GET');
      expect(route.access).toBe('public');
    }
  });

  for (const [key, spec] of Object.entries(SPEC)) {
    it(`${key}: each §7 call is routed to the section with the right access`, () => {
      const calls = [
        ['GET', spec.seed.list, 'content.list', 'public'],
        ['GET', spec.seed.get, 'content.get', 'public'],
        ['POST', spec.seed.create, 'content.create', ['admin', 'editor']],
        ['PUT', spec.seed.update, 'content.update', ['admin', 'editor']],
      ] as const;
      for (const [method, path, kind, access] of calls) {
        if (!path) continue;
        const route = routes.get(`${method} ${path}`);
        expect(route).toBeDefined(); // the call is in SEED_ROUTES
        expect(route?.target).toStrictEqual({ kind, section: key });
        expect(route?.access).toStrictEqual(access);
      }
    });
  }

  it('routes the users and contact calls of §7', () => {
    const expected = [
      ['GET /users', 'adminUsers.list', 'admin'],
      ['GET /users/{id}', 'adminUsers.get', 'admin'],
      ['POST /add-user', 'adminUsers.create', 'admin'],
      ['PUT /upadete-users/{id}', 'adminUsers.update', 'admin'],
      ['POST /add-message', 'messages.send', 'public'],
      ['GET /messages', 'messages.list', ['admin', 'support']],
      ['GET /message/{id}', 'messages.get', ['admin', 'support']],
      ['PUT /message/{id}', 'messages.markRead', ['admin', 'support']],
    ] as const;
    for (const [call, kind, access] of expected) {
      const route = routes.get(call);
      expect(route).toBeDefined(); // the call is in SEED_ROUTES
      expect(route?.target.kind).toBe(kind);
      expect(route?.access).toStrictEqual(access);
    }
  });

  it('has no path twice for one method, and no content call §7 does not list', () => {
    expect(routes.size).toBe(SEED_ROUTES.length); // no duplicate method + path
    const specCalls = new Set<string>();
    for (const spec of Object.values(SPEC)) {
      if (spec.seed.list) specCalls.add(`GET ${spec.seed.list}`);
      if (spec.seed.get) specCalls.add(`GET ${spec.seed.get}`);
      if (spec.seed.create) specCalls.add(`POST ${spec.seed.create}`);
      if (spec.seed.update) specCalls.add(`PUT ${spec.seed.update}`);
    }
    const extra = SEED_ROUTES.filter((route) => route.target.kind.startsWith('content.'))
      .map((route) => `${route.method} ${route.path}`)
      .filter((call) => !specCalls.has(call));
    expect(extra).toStrictEqual([]); // content calls in SEED_ROUTES that spec §7 does not have
  });
});
