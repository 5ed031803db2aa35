/**
 * Drafts, live preview and planned publishing of the site's sections (issue 32 §1–3), against the
 * built app (server and web: the preview renders with the SSR bundle), real PostgreSQL and Redis,
 * and two apps (two workers) on the same database: an admin editor's write is a draft the public
 * never sees until it is published (one section, every draft) or discarded; a seed path still
 * publishes at once; the preview renders the drafts and unsaved values for admins only, never cached
 * nor indexed; a planned publish goes live once, by itself, and can be cancelled.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/content-drafts.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { DRAFT_MESSAGES, SECTION_LIST } from '../../src/contracts/content/index.js';
import {
  type ContentClients,
  contentClients,
  type EntryBody,
  listEntries,
  ownFields,
  sampleRecord,
  singletonEntry,
} from '../support/content.js';
import { type HttpClient } from '../support/http-client.js';
import { asObject, assertErrorBody, assertStatus, fieldsOf, uid } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { useWorld } from '../support/world.js';

/** A planned publish may be this close (the default is a minute). */
const MIN_LEAD_MS = 1000;
const env = { CONTENT_PUBLISH_MIN_LEAD_MS: String(MIN_LEAD_MS) };
const world = useWorld({ name: 'content-drafts', env });

let clients: ContentClients;
let admin: HttpClient;
let anonymous: HttpClient;

const DRAFTS = '/api/admin/content-drafts';
const LIST_SECTION = SECTION_LIST.find((section) => section.kind !== 'singleton')!;

beforeAll(async () => {
  clients = await contentClients(world, world.api, world.adminEmail, world.adminPassword);
  ({ admin, anonymous } = clients);
  // A second app with its own worker on the same database and Redis: a planned publish runs once.
  await world.startApp({ name: 'content-drafts-2', env });
}, 180_000);

/** The banner's one record as published, and its fields. */
async function publishedBanner(): Promise<{ id: string; fields: Record<string, string> }> {
  const banner = await singletonEntry(anonymous, 'banner');
  return { id: banner._id, fields: ownFields('banner', banner) };
}

/** Saves a new banner heading as a draft (the admin editor's write). */
async function draftBannerHeading(heading: string): Promise<void> {
  const { id, fields } = await publishedBanner();
  const saved = await admin.put(`${DRAFTS}/banner/entries/${id}`, {
    ...fields,
    bannerHeading: heading,
  });
  assertStatus(saved, 200, 'a draft edit');
  expect(asObject(saved.body, 'the drafted entry')).toMatchObject({ bannerHeading: heading });
}

/** The home page as a visitor gets it. */
async function homePage(): Promise<string> {
  const page = await anonymous.get('/');
  assertStatus(page, 200, 'GET /');
  return page.text;
}

async function draftSummaries(): Promise<Record<string, unknown>[]> {
  const list = await admin.get(DRAFTS);
  assertStatus(list, 200, 'the drafts');
  return list.body as Record<string, unknown>[];
}

async function auditKinds(kind: string): Promise<Record<string, unknown>[]> {
  const page = await admin.get(`/api/admin/audit?kind=${kind}&pageSize=100`);
  assertStatus(page, 200, 'the audit log');
  return (page.body as { items: Record<string, unknown>[] }).items;
}

const publicHeading = async () => (await publishedBanner()).fields.bannerHeading;

