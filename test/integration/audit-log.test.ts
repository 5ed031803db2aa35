/**
 * The audit log against the built server and a real PostgreSQL: every admin action of issue 14's list
 * writes exactly one entry with the admin, the client's IP, the target and before/after, in the same
 * transaction as the change (a change that fails at its commit leaves no entry); the log's page and
 * filters; who may read it; nothing edits or deletes an entry.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/audit-log.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import type { AuditKind } from '../../src/contracts/audit.js';
import { type HttpClient } from '../support/http-client.js';
import {
  assertStatus,
  fieldsOf,
  type Json,
  loginOk,
  strongPassword,
  uid,
} from '../support/identity.js';
import { type IdentityApp, newClientIp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { apiPath, sampleRecord, sectionOf } from '../support/content.js';

const adminIp = newClientIp();

interface AuditRow {
  id: string;
  kind: string;
  actor_id: string;
  actor_email: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
}

const world = useWorld({
  name: 'audit',
  simulateClientIps: true,
});
const suite = world;
const { adminEmail, adminPassword } = world;

describe('the audit log', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let adminId: string;

  const allRows = async () =>
    (await suite.db.query<AuditRow>('SELECT * FROM audit_entry ORDER BY at, id')).rows;

  /** Runs `action` and returns the audit entries it wrote. */
  async function entriesOf(action: () => Promise<unknown>): Promise<AuditRow[]> {
    const before = new Set((await allRows()).map((row) => row.id));
    await action();
    return (await allRows()).filter((row) => !before.has(row.id));
  }

  /** Runs `action` and checks it wrote exactly one entry of `kind` by the admin, from their IP. */
  async function oneEntry(kind: AuditKind, action: () => Promise<unknown>): Promise<AuditRow> {
    const written = await entriesOf(action);
    expect(written.map((row) => row.kind)).toEqual([kind]);
    const [entry] = written;
    expect(entry).toMatchObject({ actor_id: adminId, actor_email: adminEmail, ip: adminIp });
    return entry!;
  }

  const ok = async (response: Promise<{ status: number }>, status: number, what: string) => {
    const answered = await response;
    assertStatus(answered as never, status, what);
    return answered as unknown as { status: number; body: unknown };
  };

  beforeAll(async () => {
    api = world.api;
    admin = api.client(adminIp);
    await loginOk(admin, adminEmail, adminPassword);
    const session = await admin.get('/api/auth/session');
    adminId = String(((session.body as Json).account as Json).id);
  }, 120_000);

  test('content writes and restores: one entry each, with the entry before and after', async () => {
    const section = sectionOf('faqItems');
    const record = sampleRecord(section);
    let id = '';
    const created = await oneEntry('content.created', async () => {
      const response = await ok(admin.post('/api/content/faqItems', record), 201, 'add a FAQ');
      id = String((response.body as Json)._id);
    });
    expect(created).toMatchObject({ target_type: 'content:faqItems', target_id: id, before: null });
    expect(created.after).toMatchObject(record);

    const changed = { ...record, [section.fields[0]!.name]: `Changed ${uid()}` };
    const updated = await oneEntry('content.updated', () =>
      ok(admin.put(`/api/content/faqItems/${id}`, changed), 200, 'edit the FAQ'),
    );
    expect(updated.before).toMatchObject(record);
    expect(updated.after).toMatchObject(changed);

    await oneEntry('content.deleted', () =>
      ok(admin.delete(`/api/content/faqItems/${id}`), 204, 'delete the FAQ'),
    );
    const revisions = await admin.get('/api/content/faqItems/revisions');
    const deletion = (revisions.body as Json[]).find(
      (revision) => revision.entryId === id && revision.action === 'deleted',
    );
    const restored = await oneEntry('content.restored', () =>
      ok(
        admin.post(`/api/content/faqItems/revisions/${String(deletion!._id)}/restore`, {}),
        200,
        'restore the FAQ',
      ),
    );
    expect(restored).toMatchObject({ target_id: id, before: null });

    // The old site's calls go through the same commands, so they are recorded too.
    await oneEntry('content.updated', () =>
      ok(admin.put(apiPath(section.seed.update!, id), record), 200, 'edit the FAQ the old way'),
    );
  });

  test('a change that fails when it commits leaves no entry (same transaction)', async () => {
    // A second banner breaks the singleton index only when the transaction writes it, after the
    // entry was added to it.
    const banners = await admin.get('/api/content/banner');
    if ((banners.body as Json[]).length === 0) {
      await ok(admin.post('/api/content/banner', sampleRecord(sectionOf('banner'))), 201, 'banner');
    }
    const refused = await entriesOf(() =>
      ok(
        admin.post('/api/content/banner', sampleRecord(sectionOf('banner'))),
        409,
        'a second banner',
      ),
    );
    expect(refused).toEqual([]);

    // A duplicate admin user breaks the unique index at the flush that would write the entry.
    const duplicate = await entriesOf(() =>
      ok(
        admin.post('/api/admin/users', { userEmail: adminEmail, userRole: 'Admin' }),
        409,
        'add an admin twice',
      ),
    );
    expect(duplicate).toEqual([]);
  });

  test('order and payment changes, with the statuses before and after', async () => {
    const buyer = await world.customer();
    const customer = buyer.client;
    const first = (await world.order({ by: buyer })).id;
    const second = (await world.order({ by: buyer })).id;

    const delivered = await oneEntry('order.changed', () =>
      ok(
        admin.put(`/api/admin/orders/${first}/status`, { orderStatus: 'Delivered' }),
        200,
        'deliver',
      ),
    );
    expect(delivered).toMatchObject({
      target_type: 'order',
      target_id: first,
      before: { orderStatus: 'Pending', paymentStatus: 'UnPaid' },
      after: { orderStatus: 'Delivered', paymentStatus: 'UnPaid' },
    });

    const paid = await oneEntry('order.changed', () =>
      ok(
        admin.post(`/api/admin/orders/${first}/payment`, { reason: 'Bank transfer' }),
        200,
        'record a payment',
      ),
    );
    expect(paid.after).toMatchObject({ paymentStatus: 'Paid', note: 'Bank transfer' });

    await oneEntry('order.changed', () =>
      ok(
        admin.post(`/api/admin/orders/${second}/cancel`, { reason: 'Asked by phone' }),
        200,
        'cancel',
      ),
    );
    // Refused (not unpaid any more): nothing recorded.
    const refused = await entriesOf(() =>
      ok(admin.post(`/api/admin/orders/${second}/cancel`, { reason: 'Again' }), 409, 'again'),
    );
    expect(refused).toEqual([]);

    // A customer cancelling their own order is not an admin action.
    const third = (await world.order({ by: buyer })).id;
    const byCustomer = await entriesOf(() =>
      ok(customer.post(`/api/orders/${third}/cancel`, {}), 200, 'the customer cancels'),
    );
    expect(byCustomer).toEqual([]);
  });

  test('payment e-mail changes', async () => {
    let id = '';
    const added = await oneEntry('payment-account.saved', async () => {
      const response = await ok(
        admin.post('/api/admin/payment-accounts', { paypalEmail: `pay-${uid()}@agency.test` }),
        201,
        'add a payment e-mail',
      );
      id = String((response.body as Json)._id);
    });
    expect(added).toMatchObject({ target_type: 'payment-account', target_id: id, before: null });
    const newEmail = `billing-${uid()}@agency.test`;
    const changed = await oneEntry('payment-account.saved', () =>
      ok(
        admin.put(`/api/admin/payment-accounts/${id}`, { paypalEmail: newEmail }),
        200,
        'change it',
      ),
    );
    expect(changed.before).toEqual({ paypalEmail: added.after!.paypalEmail });
    expect(changed.after).toEqual({ paypalEmail: newEmail });
  });

  test('admin user changes', async () => {
    const email = `helper-${uid()}@seo-agency.test`;
    let id = '';
    const added = await oneEntry('admin-user.added', async () => {
      // With a password set now: the default (an invitation) also writes `admin-user.invited`,
      // which test/integration/staff-auth.test.ts checks.
      const response = await ok(
        admin.post('/api/admin/users', {
          userEmail: email,
          userRole: 'Admin',
          accountSetup: 'password',
          password: strongPassword(),
        }),
        201,
        'add an admin user',
      );
      id = String((response.body as Json)._id ?? (response.body as Json).id);
    });
    expect(added).toMatchObject({ target_id: id, after: { email, role: 'Admin' } });
    const renamed = `renamed-${uid()}@seo-agency.test`;
    const updated = await oneEntry('admin-user.updated', () =>
      ok(
        admin.put(`/api/admin/users/${id}`, { userEmail: renamed, userRole: 'Admin' }),
        200,
        'edit it',
      ),
    );
    expect(updated).toMatchObject({ before: { email }, after: { email: renamed } });
    const demoted = await oneEntry('admin-user.role-changed', () =>
      ok(
        admin.put(`/api/admin/users/${id}`, { userEmail: renamed, userRole: 'Editor' }),
        200,
        'make it an editor',
      ),
    );
    expect(demoted).toMatchObject({ before: { role: 'Admin' }, after: { role: 'Editor' } });
    const removed = await oneEntry('admin-user.removed', () =>
      ok(admin.delete(`/api/admin/users/${id}`), 204, 'remove it'),
    );
    expect(removed).toMatchObject({ before: { email: renamed }, after: null });
  });

  test('campaign sends, and the other newsletter actions', async () => {
    await suite.db.query(
      `insert into subscriber (id, email, status, created_at, requested_at, confirmed_at)
       values ($1, $2, 'confirmed', now(), now(), now())`,
      [randomUUID(), `reader-${uid()}@example.test`],
    );
    let id = '';
    await oneEntry('campaign.saved', async () => {
      const response = await ok(
        admin.post('/api/admin/campaigns', { subject: `News ${uid()}`, body: 'Hello' }),
        201,
        'write a campaign',
      );
      id = String((response.body as Json).id);
    });
    const sent = await oneEntry('campaign.sent', () =>
      ok(admin.post(`/api/admin/campaigns/${id}/send`, { sendAt: null }), 200, 'send it'),
    );
    expect(sent).toMatchObject({
      target_type: 'campaign',
      target_id: id,
      before: { status: 'draft' },
      after: { status: 'scheduled' },
    });

    let draft = '';
    await oneEntry('campaign.saved', async () => {
      const response = await ok(
        admin.post('/api/admin/campaigns', { subject: `Draft ${uid()}`, body: 'Soon' }),
        201,
        'write another',
      );
      draft = String((response.body as Json).id);
    });
    await oneEntry('campaign.test-sent', () =>
      ok(admin.post(`/api/admin/campaigns/${draft}/test`, {}), 202, 'send a test to me'),
    );
    const sendAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const scheduled = await oneEntry('campaign.scheduled', () =>
      ok(admin.post(`/api/admin/campaigns/${draft}/send`, { sendAt }), 200, 'schedule it'),
    );
    expect(scheduled.after).toEqual({ status: 'scheduled', scheduledAt: sendAt });
    const unscheduled = await oneEntry('campaign.unscheduled', () =>
      ok(admin.post(`/api/admin/campaigns/${draft}/cancel`, {}), 200, 'unschedule it'),
    );
    expect(unscheduled).toMatchObject({
      before: { status: 'scheduled', scheduledAt: sendAt },
      after: { status: 'draft', scheduledAt: null },
    });
    await oneEntry('campaign.deleted', () =>
      ok(admin.delete(`/api/admin/campaigns/${draft}`), 200, 'delete the draft'),
    );
  });

  test('message status and subscriber removal', async () => {
    const message = await api.client().post('/api/messages', {
      name: 'Grace',
      email: `grace-${uid()}@example.test`,
      number: '+1 555 0100',
      subject: `Question ${uid()}`,
      message: 'Hello',
    });
    assertStatus(message, 201, 'send a message');
    const messageId = String((message.body as Json).id);
    const read = await oneEntry('message.read', () =>
      ok(
        admin.put(`/api/admin/messages/${messageId}`, { messageStatus: 'Read' }),
        200,
        'mark read',
      ),
    );
    expect(read).toMatchObject({
      target_id: messageId,
      before: { messageStatus: 'UnRead' },
      after: { messageStatus: 'Read' },
    });
    // Marking it read again changes nothing, so records nothing.
    const again = await entriesOf(() =>
      ok(admin.put(`/api/admin/messages/${messageId}`, { messageStatus: 'Read' }), 200, 'again'),
    );
    expect(again).toEqual([]);

    const subscriberId = randomUUID();
    const email = `leaver-${uid()}@example.test`;
    await suite.db.query(
      `insert into subscriber (id, email, status, created_at, requested_at)
       values ($1, $2, 'pending', now(), now())`,
      [subscriberId, email],
    );
    const removed = await oneEntry('subscriber.removed', () =>
      ok(admin.delete(`/api/admin/subscribers/${subscriberId}`), 200, 'remove a subscriber'),
    );
    expect(removed).toMatchObject({ before: { email, status: 'pending' }, after: null });
  });

  test('GET /api/admin/audit: newest first, filtered by actor, kind and days', async () => {
    const page = await admin.get('/api/admin/audit?pageSize=5');
    assertStatus(page, 200, 'the audit log');
    const body = page.body as { items: Json[]; total: number; page: number; pageSize: number };
    expect(body).toMatchObject({ page: 1, pageSize: 5 });
    expect(body.total).toBe((await allRows()).length);
    const times = body.items.map((item) => String(item.at));
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.items[0]).toMatchObject({ actorEmail: adminEmail, ip: adminIp });

    const byKind = await admin.get('/api/admin/audit?kind=message.read&pageSize=100');
    expect((byKind.body as { items: Json[] }).items.map((item) => item.kind)).toEqual([
      'message.read',
    ]);
    const byActor = await admin.get(
      `/api/admin/audit?actor=${encodeURIComponent(adminEmail.slice(0, 12).toUpperCase())}`,
    );
    expect((byActor.body as { total: number }).total).toBe(body.total);
    const nobody = await admin.get('/api/admin/audit?actor=%25');
    expect((nobody.body as { total: number }).total).toBe(0);

    // From yesterday to tomorrow (UTC): everything this file did, even across midnight.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const todays = await admin.get(`/api/admin/audit?from=${day(-1)}&to=${day(1)}`);
    expect((todays.body as { total: number }).total).toBe(body.total);
    const past = await admin.get('/api/admin/audit?from=2020-01-01&to=2020-01-31');
    expect((past.body as { total: number }).total).toBe(0);

    const bad = await admin.get('/api/admin/audit?kind=nothing&from=yesterday&to=2020-01-01');
    assertStatus(bad, 400, 'bad filters');
    expect(Object.keys(fieldsOf(bad.body as Json))).toEqual(
      expect.arrayContaining(['kind', 'from']),
    );
    const reversed = await admin.get('/api/admin/audit?from=2021-01-02&to=2021-01-01');
    assertStatus(reversed, 400, 'to before from');
    expect(fieldsOf(reversed.body as Json)).toHaveProperty('to');
  });

  test('only admins read it, and nothing edits, deletes or empties it', async () => {
    const visitor = api.client();
    assertStatus(await visitor.get('/api/admin/audit'), 401, 'a visitor');
    const customer = (await world.customer()).client;
    assertStatus(await customer.get('/api/admin/audit'), 403, 'a customer');

    const [entry] = await allRows();
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const response = await admin.request(method, `/api/admin/audit/${entry!.id}`, { json: {} });
      expect([404, 405]).toContain(response.status);
    }
    await expect(
      suite.db.query(`UPDATE audit_entry SET summary = 'rewritten' WHERE id = $1`, [entry!.id]),
    ).rejects.toThrow(/cannot be changed or removed/);
    await expect(
      suite.db.query('DELETE FROM audit_entry WHERE id = $1', [entry!.id]),
    ).rejects.toThrow(/cannot be changed or removed/);
    const entries = (await allRows()).length;
    await expect(suite.db.query('TRUNCATE audit_entry')).rejects.toThrow(
      /cannot be changed or removed/,
    );
    expect(await allRows()).toHaveLength(entries);
  });
});
