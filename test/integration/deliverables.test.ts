/**
 * Deliverables against the built server, real PostgreSQL, Redis and SMTP: an admin delivers files
 * uploaded to a paid order, the customer is e-mailed, downloads them, asks for changes (a required
 * message) or approves; approval sets the spec's orderStatus Delivered that the old lists show too.
 * Another customer gets 404 everywhere; a wrong stage is a 409 with the order's reason. The hourly
 * auto-approval job approves only deliveries older than DELIVERY_AUTO_APPROVE_DAYS, once, however many
 * runs at once.
 *
 *   npm run build:server && npm run test:integration -- test/integration/deliverables.test.ts
 */
import { describe, expect, test } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import {
  autoApprovedText,
  DELIVERY_TEXTS,
  type Delivery,
} from '../../src/contracts/deliverables.js';
import { ORDER_TEXTS } from '../../src/contracts/orders.js';
import type { HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus, type Json, mailTo, uid } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { tinyPdf, uploadOrderFile } from '../support/order-files.js';
import { useWorld } from '../support/world.js';

const queuePrefix = `deliverables-${uid()}`;
const world = useWorld({ name: 'deliverables', env: { QUEUE_PREFIX: queuePrefix } });

const CSV = 'keyword,volume\nseo agency,1200\n';

/** A paid order whose intake is in (set as the intake module's transition would): in progress. */
async function orderInProgress() {
  const order = await world.order({ paid: true });
  await world.db.query(
    `update "order" set work_stage = 'in_progress', intake_submitted_at = now() where id = $1`,
    [order.id],
  );
  return order;
}

/** Uploads a deliverable to the order as the admin: its id. */
async function upload(
  admin: HttpClient,
  orderId: string,
  name: string,
  bytes: Uint8Array | string,
) {
  const uploaded = await uploadOrderFile(admin, orderId, bytes, name, 'deliverable');
  assertStatus(uploaded, 201, `upload ${name}`);
  return String((uploaded.body as Json).id);
}

const orderOf = async (client: HttpClient, orderId: string) => {
  const answer = await client.get(`/api/orders/${orderId}`);
  assertStatus(answer, 200, 'read the order');
  return answer.body as Json;
};

const timeline = async (orderId: string) =>
  (
    await world.db.query<{ kind: string; actor: string; text: string }>(
      `select kind, actor, text from order_activity where order_id = $1 and event_id is null
        order by at, id`,
      [orderId],
    )
  ).rows;