describe('drafts', () => {
  test('an edit is a draft: the API, snapshot and page stay published until "Publish"', async () => {
    const before = await publicHeading();
    await homePage(); // the page kept for the current version
    const heading = `Draft heading ${uid()}`;
    await draftBannerHeading(heading);

    expect(await publicHeading()).toBe(before);
    expect((await anonymous.get('/api/content')).text).not.toContain(heading);
    expect(await homePage()).not.toContain(heading);
    const summary = (await draftSummaries()).find((draft) => draft.section === 'banner');
    expect(summary).toMatchObject({ changes: 1, updatedBy: world.adminEmail, publishAt: null });
    const drafted = await admin.get(`${DRAFTS}/banner`);
    expect(drafted.body).toMatchObject({ entries: [{ bannerHeading: heading }] });
    // Not for visitors.
    assertErrorBody(await anonymous.get(DRAFTS), 401);
    assertErrorBody(await clients.customer.get(`${DRAFTS}/banner`), 403);

    const published = await admin.post(`${DRAFTS}/banner/publish`);
    assertStatus(published, 200, 'publish');
    expect(published.body).toStrictEqual({ published: ['banner'] });
    expect(await publicHeading()).toBe(heading);
    expect(await homePage()).toContain(heading);
    expect((await draftSummaries()).some((draft) => draft.section === 'banner')).toBe(false);
    const history = await admin.get('/api/content/banner/revisions');
    expect((history.body as Record<string, unknown>[])[0]).toMatchObject({
      action: 'updated',
      published: true,
      actorEmail: world.adminEmail,
      after: expect.objectContaining({ bannerHeading: heading }),
    });
    expect(
      (await auditKinds('content.draft-published')).some(
        (entry) => entry.targetType === 'content:banner' && entry.actorEmail === world.adminEmail,
      ),
    ).toBe(true);
    // Nothing left to publish.
    assertErrorBody(await admin.post(`${DRAFTS}/banner/publish`), 404);
  });

  test('"Publish all" applies every draft at once (added and deleted entries too); "Discard" drops one', async () => {
    const heading = `All at once ${uid()}`;
    await draftBannerHeading(heading);
    const [first] = await listEntries(anonymous, LIST_SECTION.key);
    const added = await admin.post(
      `${DRAFTS}/${LIST_SECTION.key}/entries`,
      sampleRecord(LIST_SECTION, uid()),
    );
    assertStatus(added, 201, 'a new entry in a draft');
    const addedId = (added.body as EntryBody)._id;
    assertStatus(await admin.delete(`${DRAFTS}/${LIST_SECTION.key}/entries/${first!._id}`), 204);
    const publicIds = async () =>
      (await listEntries(anonymous, LIST_SECTION.key)).map((entry) => entry._id);
    expect(await publicIds()).toContain(first!._id);
    expect(await publicIds()).not.toContain(addedId);

    // A third draft, discarded: its section stays as published.
    const about = await singletonEntry(anonymous, 'about');
    const aboutFields = ownFields('about', about);
    const discardedTitle = `Discarded ${uid()}`;
    const aboutField = 'aboutHeading';
    assertStatus(
      await admin.put(`${DRAFTS}/about/entries/${about._id}`, {
        ...aboutFields,
        [aboutField]: discardedTitle,
      }),
      200,
    );
    assertStatus(await admin.delete(`${DRAFTS}/about`), 204, 'discard');
    expect((await admin.get(`${DRAFTS}/about`)).body).toMatchObject({ draft: null });
    expect(
      (await auditKinds('content.draft-discarded')).some(
        (entry) => entry.targetType === 'content:about',
      ),
    ).toBe(true);

    const all = await admin.post(`${DRAFTS}/publish`);
    assertStatus(all, 200, 'publish all');
    expect(all.body).toStrictEqual({ published: ['banner', LIST_SECTION.key].sort() });
    expect(await publicHeading()).toBe(heading);
    expect(await publicIds()).toContain(addedId);
    expect(await publicIds()).not.toContain(first!._id);
    expect(ownFields('about', await singletonEntry(anonymous, 'about'))).toStrictEqual(aboutFields);
    expect(await draftSummaries()).toStrictEqual([]);
  });

  test('a write through a seed path publishes at once, as the old client expects', async () => {
    const drafted = `Pending ${uid()}`;
    await draftBannerHeading(drafted);
    const { id, fields } = await publishedBanner();
    const seeded = `Seeded ${uid()}`;
    const response = await admin.put(`/api/update-banner/${id}`, {
      ...fields,
      bannerHeading: seeded,
    });
    expect(response.status).toBeLessThan(300);
    expect(await publicHeading()).toBe(seeded);
    expect(await homePage()).toContain(seeded);
    // The admin's draft is still there, to publish or discard.
    expect((await admin.get(`${DRAFTS}/banner`)).body).toMatchObject({
      entries: [{ bannerHeading: drafted }],
    });
    assertStatus(await admin.delete(`${DRAFTS}/banner`), 204);
  });
});

