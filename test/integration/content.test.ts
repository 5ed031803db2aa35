/**
 * The canonical content API (/api/content) against the built server, real PostgreSQL and Redis:
 * writes, the public snapshot with its ETag and its cache (refreshed on every write, in every API
 * process through Redis), and the history: revisions with who and what, restoring updated and deleted
 * records. What it refuses (field rules, singletons, unique fields) is in content-validation.test.ts.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/content.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { CONTENT_MESSAGES, SECTION_KEYS } from '../../src/contracts/content/index.js';
import { defaultQueuePrefix } from '../../src/platform/config/app-config.js';
import {
  type ContentClients,
  contentClients,
  ownFields,
  singletonEntry,
  type EntryBody,
  type FieldValues,
  listEntries,
  sampleRecord,
  sectionOf,
  storedCounts,
  storedData,
  withAliasesOf,
} from '../support/content.js';
import { SPEC } from '../support/content-spec.js';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import { asObject, assertErrorBody, assertStatus, uid } from '../support/identity.js';
import { type IdentityApp, startIdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'content-a' });
const suite = world;
const { adminEmail, adminPassword } = world;

let api: IdentityApp;
let clients: ContentClients;

/** POSTs a record to a section (canonical API) as the admin and returns it. */
async function addEntry(key: string, record: FieldValues): Promise<EntryBody> {
  const response = await clients.admin.post(`/api/content/${key}`, record);
  assertStatus(response, 201, `POST /api/content/${key}`);
  return response.body as EntryBody;
}

interface Snapshot {
  response: HttpResponse;
  etag: string;
  sections: Record<string, EntryBody[]>;
}

const snapshot = (client: HttpClient, headers: Record<string, string> = {}) =>
  client.get('/api/content', { headers });

async function snapshotOk(client: HttpClient): Promise<Snapshot> {
  const response = await snapshot(client);
  assertStatus(response, 200, 'GET /api/content');
  const etag = response.headers.get('etag');
  if (!etag) throw new Error('GET /api/content has an ETag');
  const body = asObject(response.body, 'the snapshot');
  const sections = asObject(body.sections, 'the snapshot sections') as Record<string, EntryBody[]>;
  return { response, etag, sections };
}