describe('deliverables', () => {
  test('deliver → changes asked → delivered again → approved: e-mails, stages, rounds, and the old lists see Delivered', async () => {
    const admin = await world.admin();
    const { id: orderId, customer } = await orderInProgress();
    const audit = await upload(admin, orderId, 'audit.pdf', tinyPdf('Audit'));
    const keywords = await upload(admin, orderId, 'keywords.csv', CSV);

    // Nothing delivered yet.
    const none = await customer.client.get(`/api/orders/${orderId}/deliveries`);
    assertStatus(none, 200, 'no deliveries yet');
    expect(none.body).toEqual([]);

    // At least one file; each a deliverable of this order.
    const noFiles = assertErrorBody(
      await admin.post(`/api/admin/orders/${orderId}/deliveries`, { note: 'x', fileIds: [] }),
      400,
    );
    expect((noFiles.fields as Json).fileIds).toBe(DELIVERY_TEXTS.noFiles);
    const other = await orderInProgress();
    const otherFile = await upload(admin, other.id, 'other.pdf', tinyPdf('Other'));
    const attachment = await uploadOrderFile(admin, orderId, CSV, 'brief.csv');
    assertStatus(attachment, 201, 'upload an attachment');
    for (const wrong of [otherFile, String((attachment.body as Json).id)]) {
      const refused = assertErrorBody(
        await admin.post(`/api/admin/orders/${orderId}/deliveries`, {
          fileIds: [audit, wrong],
        }),
        400,
      );
      expect((refused.fields as Json)['fileIds.1']).toBe(DELIVERY_TEXTS.notDeliverable);
    }
    expect((await orderOf(customer.client, orderId)).stage).toBe('in_progress');

    // Round 1.
    const note = 'Your audit is attached.\nStart with page 3.';
    const delivered = await admin.post(`/api/admin/orders/${orderId}/deliveries`, {
      note,
      fileIds: [audit, keywords],
    });
    assertStatus(delivered, 201, 'deliver');
    expect(delivered.body).toMatchObject({
      round: 1,
      note,
      deliveredBy: world.adminEmail.toLowerCase(),
      response: null,
      files: [
        { id: audit, filename: 'audit.pdf', contentType: 'application/pdf' },
        { id: keywords, filename: 'keywords.csv', contentType: 'text/csv' },
      ],
    });
    const mail = await world.mailbox.waitFor(
      mailTo(customer.email, 'Your Premium work is ready'),
      30_000,
    );
    expect(mail.text).toContain('Your audit is attached.');
    expect(mail.text).toContain('audit.pdf');
    expect(mail.text).toContain('keywords.csv');
    expect(mail.text).toContain(`${world.api.publicUrl}/orders/${orderId}`);
    expect((await orderOf(customer.client, orderId)).stage).toBe('delivered');

    // The customer reads the round (not which admin delivered it) and downloads its files.
    const listed = await customer.client.get(`/api/orders/${orderId}/deliveries`);
    assertStatus(listed, 200, 'the customer lists the deliveries');
    const [round1] = listed.body as Delivery[];
    expect(round1).toMatchObject({ round: 1, deliveredBy: null, note });
    const download = await customer.client.get(round1!.files[0]!.downloadUrl);
    assertStatus(download, 200, 'download the report');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(download.bytes).toString('latin1')).toContain('(Audit)');

    // Changes: the message is required.
    for (const body of [{}, { message: '' }, { message: '   ' }]) {
      const refused = assertErrorBody(
        await customer.client.post(`/api/orders/${orderId}/deliveries/request-changes`, body),
        400,
      );
      expect(Object.keys(refused.fields as Json)).toContain('message');
    }
    const asked = await customer.client.post(`/api/orders/${orderId}/deliveries/request-changes`, {
      message: 'Please add the competitors.\nAnd a summary.',
    });
    assertStatus(asked, 200, 'ask for changes');
    expect(asked.body).toMatchObject({ stage: 'changes_requested', orderStatus: 'Pending' });
    const toAdmins = await world.mailbox.waitFor(
      mailTo(world.adminEmail, 'Changes requested'),
      30_000,
    );
    expect(toAdmins.text).toContain('Please add the competitors.');

    // Nothing awaits an answer now: 409 with the order's reason.
    const early = assertErrorBody(
      await customer.client.post(`/api/orders/${orderId}/deliveries/approve`),
      409,
    );
    expect(early.message).toBe(ORDER_TEXTS.nothingToApprove);

    // Round 2, then approval.
    const again = await admin.post(`/api/admin/orders/${orderId}/deliveries`, {
      fileIds: [audit],
    });
    assertStatus(again, 201, 'deliver again');
    expect(again.body).toMatchObject({ round: 2, note: null });
    const rounds = (await admin.get(`/api/admin/orders/${orderId}/deliveries`)).body as Delivery[];
    expect(rounds.map((round) => [round.round, round.response, round.responseMessage])).toEqual([
      [2, null, null],
      [1, 'changes_requested', 'Please add the competitors.\nAnd a summary.'],
    ]);

    const approved = await customer.client.post(`/api/orders/${orderId}/deliveries/approve`);
    assertStatus(approved, 200, 'approve');
    expect(approved.body).toMatchObject({ orderStatus: 'Delivered', stage: 'completed' });
    expect((approved.body as Json).approvedAt).toEqual(expect.any(String));
    await world.mailbox.waitFor(mailTo(customer.email, 'Your Premium order is delivered'), 30_000);
    await world.mailbox.waitFor(mailTo(world.adminEmail, 'Delivery approved'), 30_000);
    const [latest] = (await customer.client.get(`/api/orders/${orderId}/deliveries`))
      .body as Delivery[];
    expect(latest).toMatchObject({ round: 2, response: 'approved', approvedBy: 'customer' });

    // The seed's list and the admin list see the same truth.
    const seedList = await customer.client.get('/api/orders?page=1&pageSize=50');
    assertStatus(seedList, 200, 'the seed list');
    expect((seedList.body as Json[]).find((order) => order._id === orderId)).toMatchObject({
      orderStatus: 'Delivered',
    });
    const adminList = await admin.get(
      `/api/admin/orders?q=${encodeURIComponent(customer.email)}&orderStatus=Delivered`,
    );
    assertStatus(adminList, 200, 'the admin list');
    expect((adminList.body as { items: Json[] }).items.map((order) => order._id)).toContain(
      orderId,
    );

    // Approved: nothing more to answer or deliver.
    expect(
      assertErrorBody(await customer.client.post(`/api/orders/${orderId}/deliveries/approve`), 409)
        .message,
    ).toBe(ORDER_TEXTS.workCompleted);
    expect(
      assertErrorBody(
        await admin.post(`/api/admin/orders/${orderId}/deliveries`, { fileIds: [audit] }),
        409,
      ).message,
    ).toBe(ORDER_TEXTS.workCompleted);

    expect(await timeline(orderId)).toEqual([
      { kind: 'files_delivered', actor: 'admin', text: 'Delivered 2 files' },
      {
        kind: 'changes_requested',
        actor: 'customer',
        text: 'Asked for changes: Please add the competitors.',
      },
      { kind: 'files_delivered', actor: 'admin', text: 'Delivered 1 file' },
      { kind: 'approved', actor: 'customer', text: 'Approved delivery 2' },
    ]);
    // The order events are put on the timeline by the worker: the approval's OrderDelivered adds no
    // second entry ("Marked Delivered" is an admin's).
    await pollUntil(
      async () =>
        (
          await world.db.query(
            `select 1 from outbox_event where payload->>'orderId' = $1 and completed_at is null
              and type in ('OrderPlaced', 'OrderPaid', 'OrderDelivered')`,
            [orderId],
          )
        ).rowCount === 0,
      { timeoutMs: 30_000, what: 'the order’s events handled' },
    );
    const fromEvents = await world.db.query<{ kind: string }>(
      'select kind from order_activity where order_id = $1 and event_id is not null order by at',
      [orderId],
    );
    expect(fromEvents.rows.map((row) => row.kind)).toEqual(['placed', 'paid']);
  }, 120_000);

  test('a wrong stage is a 409 with the order’s reason', async () => {
    const admin = await world.admin();
    const waiting = await world.order({ paid: true });
    const file = await upload(admin, waiting.id, 'audit.pdf', tinyPdf());
    expect(
      assertErrorBody(
        await admin.post(`/api/admin/orders/${waiting.id}/deliveries`, { fileIds: [file] }),
        409,
      ).message,
    ).toBe(ORDER_TEXTS.workAwaitsDetails);
    const unpaid = await world.order();
    const unpaidFile = await upload(admin, unpaid.id, 'audit.pdf', tinyPdf());
    expect(
      assertErrorBody(
        await admin.post(`/api/admin/orders/${unpaid.id}/deliveries`, { fileIds: [unpaidFile] }),
        409,
      ).message,
    ).toBe(ORDER_TEXTS.workNeedsPayment);
    for (const answer of ['approve', 'request-changes']) {
      expect(
        assertErrorBody(
          await waiting.customer.client.post(`/api/orders/${waiting.id}/deliveries/${answer}`, {
            message: 'Change it',
          }),
          409,
        ).message,
      ).toBe(ORDER_TEXTS.nothingToApprove);
    }
  }, 60_000);

  test('another customer, and a customer on the admin routes, get nothing', async () => {
    const admin = await world.admin();
    const { id: orderId } = await orderInProgress();
    const file = await upload(admin, orderId, 'audit.pdf', tinyPdf());
    assertStatus(
      await admin.post(`/api/admin/orders/${orderId}/deliveries`, { fileIds: [file] }),
      201,
      'deliver',
    );
    const stranger = await world.customer();
    for (const [method, path] of [
      ['GET', `/api/orders/${orderId}/deliveries`],
      ['POST', `/api/orders/${orderId}/deliveries/approve`],
      ['POST', `/api/orders/${orderId}/deliveries/request-changes`],
      ['GET', `/api/files/${file}`],
      ['GET', '/api/orders/not-an-id/deliveries'],
    ] as const) {
      const answer = await stranger.client.request(
        method,
        path,
        method === 'POST' ? { json: { message: 'Let me in' } } : {},
      );
      assertErrorBody(answer, 404, `${method} ${path}`);
    }
    for (const [method, path] of [
      ['GET', `/api/admin/orders/${orderId}/deliveries`],
      ['POST', `/api/admin/orders/${orderId}/deliveries`],
    ] as const) {
      const answer = await stranger.client.request(
        method,
        path,
        method === 'POST' ? { json: { fileIds: [file] } } : {},
      );
      expect([method, path, answer.status]).toEqual([method, path, 403]);
    }
    // Nothing changed.
    const [round] = (await admin.get(`/api/admin/orders/${orderId}/deliveries`)).body as Delivery[];
    expect(round).toMatchObject({ round: 1, response: null });
  }, 60_000);

  test('the auto-approval job approves only deliveries older than DELIVERY_AUTO_APPROVE_DAYS, once', async () => {
    const admin = await world.admin();
    const deliver = async (daysAgo: number) => {
      const order = await orderInProgress();
      const file = await upload(admin, order.id, 'audit.pdf', tinyPdf());
      assertStatus(
        await admin.post(`/api/admin/orders/${order.id}/deliveries`, { fileIds: [file] }),
        201,
        'deliver',
      );
      await world.db.query(
        `update "order" set work_delivered_at = now() - make_interval(days => $2) where id = $1`,
        [order.id, daysAgo],
      );
      return order;
    };
    const old = await deliver(8);
    const recent = await deliver(6);
    const answered = await deliver(9);
    assertStatus(
      await answered.customer.client.post(`/api/orders/${answered.id}/deliveries/request-changes`, {
        message: 'Not yet',
      }),
      200,
      'ask for changes',
    );

    const connection = { url: world.services.redisUrl };
    const queue = new Queue('deliverables-maintenance', { connection, prefix: queuePrefix });
    const done = new QueueEvents('deliverables-maintenance', { connection, prefix: queuePrefix });
    try {
      await done.waitUntilReady();
      // Two runs at once, as two workers would: the order is approved once.
      const jobs = await Promise.all([
        queue.add('auto-approve-deliveries', {}),
        queue.add('auto-approve-deliveries', {}),
      ]);
      await Promise.all(jobs.map((job) => job.waitUntilFinished(done, 30_000)));
      // The app's own scheduled run may have run too: all runs together approved one order.
      const runs = await queue.getJobs(['completed']);
      const approvedInAll = runs
        .filter((run) => run.name === 'auto-approve-deliveries')
        .reduce((sum, run) => sum + (run.returnvalue as { approved: number }).approved, 0);
      expect(approvedInAll).toBe(1);
    } finally {
      await Promise.all([queue.close(), done.close()]);
    }

    expect(await orderOf(old.customer.client, old.id)).toMatchObject({
      orderStatus: 'Delivered',
      stage: 'completed',
    });
    expect(await orderOf(recent.customer.client, recent.id)).toMatchObject({
      orderStatus: 'Pending',
      stage: 'delivered',
    });
    expect(await orderOf(answered.customer.client, answered.id)).toMatchObject({
      orderStatus: 'Pending',
      stage: 'changes_requested',
    });
    const [round] = (await old.customer.client.get(`/api/orders/${old.id}/deliveries`))
      .body as Delivery[];
    expect(round).toMatchObject({ response: 'approved', approvedBy: 'auto' });
    expect((await timeline(old.id)).filter((entry) => entry.kind === 'auto_approved')).toEqual([
      { kind: 'auto_approved', actor: 'system', text: autoApprovedText(7) },
    ]);
    // The customer is told by the delivered e-mail, once.
    await world.mailbox.waitFor(
      mailTo(old.customer.email, 'Your Premium order is delivered'),
      30_000,
    );
    await world.mailbox.waitFor(
      mailTo(world.adminEmail, 'Delivery approved automatically'),
      30_000,
    );
    expect(
      world.mailbox.messages.filter(mailTo(old.customer.email, 'Your Premium order is delivered')),
    ).toHaveLength(1);
  }, 90_000);
});