describe('live preview', () => {
  test('renders a public page with the drafts and unsaved values, for admins only, never kept', async () => {
    const published = await publicHeading();
    const heading = `Preview heading ${uid()}`;
    await draftBannerHeading(heading);

    const preview = await admin.get('/api/admin/preview?path=/');
    assertStatus(preview, 200, 'the preview');
    expect(preview.headers.get('content-type')).toMatch(/^text\/html/);
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(preview.text).toMatch(/<meta name="robots" content="noindex/);
    expect(preview.text).toContain(heading);
    expect(preview.text).not.toContain(published);
    // Rendered by the site's renderer: the page's own markup, not an approximation.
    expect(preview.text).toContain('<div id="root"><');
    // The visitor's page is unchanged, and not replaced by the preview in the page cache.
    expect(await homePage()).not.toContain(heading);

    const unsaved = `Unsaved heading ${uid()}`;
    const { id, fields } = await publishedBanner();
    const typed = await admin.post('/api/admin/preview', {
      path: '/',
      section: 'banner',
      entries: [{ _id: id, ...fields, bannerHeading: unsaved }],
    });
    assertStatus(typed, 200, 'the preview with unsaved values');
    expect(typed.text).toContain(unsaved);
    expect(typed.headers.get('cache-control')).toBe('no-store');
    expect(await homePage()).not.toContain(unsaved);
    expect((await admin.get(`${DRAFTS}/banner`)).body).toMatchObject({
      entries: [{ bannerHeading: heading }],
    });

    assertErrorBody(await anonymous.get('/api/admin/preview?path=/'), 401);
    assertErrorBody(await clients.customer.get('/api/admin/preview?path=/'), 403);
    assertErrorBody(
      await clients.customer.post('/api/admin/preview', { path: '/', section: 'banner' }),
      403,
    );
    // A page the browser renders (signed-in, admin) has no server-rendered preview.
    assertErrorBody(await admin.get('/api/admin/preview?path=/admin'), 404);
    expect((await anonymous.get('/sitemap.xml')).text).not.toContain('preview');
    assertStatus(await admin.delete(`${DRAFTS}/banner`), 204);
  });
});

describe('planned publishing', () => {
  /** The banner's latest planned publish, as stored. */
  async function latestSchedule(): Promise<{ id: string; status: string }> {
    const { rows } = await world.db.query<{ id: string; status: string }>(
      `select id, status from content_publish_schedule where section = 'banner'
        order by created_at desc limit 1`,
    );
    return rows[0]!;
  }

  /** Waits until the job of a planned publish has run (its outbox row completed). */
  async function jobDone(scheduleId: string): Promise<void> {
    await pollUntil(
      async () => {
        const { rows } = await world.db.query<{ completed_at: Date | null }>(
          `select completed_at from outbox_event
            where type = 'ContentPublishDue' and payload ->> 'scheduleId' = $1`,
          [scheduleId],
        );
        return rows[0]?.completed_at != null;
      },
      { timeoutMs: 30_000, what: 'the planned publish job to run' },
    );
  }

  test('goes live by itself, once, with several workers; the audit says who and when', async () => {
    const heading = `Planned heading ${uid()}`;
    await draftBannerHeading(heading);
    const tooSoon = await admin.put(`${DRAFTS}/banner/schedule`, {
      publishAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(fieldsOf(assertErrorBody(tooSoon, 400))).toStrictEqual({
      publishAt: DRAFT_MESSAGES.publishAtTooSoon(MIN_LEAD_MS / 1000),
    });

    const publishAt = new Date(Date.now() + MIN_LEAD_MS + 1000);
    // Sent with an offset, as a browser in another time zone may: stored and answered in UTC.
    const local = publishAt.toISOString().replace('Z', '+00:00');
    const planned = await admin.put(`${DRAFTS}/banner/schedule`, { publishAt: local });
    assertStatus(planned, 200, 'plan a publish');
    expect(planned.body).toMatchObject({
      section: 'banner',
      publishAt: publishAt.toISOString(),
      scheduledBy: world.adminEmail,
    });

    await pollUntil(async () => (await publicHeading()) === heading, {
      timeoutMs: 30_000,
      what: 'the planned heading to go live',
    });
    expect(await homePage()).toContain(heading);
    const schedule = await latestSchedule();
    await jobDone(schedule.id);
    expect(schedule.status).toBe('published');
    const { rows } = await world.db.query<{ count: string }>(
      `select count(*) from content_revision
        where section = 'banner' and published and after ->> 'bannerHeading' = $1`,
      [heading],
    );
    expect(Number(rows[0]!.count)).toBe(1);
    expect(await draftSummaries()).toStrictEqual([]);
    const live = (await auditKinds('content.draft-published')).find(
      (entry) => entry.targetId === schedule.id,
    );
    expect(live).toMatchObject({ actorEmail: world.adminEmail });
    expect(String(live!.summary)).toMatch(/went live/);
    expect(
      (await auditKinds('content.publish-scheduled')).some(
        (entry) => entry.targetId === schedule.id,
      ),
    ).toBe(true);
  });

  test('a cancelled plan does nothing when its time comes; the draft stays', async () => {
    const published = await publicHeading();
    const heading = `Cancelled plan ${uid()}`;
    await draftBannerHeading(heading);
    assertStatus(
      await admin.put(`${DRAFTS}/banner/schedule`, {
        publishAt: new Date(Date.now() + MIN_LEAD_MS + 1000).toISOString(),
      }),
      200,
    );
    assertStatus(await admin.delete(`${DRAFTS}/banner/schedule`), 204, 'cancel');
    const schedule = await latestSchedule();
    expect(schedule.status).toBe('cancelled');
    await jobDone(schedule.id);
    expect(await publicHeading()).toBe(published);
    expect((await admin.get(`${DRAFTS}/banner`)).body).toMatchObject({
      entries: [{ bannerHeading: heading }],
      draft: { publishAt: null },
    });
    expect(
      (await auditKinds('content.publish-unscheduled')).some(
        (entry) => entry.targetId === schedule.id,
      ),
    ).toBe(true);
    assertErrorBody(await admin.delete(`${DRAFTS}/banner/schedule`), 404);
    assertStatus(await admin.delete(`${DRAFTS}/banner`), 204);
  });
});
