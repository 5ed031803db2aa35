/**
 * The content registry (src/contracts/content/sections.ts) against the product spec, written out here
 * as data: §3's field lists and kinds, the select options, and §7's seed paths. The registry drives
 * validation, storage, the API, the seed aliases and the admin screens, so a field missing or invented
 * here would be missing or invented everywhere.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONTENT_MESSAGES,
  findSection,
  SECTION_KEYS,
  SECTION_LIST,
  sectionInputSchema,
  type SectionDef,
} from '../../src/contracts/content/index.js';
import { adminUserInputSchema } from '../../src/contracts/identity.js';
import { SEED_ROUTES } from '../../src/modules/seed-api/seed-routes.js';
import {
  KNOWN_PENDING_READS,
  SPEC,
  SPEC_CONTENT_READS,
  type SpecSection,
} from '../support/content-spec.js';

/** The only alias of spec §3: "About: aboutImgOne or aboutImg". */
const ALIASES: Record<string, Record<string, string[]>> = { about: { aboutImgOne: ['aboutImg'] } };

/** Spec §3's choices. */
const OPTIONS: Record<string, Record<string, string[]>> = {
  bannerItems: { format: ['Facebook', 'Instagram', 'Youtube'], freeOrPaid: ['Paid', 'Free'] },
  pricing: { packageName: ['Basic', 'Premium', 'Standard'] },
  workSteps: { stepNumber: ['01', '02', '03', '04'] },
};

/** Fields spec §3 names as shown in one place only, so a record need not have them. */
const OPTIONAL: Record<string, string[]> = {
  serviceItems: ['serviceImg', 'serviceName'],
  footerAddress: ['aboutText'],
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
};

const sorted = (values: Iterable<string>) => [...values].sort();

function section(key: string): SectionDef {
  const found = findSection(key);
  assert.ok(found, `the registry has a section "${key}"`);
  return found;
}