describe('the content API', () => {
  beforeAll(async () => {
    api = world.api;
    clients = await contentClients(suite, api, adminEmail, adminPassword);
  }, 120_000);

  describe('writes', () => {
    test('PUT replaces the whole record: a field left out is gone', async () => {
      const about = await singletonEntry(clients.anonymous, 'about');
      const fields = ownFields('about', about);
      // The demo about has a first point.
      expect(fields).toMatchObject({ aboutPointone: expect.stringMatching(/./s) });
      const rest = { ...fields };
      delete rest.aboutPointone;
      const response = await clients.admin.put(`/api/content/about/${about._id}`, rest);
      assertStatus(response, 200, 'PUT about without aboutPointone');
      expect(asObject(response.body, 'about')).not.toHaveProperty('aboutPointone');
      expect(await singletonEntry(clients.anonymous, 'about')).not.toHaveProperty('aboutPointone');
      expect(await storedData(suite, about._id)).toStrictEqual(rest);
    });

    test('DELETE: 401 signed out, 403 as a customer, 204 as the admin', async () => {
      const entry = await addEntry('faqItems', sampleRecord(sectionOf('faqItems')));
      const path = `/api/content/faqItems/${entry._id}`;
      assertErrorBody(await clients.anonymous.delete(path), 401, `DELETE ${path} signed out`);
      assertErrorBody(await clients.customer.delete(path), 403, `DELETE ${path} as a customer`);
      // Still stored.
      expect(await storedData(suite, entry._id)).toBeTruthy();
      const deleted = await clients.admin.delete(path);
      assertStatus(deleted, 204, `DELETE ${path}`);
      expect(deleted.text).toBe('');
      assertErrorBody(await clients.anonymous.get(path), 404, 'gone');
      assertErrorBody(await clients.admin.delete(path), 404, 'a second DELETE');
    });

    test('canonical writes: 401 signed out, 403 as a customer, nothing stored', async () => {
      const section = sectionOf('faqItems');
      const before = await storedCounts(suite, 'faqItems');
      const record = sampleRecord(section);
      assertErrorBody(await clients.anonymous.post('/api/content/faqItems', record), 401, 'anon');
      assertErrorBody(await clients.customer.post('/api/content/faqItems', record), 403, 'cust');
      const [entry] = await listEntries(clients.anonymous, 'faqItems');
      const path = `/api/content/faqItems/${entry!._id}`;
      assertErrorBody(await clients.anonymous.put(path, record), 401, 'PUT anon');
      assertErrorBody(await clients.customer.put(path, record), 403, 'PUT cust');
      expect(await storedCounts(suite, 'faqItems')).toStrictEqual(before);
    });
  });

  describe('GET /api/content', () => {
    test('has every section of the spec, each with its records', async () => {
      const { sections } = await snapshotOk(clients.anonymous);
      expect(Object.keys(sections).sort()).toStrictEqual(Object.keys(SPEC).sort());
      expect(Object.keys(sections).sort()).toStrictEqual([...SECTION_KEYS].sort());
      // Per section (the key stands beside each check, so that a failure names it): an array, as
      // many records as stored, and the same as GET /api/content/<key> has.
      for (const key of SECTION_KEYS) {
        const entries = sections[key]!;
        expect({ [key]: Array.isArray(entries) }).toStrictEqual({ [key]: true });
        const count = (await storedCounts(suite, key)).entries;
        expect({ [key]: entries.length }).toStrictEqual({ [key]: count });
        const listed = await listEntries(clients.anonymous, key);
        expect({ [key]: entries }).toStrictEqual({ [key]: listed });
      }
    });

    test('the same ETag twice; If-None-Match → 304 without a body', async () => {
      const first = await snapshotOk(clients.anonymous);
      const second = await snapshotOk(api.client());
      // The same ETag, the same body.
      expect(second.etag).toBe(first.etag);
      expect(second.response.text).toBe(first.response.text);
      const cached = await snapshot(clients.anonymous, { 'if-none-match': first.etag });
      assertStatus(cached, 304, 'If-None-Match with the current ETag');
      expect(cached.text).toBe('');
      expect(cached.headers.get('etag')).toBe(first.etag);
      const listed = await snapshot(clients.anonymous, {
        'if-none-match': `"stale", ${first.etag}`,
      });
      assertStatus(listed, 304, 'If-None-Match listing the current ETag');
      const other = await snapshot(clients.anonymous, { 'if-none-match': '"something-else"' });
      assertStatus(other, 200, 'If-None-Match with another ETag');
    });

    test('a write changes the ETag and shows at once (the cache is refreshed)', async () => {
      const before = await snapshotOk(clients.anonymous);
      const banner = await singletonEntry(clients.anonymous, 'banner');
      const heading = `Fresh heading ${uid()}`;
      const response = await clients.admin.put(`/api/content/banner/${banner._id}`, {
        ...ownFields('banner', banner),
        bannerHeading: heading,
      });
      assertStatus(response, 200, 'PUT banner');
      const after = await snapshotOk(clients.anonymous);
      // A new ETag, the new heading.
      expect(after.etag).not.toBe(before.etag);
      expect(after.sections.banner?.[0]?.bannerHeading).toBe(heading);
      const stale = await snapshot(clients.anonymous, { 'if-none-match': before.etag });
      assertStatus(stale, 200, 'the old ETag no longer matches');

      // A new record and a deletion show at once too.
      const added = await addEntry('faqItems', sampleRecord(sectionOf('faqItems')));
      const withIt = await snapshotOk(clients.anonymous);
      // Added.
      expect(withIt.sections.faqItems).toContainEqual(expect.objectContaining({ _id: added._id }));
      assertStatus(await clients.admin.delete(`/api/content/faqItems/${added._id}`), 204, 'DELETE');
      const without = await snapshotOk(clients.anonymous);
      // Deleted.
      expect(without.sections.faqItems ?? []).not.toContainEqual(
        expect.objectContaining({ _id: added._id }),
      );
      expect(without.etag).not.toBe(withIt.etag);
    });

    test('two API processes: a write through one shows in the other’s snapshot', async () => {
      const other = await startIdentityApp(suite, {
        name: 'content-b',
        adminEmail,
        adminPassword,
      });
      const listener = new Redis(suite.services.redisUrl);
      try {
        const otherAdmin = other.client();
        const login = await otherAdmin.post('/api/auth/login', {
          email: adminEmail,
          password: adminPassword,
        });
        assertStatus(login, 200, 'log in on the second process');

        // Both processes have built (and cached) their snapshot.
        const aBefore = await snapshotOk(clients.anonymous);
        const bBefore = await snapshotOk(other.client());
        // The same content, the same ETag.
        expect(bBefore.etag).toBe(aBefore.etag);

        /** Polls a process's snapshot until `seen` holds, or fails. */
        const waitFor = async (
          client: HttpClient,
          seen: (s: Snapshot) => boolean,
          what: string,
        ) => {
          const started = Date.now();
          // Far below the cache's 60-second safety net: only a change notice explains it.
          while (Date.now() - started < 20_000) {
            if (seen(await snapshotOk(client))) return;
            await sleep(25);
          }
          throw new Error(`${what}: not visible within 20 s`);
        };
        // Listening like a third API process: a write must be announced to the others.
        const channel = `${defaultQueuePrefix(suite.services.databaseUrl)}:content-changed`;
        await listener.subscribe(channel);
        const announced = new Promise<string>((resolve) => listener.once('message', resolve));

        const copyright = await singletonEntry(clients.anonymous, 'copyright');
        const text = `© ${uid()} written through process A`;
        assertStatus(
          await clients.admin.put(`/api/content/copyright/${copyright._id}`, {
            copyrightText: text,
          }),
          200,
          'PUT through A',
        );
        // A announced its write to the other processes.
        expect(await announced).toBe(channel);
        await waitFor(
          other.client(),
          (s) => s.sections.copyright?.[0]?.copyrightText === text,
          'A’s write in B',
        );
        const bAfter = await snapshotOk(other.client());
        // B has a new ETag.
        expect(bAfter.etag).not.toBe(bBefore.etag);
        assertStatus(
          await snapshot(other.client(), { 'if-none-match': bBefore.etag }),
          200,
          'B no longer answers 304 to the old ETag',
        );

        // And the other way round.
        const text2 = `© ${uid()} written through process B`;
        assertStatus(
          await otherAdmin.put(`/api/content/copyright/${copyright._id}`, {
            copyrightText: text2,
          }),
          200,
          'PUT through B',
        );
        await waitFor(
          clients.anonymous,
          (s) => s.sections.copyright?.[0]?.copyrightText === text2,
          'B’s write in A',
        );
        const aAfter = await snapshotOk(clients.anonymous);
        const bLast = await snapshotOk(other.client());
        // Both processes agree again.
        expect(aAfter.etag).toBe(bLast.etag);
      } finally {
        listener.disconnect();
        await other.stop();
      }
    });
  });

  describe('history', () => {
    interface RevisionBody {
      _id: string;
      entryId: string;
      section: string;
      action: string;
      before: FieldValues | null;
      after: FieldValues | null;
      actorEmail: string | null;
      at: string;
    }

    async function revisions(key: string, client = clients.admin): Promise<RevisionBody[]> {
      const response = await client.get(`/api/content/${key}/revisions`);
      assertStatus(response, 200, `GET /api/content/${key}/revisions`);
      // An array (the answer stands beside the check, so that a failure shows it).
      const answer = response.text;
      expect({ answer, isArray: Array.isArray(response.body) }).toStrictEqual({
        answer,
        isArray: true,
      });
      const list = response.body as RevisionBody[];
      for (let i = 1; i < list.length; i++) {
        // Newest first (both dates stand beside the check, so that a failure shows them).
        const newer = list[i - 1]!.at;
        const older = list[i]!.at;
        const newestFirst = Date.parse(newer) >= Date.parse(older);
        expect({ newer, older, newestFirst }).toStrictEqual({ newer, older, newestFirst: true });
      }
      return list;
    }

    const ofEntry = async (key: string, entryId: string) =>
      (await revisions(key)).filter((revision) => revision.entryId === entryId);

    function assertRevision(
      revision: RevisionBody | undefined,
      expected: Pick<RevisionBody, 'action' | 'before' | 'after' | 'entryId' | 'section'>,
    ): void {
      if (!revision) throw new Error(`a ${expected.action} revision`);
      expect({
        action: revision.action,
        before: revision.before,
        after: revision.after,
        entryId: revision.entryId,
        section: revision.section,
        actorEmail: revision.actorEmail,
      }).toStrictEqual({ ...expected, actorEmail: adminEmail });
      // at is a date (it stands beside the check, so that a failure shows it).
      const { at } = revision;
      expect({ at, isDate: !Number.isNaN(Date.parse(at)) }).toStrictEqual({ at, isDate: true });
      expect(revision._id).toMatch(/^[0-9a-f-]{36}$/);
    }

    const restore = (key: string, revisionId: string, client = clients.admin) =>
      client.post(`/api/content/${key}/revisions/${revisionId}/restore`);

    test('create, update and delete are recorded with the admin, before and after', async () => {
      const section = sectionOf('faqItems');
      const v1 = sampleRecord(section, 'v1');
      const entry = await addEntry('faqItems', v1);
      const v2 = { ...v1, accodingTitle: 'Question v2' };
      assertStatus(await clients.admin.put(`/api/content/faqItems/${entry._id}`, v2), 200, 'v2');
      assertStatus(await clients.admin.delete(`/api/content/faqItems/${entry._id}`), 204, 'del');

      const [deleted, updated, created, ...rest] = await ofEntry('faqItems', entry._id);
      // Three revisions of the record.
      expect(rest).toHaveLength(0);
      const common = { entryId: entry._id, section: 'faqItems' };
      assertRevision(created, { ...common, action: 'created', before: null, after: v1 });
      assertRevision(updated, { ...common, action: 'updated', before: v1, after: v2 });
      assertRevision(deleted, { ...common, action: 'deleted', before: v2, after: null });
    });

    test('restoring an update’s revision puts that version back', async () => {
      const section = sectionOf('faqItems');
      const v1 = sampleRecord(section, 'r1');
      const entry = await addEntry('faqItems', v1);
      const path = `/api/content/faqItems/${entry._id}`;
      const v2 = { ...v1, accodingText: 'Answer v2' };
      const v3 = { ...v1, accodingText: 'Answer v3' };
      assertStatus(await clients.admin.put(path, v2), 200, 'v2');
      assertStatus(await clients.admin.put(path, v3), 200, 'v3');
      const [, toV2, created] = await ofEntry('faqItems', entry._id);
      expect(toV2?.action).toBe('updated');
      expect(toV2?.after).toStrictEqual(v2);

      const restored = await restore('faqItems', toV2!._id);
      assertStatus(restored, 200, 'restore the v1 → v2 revision');
      expect(restored.body).toStrictEqual({ _id: entry._id, ...v2 });
      expect((await clients.anonymous.get(path)).body).toStrictEqual({ _id: entry._id, ...v2 });
      expect(await storedData(suite, entry._id)).toStrictEqual(v2);
      const [restoredRevision] = await ofEntry('faqItems', entry._id);
      assertRevision(restoredRevision, {
        entryId: entry._id,
        section: 'faqItems',
        action: 'restored',
        before: v3,
        after: v2,
      });

      // The original version, from the creation's revision; the snapshot shows it at once.
      assertStatus(await restore('faqItems', created!._id), 200, 'restore the creation');
      expect(await storedData(suite, entry._id)).toStrictEqual(v1);
      const { sections } = await snapshotOk(clients.anonymous);
      expect(sections.faqItems?.find((e) => e._id === entry._id)).toStrictEqual({
        _id: entry._id,
        ...withAliasesOf(section, v1),
      });
    });

    test('restoring a deletion brings the record back with the same _id', async () => {
      const section = sectionOf('testimonials');
      const record = sampleRecord(section);
      const entry = await addEntry('testimonials', record);
      assertStatus(
        await clients.admin.delete(`/api/content/testimonials/${entry._id}`),
        204,
        'DELETE',
      );
      const before = await storedCounts(suite, 'testimonials');
      const [deleted] = await ofEntry('testimonials', entry._id);
      expect(deleted?.action).toBe('deleted');

      const response = await restore('testimonials', deleted!._id);
      assertStatus(response, 200, 'restore the deletion');
      expect(response.body).toStrictEqual({ _id: entry._id, ...record });
      const read = await clients.anonymous.get(`/api/content/testimonials/${entry._id}`);
      assertStatus(read, 200, 'the record is back');
      expect(read.body).toStrictEqual({ _id: entry._id, ...record });
      expect(await listEntries(clients.anonymous, 'testimonials')).toContainEqual(
        expect.objectContaining({ _id: entry._id }),
      );
      expect(await storedCounts(suite, 'testimonials')).toStrictEqual({
        entries: before.entries + 1,
        revisions: before.revisions + 1,
      });
      const [restoredRevision] = await ofEntry('testimonials', entry._id);
      assertRevision(restoredRevision, {
        entryId: entry._id,
        section: 'testimonials',
        action: 'restored',
        before: null,
        after: record,
      });
    });

    test('a deleted singleton record cannot come back while the section has another (409)', async () => {
      const original = await singletonEntry(clients.anonymous, 'faqText');
      const originalFields = ownFields('faqText', original);
      assertStatus(
        await clients.admin.delete(`/api/content/faqText/${original._id}`),
        204,
        'delete the FAQ text',
      );
      const [deleted] = await ofEntry('faqText', original._id);
      const replacement = await addEntry('faqText', sampleRecord(sectionOf('faqText')));
      const before = await storedCounts(suite, 'faqText');

      const refused = await restore('faqText', deleted!._id);
      const body = assertErrorBody(refused, 409, 'restore into a filled singleton');
      expect(body.message).toBe(CONTENT_MESSAGES.singletonExists('FAQ Text'));
      // Nothing changed.
      expect(await storedCounts(suite, 'faqText')).toStrictEqual(before);
      expect((await singletonEntry(clients.anonymous, 'faqText'))._id).toBe(replacement._id);

      // Once the section is empty again, the old record comes back with its id.
      assertStatus(
        await clients.admin.delete(`/api/content/faqText/${replacement._id}`),
        204,
        'delete the replacement',
      );
      assertStatus(await restore('faqText', deleted!._id), 200, 'restore into the empty singleton');
      const back = await singletonEntry(clients.anonymous, 'faqText');
      expect(back._id).toBe(original._id);
      expect(ownFields('faqText', back)).toStrictEqual(originalFields);
    });

    test('history and restore are the admin’s: 401 signed out, 403 as a customer', async () => {
      const [latest] = await revisions('banner');
      if (!latest) throw new Error('the banner has a history');
      const before = await storedCounts(suite, 'banner');
      const stored = await storedData(suite, latest.entryId);
      assertErrorBody(
        await clients.anonymous.get('/api/content/banner/revisions'),
        401,
        'history signed out',
      );
      const forbidden = assertErrorBody(
        await clients.customer.get('/api/content/banner/revisions'),
        403,
        'history as a customer',
      );
      expect(forbidden).not.toHaveProperty('fields');
      assertErrorBody(await restore('banner', latest._id, clients.anonymous), 401, 'restore anon');
      assertErrorBody(await restore('banner', latest._id, clients.customer), 403, 'restore cust');
      expect(await storedCounts(suite, 'banner')).toStrictEqual(before);
      expect(await storedData(suite, latest.entryId)).toStrictEqual(stored);
    });

    test('an unknown revision, or one of another section, is 404', async () => {
      assertErrorBody(await restore('banner', randomUUID()), 404, 'an unknown revision');
      const [bannerRevision] = await revisions('banner');
      assertErrorBody(
        await restore('faqItems', bannerRevision!._id),
        404,
        'a banner revision under faqItems',
      );
      assertErrorBody(await restore('banner', 'not-a-uuid'), 404, 'not a revision id');
    });
  });
});
