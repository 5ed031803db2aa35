/**
 * The canonical content API (/api/content) against the built server, real PostgreSQL and Redis: what
 * it refuses. The registry's rules per field type (a refused write stores nothing), one record per
 * singleton, one Page SEO entry per page. Writes, the public snapshot and the history are in
 * content.test.ts.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/content-validation.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { CONTENT_MESSAGES } from '../../src/contracts/content/index.js';
import {
  type ContentClients,
  contentClients,
  ownFields,
  singletonEntry,
  emptySection,
  listEntries,
  sampleRecord,
  sectionOf,
  storedCounts,
  storedData,
} from '../support/content.js';
import { SPEC } from '../support/content-spec.js';
import { assertErrorBody, assertStatus, fieldsOf } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'content-validation' });
const suite = world;
const { adminEmail, adminPassword } = world;

let api: IdentityApp;
let clients: ContentClients;

describe('the content API', () => {
  beforeAll(async () => {
    api = world.api;
    clients = await contentClients(suite, api, adminEmail, adminPassword);
  }, 120_000);

  describe('bad input: 400 naming the field, nothing stored', () => {
    interface BadCase {
      key: string;
      /** POST a new record, or PUT over the section's first record. */
      method: 'POST' | 'PUT';
      /** Merged into a valid record; `undefined` removes the field. */
      change: Record<string, unknown>;
      field: string;
      message: string;
      /** Defaults to the canonical path. */
      path?: (id: string) => string;
    }

    const long = (n: number) => 'x'.repeat(n);
    const CASES: BadCase[] = [
      // url
      ...['javascript:alert(1)', 'not a url', 'ftp://example.com/x'].map((value): BadCase => ({
        key: 'bannerItems',
        method: 'POST',
        change: { canvaLink: value },
        field: 'canvaLink',
        message: 'Canva Link must be an http(s) URL',
      })),
      {
        key: 'banner',
        method: 'PUT',
        change: { buttonURL: 'javascript:alert(1)' },
        field: 'buttonURL',
        message: 'Button URL must be an http(s) URL',
      },
      {
        key: 'videoSection',
        method: 'PUT',
        change: { videoLink: 'not a url' },
        field: 'videoLink',
        message: 'Video Link must be an http(s) URL',
      },
      // image
      ...['javascript:alert(1)', '//evil.example/x.png', 'not an image'].map((value): BadCase => ({
        key: 'teamMembers',
        method: 'POST',
        change: { teamMemberImg: value },
        field: 'teamMemberImg',
        message: 'Photo must be an image URL or an uploaded image',
      })),
      // e-mail
      ...['not-an-email', 'a@b', 'hello@'].map((value): BadCase => ({
        key: 'footerAddress',
        method: 'PUT',
        change: { emailAddress: value },
        field: 'emailAddress',
        message: 'Provide a Valid Email',
      })),
      // price
      ...['-5', '49.999', '4O', '1e3'].map((value): BadCase => ({
        key: 'pricing',
        method: 'POST',
        change: { packagePrice: value },
        field: 'packagePrice',
        message: 'Package Price must be a price like 49 or 49.99',
      })),
      // select
      {
        key: 'pricing',
        method: 'POST',
        change: { packageName: 'Gold' },
        field: 'packageName',
        message: 'Package Name must be one of Basic, Premium, Standard',
      },
      {
        key: 'bannerItems',
        method: 'POST',
        change: { format: 'TikTok' },
        field: 'format',
        message: 'Format must be one of Facebook, Instagram, Youtube',
      },
      {
        key: 'bannerItems',
        method: 'POST',
        change: { freeOrPaid: 'paid' },
        field: 'freeOrPaid',
        message: 'Free or Paid must be one of Paid, Free',
      },
      {
        key: 'workSteps',
        method: 'POST',
        change: { stepNumber: '05' },
        field: 'stepNumber',
        message: 'Step Number must be one of 01, 02, 03, 04',
      },
      // percent and numbers
      {
        key: 'experience',
        method: 'PUT',
        change: { skillOneNumber: '101' },
        field: 'skillOneNumber',
        message: 'Skill One Percent must be a number from 0 to 100',
      },
      {
        key: 'counters',
        method: 'PUT',
        change: { teamNumber: 'many' },
        field: 'teamNumber',
        message: 'Team Number must be a number',
      },
      // unknown field
      {
        key: 'faqItems',
        method: 'POST',
        change: { isAdmin: 'yes' },
        field: 'isAdmin',
        message: 'Unknown field',
      },
      {
        key: 'banner',
        method: 'PUT',
        change: { bannerSubtitle: 'not a field' },
        field: 'bannerSubtitle',
        message: 'Unknown field',
      },
      // required
      ...[undefined, '', '   '].map((value): BadCase => ({
        key: 'serviceItems',
        method: 'POST',
        change: { serviceTitle: value },
        field: 'serviceTitle',
        message: 'Service Title is Required',
      })),
      {
        key: 'banner',
        method: 'PUT',
        change: { bannerHeading: undefined },
        field: 'bannerHeading',
        message: 'Banner Heading is Required',
      },
      // lengths
      {
        key: 'faqItems',
        method: 'POST',
        change: { accodingText: long(5001) },
        field: 'accodingText',
        message: 'Answer must be at most 5000 characters',
      },
      {
        key: 'faqItems',
        method: 'POST',
        change: { accodingTitle: long(201) },
        field: 'accodingTitle',
        message: 'Question must be at most 200 characters',
      },
      {
        key: 'banner',
        method: 'PUT',
        change: { bannerDetails: long(5001) },
        field: 'bannerDetails',
        message: 'Banner Details must be at most 5000 characters',
      },
      // the seed paths check the same way
      {
        key: 'bannerItems',
        method: 'POST',
        change: { canvaLink: 'javascript:alert(1)' },
        field: 'canvaLink',
        message: 'Canva Link must be an http(s) URL',
        path: () => '/api/add-item',
      },
      {
        key: 'footerAddress',
        method: 'PUT',
        change: { emailAddress: 'nobody' },
        field: 'emailAddress',
        message: 'Provide a Valid Email',
        path: (id) => `/api/footer-address/${id}`,
      },
    ];

    for (const c of CASES) {
      const value = c.change[c.field];
      const shown =
        typeof value === 'string' && value.length > 40 ? `${value.length} chars` : value;
      test(`${c.method} ${c.key}: ${c.field} = ${JSON.stringify(shown)} → ${c.message}`, async () => {
        const section = sectionOf(c.key);
        const target =
          c.method === 'PUT' ? (await listEntries(clients.admin, c.key))[0] : undefined;
        // A PUT needs a record of the section to update.
        if (c.method === 'PUT') expect(target).toBeDefined();
        const id = target?._id ?? '';
        const valid = target ? ownFields(c.key, target) : sampleRecord(section);
        const body: Record<string, unknown> = { ...valid, ...c.change };
        for (const [name, changed] of Object.entries(c.change)) {
          if (changed === undefined) delete body[name];
        }
        const path =
          c.path?.(id) ??
          (c.method === 'PUT' ? `/api/content/${c.key}/${id}` : `/api/content/${c.key}`);

        const before = await storedCounts(suite, c.key);
        const stored = target ? await storedData(suite, id) : undefined;
        const response = await clients.admin.request(c.method, path, { json: body });
        const error = assertErrorBody(response, 400, `${c.method} ${path}`);
        expect(error.error).toBe('Bad Request');
        // The message of the field (a failure shows every field's message).
        expect(fieldsOf(error)).toHaveProperty([c.field], c.message);
        // No record, no revision.
        expect(await storedCounts(suite, c.key)).toStrictEqual(before);
        // The record unchanged.
        if (target) expect(await storedData(suite, id)).toStrictEqual(stored);
      });
    }

    test('a value that is not a string is refused', async () => {
      const section = sectionOf('steps');
      const before = await storedCounts(suite, 'steps');
      const response = await clients.admin.post('/api/content/steps', {
        ...sampleRecord(section),
        stepNumber: 3,
      });
      const error = assertErrorBody(response, 400, 'a number for stepNumber');
      // stepNumber is named (a failure shows the fields).
      expect(fieldsOf(error)).toMatchObject({ stepNumber: expect.stringMatching(/./s) });
      expect(await storedCounts(suite, 'steps')).toStrictEqual(before);
    });

    test('every error of a body is named at once', async () => {
      const response = await clients.admin.post('/api/content/bannerItems', {
        format: 'TikTok',
        canvaLink: 'nope',
        category: '',
        extra: 'x',
      });
      const fields = fieldsOf(assertErrorBody(response, 400, 'several bad fields'));
      expect(fields).toStrictEqual({
        format: 'Format must be one of Facebook, Instagram, Youtube',
        canvaLink: 'Canva Link must be an http(s) URL',
        imageLink: 'Image is Required',
        category: 'Category is Required',
        freeOrPaid: 'Free or Paid is Required',
        extra: 'Unknown field',
      });
    });

    test('a body that is not JSON: 415 / 400, nothing stored', async () => {
      const before = await storedCounts(suite, 'faqItems');
      for (const path of ['/api/content/faqItems', '/api/add-faq-item']) {
        const asText = await clients.admin.post(path, undefined, {
          body: 'accodingTitle=Q&accodingText=A',
          headers: { 'content-type': 'text/plain' },
        });
        assertErrorBody(asText, 415, `POST ${path} as text/plain`);
        const asForm = await clients.admin.post(path, undefined, {
          body: new URLSearchParams({ accodingTitle: 'Q', accodingText: 'A' }),
        });
        assertErrorBody(asForm, 415, `POST ${path} as a form`);
        const broken = await clients.admin.post(path, undefined, {
          body: '{"accodingTitle": "Q",',
          headers: { 'content-type': 'application/json' },
        });
        assertErrorBody(broken, 400, `POST ${path} with broken JSON`);
        for (const json of [[], 'text', null]) {
          const response = await clients.admin.post(path, undefined, {
            body: JSON.stringify(json),
            headers: { 'content-type': 'application/json' },
          });
          assertErrorBody(response, 400, `POST ${path} with ${JSON.stringify(json)}`);
        }
      }
      expect(await storedCounts(suite, 'faqItems')).toStrictEqual(before);
    });

    test('unknown sections and records are 404', async () => {
      const unknownSection = await clients.admin.post('/api/content/nope', { a: 'b' });
      const body = assertErrorBody(unknownSection, 404, 'POST /api/content/nope');
      expect(body.message).toBe(CONTENT_MESSAGES.unknownSection);
      assertErrorBody(await clients.anonymous.get('/api/content/nope'), 404, 'GET nope');
      assertErrorBody(
        await clients.anonymous.get(`/api/content/faqItems/${randomUUID()}`),
        404,
        'GET an unknown record',
      );
      const before = await storedCounts(suite, 'faqItems');
      assertErrorBody(
        await clients.admin.put(
          `/api/content/faqItems/${randomUUID()}`,
          sampleRecord(sectionOf('faqItems')),
        ),
        404,
        'PUT an unknown record',
      );
      // PUT does not create.
      expect(await storedCounts(suite, 'faqItems')).toStrictEqual(before);
    });
  });

  describe('singletons take one record', () => {
    test('a second banner is 409 with the message, canonical and seed path alike', async () => {
      const existing = await singletonEntry(clients.anonymous, 'banner');
      const before = await storedCounts(suite, 'banner');
      const record = sampleRecord(sectionOf('banner'));
      for (const path of ['/api/content/banner', '/api/add-banner']) {
        const response = await clients.admin.post(path, record);
        const body = assertErrorBody(response, 409, `POST ${path}`);
        expect(body.message).toBe(
          'Banner already exists: there is only one, edit it instead of adding another.',
        );
      }
      expect(await storedCounts(suite, 'banner')).toStrictEqual(before);
      expect((await singletonEntry(clients.anonymous, 'banner'))._id).toBe(existing._id);
    });

    test('every singleton of the spec refuses a second record', async () => {
      for (const [key, spec] of Object.entries(SPEC)) {
        if (spec.kind !== 'singleton') continue;
        const section = sectionOf(key);
        const before = await storedCounts(suite, key);
        // The section has its demo record (the key stands beside the count, so a failure names it).
        expect({ [key]: before.entries }).toStrictEqual({ [key]: 1 });
        const response = await clients.admin.post(`/api/content/${key}`, sampleRecord(section));
        const body = assertErrorBody(response, 409, `POST /api/content/${key}`);
        expect(body.message).toBe(CONTENT_MESSAGES.singletonExists(section.label));
        // Nothing stored.
        expect({ [key]: await storedCounts(suite, key) }).toStrictEqual({ [key]: before });
      }
    });

    test('two admins adding the first record at once: one 201, one 409', async () => {
      await emptySection(clients.admin, 'copyright');
      const other = api.client();
      await other.post('/api/auth/login', { email: adminEmail, password: adminPassword });
      const record = sampleRecord(sectionOf('copyright'));
      const answers = await Promise.all(
        [clients.admin, other, clients.admin, other].map((client) =>
          client.post('/api/content/copyright', record),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      // The answers stand beside the statuses, so that a failure shows them.
      const texts = answers.map((a) => a.text);
      expect({ statuses, texts }).toStrictEqual({ statuses: [201, 409, 409, 409], texts });
      expect((await storedCounts(suite, 'copyright')).entries).toBe(1);
    });
  });

  describe('one Page SEO entry per page (a unique field)', () => {
    const pageEntry = async (page: string) =>
      (await listEntries(clients.anonymous, 'seoPages')).find((entry) => entry.page === page);
    const record = (page: string, title: string) => ({
      page,
      title,
      description: `About ${title}`,
    });

    test('a second entry for a page is 409 with the message, and nothing is stored', async () => {
      const before = await storedCounts(suite, 'seoPages');
      const response = await clients.admin.post(
        '/api/content/seoPages',
        record('/pricing/', 'Prices again'),
      );
      const body = assertErrorBody(response, 409, 'POST a second /pricing/ entry');
      expect(body.message).toBe(CONTENT_MESSAGES.valueTaken('Page SEO', 'Page', '/pricing/'));
      expect(await storedCounts(suite, 'seoPages')).toStrictEqual(before);
    });

    test('moving an entry onto a page another one has is 409; keeping its own page is fine', async () => {
      const login = (await pageEntry('/login'))!;
      const moved = await clients.admin.put(
        `/api/content/seoPages/${login._id}`,
        record('/register', 'Log in'),
      );
      const body = assertErrorBody(moved, 409, 'PUT /login’s entry onto /register');
      expect(body.message).toBe(CONTENT_MESSAGES.valueTaken('Page SEO', 'Page', '/register'));
      expect((await pageEntry('/login'))!._id).toBe(login._id);
      const kept = await clients.admin.put(
        `/api/content/seoPages/${login._id}`,
        record('/login', 'Sign in'),
      );
      assertStatus(kept, 200, 'PUT /login’s entry with its own page');
    });

    test('two admins adding the same page at once: one 201, the others 409', async () => {
      const thanks = (await pageEntry('/thanks'))!;
      assertStatus(
        await clients.admin.delete(`/api/content/seoPages/${thanks._id}`),
        204,
        'DELETE /thanks’s entry',
      );
      const other = api.client();
      await other.post('/api/auth/login', { email: adminEmail, password: adminPassword });
      const answers = await Promise.all(
        [clients.admin, other, clients.admin, other].map((client) =>
          client.post('/api/content/seoPages', record('/thanks', 'Thank you')),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      // The answers stand beside the statuses, so that a failure shows them.
      const texts = answers.map((a) => a.text);
      expect({ statuses, texts }).toStrictEqual({ statuses: [201, 409, 409, 409], texts });
      const entries = await listEntries(clients.anonymous, 'seoPages');
      expect(entries.filter((entry) => entry.page === '/thanks')).toHaveLength(1);

      // The deleted entry cannot come back while the page has another.
      const history = await clients.admin.get('/api/content/seoPages/revisions');
      assertStatus(history, 200, 'GET the Page SEO history');
      const deleted = (history.body as { _id: string; entryId: string; action: string }[]).find(
        (revision) => revision.entryId === thanks._id && revision.action === 'deleted',
      );
      const restored = await clients.admin.post(
        `/api/content/seoPages/revisions/${deleted!._id}/restore`,
      );
      assertErrorBody(restored, 409, 'restore /thanks’s deleted entry');
      expect(await listEntries(clients.anonymous, 'seoPages')).toHaveLength(entries.length);
    });
  });
});