describe('the content registry against spec §3', () => {
  it('has exactly the sections of the spec, no more, no fewer', () => {
    assert.deepEqual(sorted(SECTION_KEYS), sorted(Object.keys(SPEC)));
    assert.equal(new Set(SECTION_KEYS).size, SECTION_KEYS.length, 'section keys are unique');
    assert.equal(SECTION_LIST.length, Object.keys(SPEC).length);
  });

  for (const [key, spec] of Object.entries(SPEC)) {
    it(`${key}: the spec's fields, nothing missing, nothing invented`, () => {
      const names = section(key).fields.map((field) => field.name);
      assert.equal(new Set(names).size, names.length, `${key}: field names are unique`);
      const missing = spec.fields.filter((name) => !names.includes(name));
      const invented = names.filter((name) => !spec.fields.includes(name));
      assert.deepEqual(missing, [], `${key}: fields of the spec missing from the registry`);
      assert.deepEqual(invented, [], `${key}: fields in the registry the spec does not have`);
    });

    it(`${key} is a ${spec.kind}`, () => {
      assert.equal(section(key).kind, spec.kind);
    });

    it(`${key}: the seed paths of spec §7`, () => {
      const seed = section(key).seed as SpecSection['seed'];
      const defined = Object.fromEntries(
        Object.entries(seed).filter(([, value]) => value !== undefined),
      );
      assert.deepEqual(defined, spec.seed);
    });

    it(`${key}: every field has a label, a known type and options only when a select`, () => {
      for (const field of section(key).fields) {
        assert.ok(field.label.trim().length > 0, `${key}.${field.name} has a label`);
        assert.ok(
          [
            'text',
            'longText',
            'url',
            'image',
            'email',
            'numberText',
            'percent',
            'price',
            'select',
          ].includes(field.type),
          `${key}.${field.name}: type ${field.type}`,
        );
        if (field.type === 'select') {
          assert.ok(field.options && field.options.length > 0, `${key}.${field.name} options`);
        } else {
          assert.equal(field.options, undefined, `${key}.${field.name} has no options`);
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
      assert.deepEqual(aliases, ALIASES[s.key] ?? {}, `aliases of ${s.key}`);
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
    assert.ok(result.success, result.error?.message);
    assert.equal(result.data.aboutImgOne, '/demo/about-1000x800.svg');
    assert.ok(!('aboutImg' in result.data), 'stored under its own name only');
  });

  it('the select options are the spec’s, in its order', () => {
    for (const s of SECTION_LIST) {
      const options = Object.fromEntries(
        s.fields
          .filter((field) => field.type === 'select')
          .map((field) => [field.name, [...(field.options ?? [])]]),
      );
      assert.deepEqual(options, OPTIONS[s.key] ?? {}, `select fields of ${s.key}`);
    }
  });

  it('fields the spec shows in one place only are optional', () => {
    for (const [key, names] of Object.entries(OPTIONAL)) {
      for (const name of names) {
        const field = section(key).fields.find((f) => f.name === name);
        assert.equal(field?.required, false, `${key}.${name} is optional`);
      }
    }
    // …and the ones every form of that section sends are not.
    for (const name of ['serviceIcon', 'serviceTitle', 'serviceDetails']) {
      const field = section('serviceItems').fields.find((f) => f.name === name);
      assert.equal(field?.required, true, `serviceItems.${name} is required`);
    }
  });

  it('links, images, e-mails, prices and percents have their types', () => {
    for (const [key, types] of Object.entries(TYPES)) {
      const actual = Object.fromEntries(
        section(key)
          .fields.filter((field) => field.name in types)
          .map((field) => [field.name, field.type]),
      );
      assert.deepEqual(actual, types, `types in ${key}`);
    }
  });

  it('every section has its admin screens and alert texts', () => {
    for (const s of SECTION_LIST) {
      assert.match(s.admin.listPath, /^\//, `${s.key} admin.listPath`);
      assert.match(s.admin.editPath, /\{id\}/, `${s.key} admin.editPath names the id`);
      assert.ok(s.admin.editLinkText.length > 0, `${s.key} admin.editLinkText`);
      for (const alert of ['created', 'updated', 'deleted'] as const) {
        assert.ok(s.alerts[alert].length > 0, `${s.key} alerts.${alert}`);
      }
    }
  });

  it('the singleton conflict message names the section', () => {
    assert.equal(
      CONTENT_MESSAGES.singletonExists('Banner'),
      'Banner already exists: there is only one, edit it instead of adding another.',
    );
  });

  it('User (spec §3: userEmail, userRole) is the identity module’s admin user input', () => {
    assert.deepEqual(sorted(Object.keys(adminUserInputSchema.shape)), ['userEmail', 'userRole']);
  });
});

describe('the seed alias table against spec §7', () => {
  const routes = new Map(SEED_ROUTES.map((route) => [`${route.method} ${route.path}`, route]));

  it('serves every content read of §7 publicly, each as its section’s list', () => {
    const lists = SEED_ROUTES.filter((route) => route.target.kind === 'content.list');
    assert.deepEqual(sorted(lists.map((route) => route.path)), sorted(SPEC_CONTENT_READS));
    for (const route of lists) {
      assert.equal(route.method, 'GET');
      assert.equal(route.access, 'public', `GET ${route.path}`);
    }
  });

  for (const [key, spec] of Object.entries(SPEC)) {
    it(`${key}: each §7 call is routed to the section with the right access`, () => {
      const calls = [
        ['GET', spec.seed.list, 'content.list', 'public'],
        ['GET', spec.seed.get, 'content.get', 'public'],
        ['POST', spec.seed.create, 'content.create', 'admin'],
        ['PUT', spec.seed.update, 'content.update', 'admin'],
      ] as const;
      for (const [method, path, kind, access] of calls) {
        if (!path) continue;
        const route = routes.get(`${method} ${path}`);
        assert.ok(route, `${method} ${path} is in SEED_ROUTES`);
        assert.deepEqual(route.target, { kind, section: key }, `${method} ${path}`);
        assert.equal(route.access, access, `${method} ${path} access`);
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
    ] as const;
    for (const [call, kind, access] of expected) {
      const route = routes.get(call);
      assert.ok(route, `${call} is in SEED_ROUTES`);
      assert.equal(route.target.kind, kind, call);
      assert.equal(route.access, access, `${call} access`);
    }
  });

  it('has no path twice for one method, and no content call §7 does not list', () => {
    assert.equal(routes.size, SEED_ROUTES.length, 'no duplicate method + path');
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
    assert.deepEqual(extra, [], 'content calls in SEED_ROUTES that spec §7 does not have');
  });

  it('the reads of later features are not content sections (known pending, not checked)', () => {
    for (const path of KNOWN_PENDING_READS) {
      assert.ok(!SPEC_CONTENT_READS.includes(path), path);
    }
  });
});
