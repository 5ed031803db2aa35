/**
 * The thread of an order against the built server, real PostgreSQL, Redis and SMTP: the customer and
 * the agency write to each other (with files uploaded for the order), admins keep internal notes that
 * no customer response ever holds (threads, unread counts, timeline), another customer gets 404 on
 * every route, bad input is a 400 naming its field, unread counts move as threads are read, the
 * customer gets one e-mail per batch of agency messages (none once they read them), and each customer
 * message reaches the admins by e-mail and on the live feed.
 *
 *   npm run build:server && npm run test:integration -- test/integration/order-thread.test.ts
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { LIVE_EVENTS_PATH, liveEventSchema } from '../../src/contracts/live-events.js';
import {
  MAX_ORDER_MESSAGE_LENGTH,
  type OrderMessage,
  type OrderThread,
  ORDER_THREAD_TEXTS,
  type UnreadMessages,
} from '../../src/contracts/order-thread.js';
import { type EventStream, openEventStream } from '../support/event-stream.js';
import { type HttpClient } from '../support/http-client.js';
import {
  assertErrorBody,
  assertStatus,
  expectNewMail,
  fieldsOf,
  type Json,
  mailTo,
} from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { tinyPdf, uploadOrderFile } from '../support/order-files.js';
import { type Customer, type PlacedOrder, useWorld } from '../support/world.js';

/** The agency's messages are e-mailed this long after the first of a batch (10 minutes in production). */
const MAIL_DELAY_MS = 4000;

const world = useWorld({
  name: 'order-thread',
  simulateClientIps: true,
  env: { ORDER_MESSAGE_EMAIL_DELAY_MS: String(MAIL_DELAY_MS) },
});

const CUSTOMER_MAIL_SUBJECT = 'about your Premium order';

/** A PDF uploaded for the order through POST /api/orders/{id}/files (by its customer unless told). */
async function uploadedFile(
  order: PlacedOrder,
  filename: string,
  kind: 'order-attachment' | 'deliverable' | 'internal-note' = 'order-attachment',
  by: HttpClient = order.customer.client,
): Promise<string> {
  const uploaded = await uploadOrderFile(by, order.id, tinyPdf(filename), filename, kind);
  assertStatus(uploaded, 201, `upload ${filename}`);
  return String((uploaded.body as Json).id);
}

const thread = (response: { status: number; body: unknown }) => response.body as OrderThread;

describe('the order thread', () => {
  let admin: HttpClient;

  beforeAll(async () => {
    admin = await world.admin();
  }, 120_000);

  async function customerThread(order: PlacedOrder): Promise<OrderThread> {
    const response = await order.customer.client.get(`/api/orders/${order.id}/messages`);
    assertStatus(response, 200, 'the customer’s thread');
    return thread(response);
  }

  async function adminThread(order: PlacedOrder): Promise<OrderThread> {
    const response = await admin.get(`/api/admin/orders/${order.id}/messages`);
    assertStatus(response, 200, 'the admin’s thread');
    return thread(response);
  }

  async function customerUnread(customer: Customer): Promise<UnreadMessages> {
    const response = await customer.client.get('/api/orders/unread');
    assertStatus(response, 200, 'the customer’s unread counts');
    return response.body as UnreadMessages;
  }

  async function adminUnreadOn(orderId: string): Promise<number> {
    const response = await admin.get('/api/admin/orders/unread');
    assertStatus(response, 200, 'the admins’ unread counts');
    const counts = response.body as UnreadMessages;
    return counts.orders.find((order) => order.orderId === orderId)?.unread ?? 0;
  }

  async function adminPosts(order: PlacedOrder, body: Json): Promise<OrderMessage> {
    const posted = await admin.post(`/api/admin/orders/${order.id}/messages`, body);
    assertStatus(posted, 201, 'an admin’s message');
    return posted.body as OrderMessage;
  }

  async function customerPosts(order: PlacedOrder, body: Json): Promise<OrderMessage> {
    const posted = await order.customer.client.post(`/api/orders/${order.id}/messages`, body);
    assertStatus(posted, 201, 'the customer’s message');
    return posted.body as OrderMessage;
  }

  /** Waits until the order's delayed e-mail events have all been handled by the worker. */
  async function mailEventsHandled(orderId: string, count: number): Promise<void> {
    await pollUntil(
      async () => {
        const { rows } = await world.db.query<{ handled: string }>(
          `select count(*) as handled from outbox_event
            where type = 'OrderMessagesMailDue' and payload->>'orderId' = $1
              and completed_at is not null`,
          [orderId],
        );
        return Number(rows[0]?.handled) === count;
      },
      { timeoutMs: MAIL_DELAY_MS + 20_000, what: `${count} OrderMessagesMailDue handled` },
    );
  }

  const mailEventCount = async (orderId: string) => {
    const { rows } = await world.db.query<{ count: string }>(
      `select count(*) from outbox_event
        where type = 'OrderMessagesMailDue' and payload->>'orderId' = $1`,
      [orderId],
    );
    return Number(rows[0]?.count);
  };

  test('the customer and the agency write to each other, with files, oldest first, as plain text', async () => {
    const order = await world.order({ paid: true });
    const brief = await uploadedFile(order, 'brief.pdf');
    const text = '  Hello,\r\nhere is my <b>site</b>: https://example.test  ';
    const sent = await customerPosts(order, { body: text, attachments: [brief] });
    expect(sent).toMatchObject({
      orderId: order.id,
      author: 'customer',
      authorEmail: order.customer.email.toLowerCase(),
      body: 'Hello,\nhere is my <b>site</b>: https://example.test',
      internal: false,
      attachments: [
        {
          id: brief,
          filename: 'brief.pdf',
          contentType: 'application/pdf',
          size: expect.any(Number),
        },
      ],
    });

    const answer = await adminPosts(order, { body: 'Thanks, we start today.' });
    expect(answer).toMatchObject({ author: 'admin', authorEmail: world.adminEmail.toLowerCase() });
    // Files alone are a message too; the agency's files download for the customer.
    const report = await uploadedFile(order, 'notes.pdf', 'order-attachment', admin);
    await adminPosts(order, { body: '', attachments: [report] });
    assertStatus(await order.customer.client.get(`/api/files/${report}`), 200, 'the download');
    assertStatus(await admin.get(`/api/files/${brief}`), 200, 'the admin’s download');

    const mine = await customerThread(order);
    expect(mine.messages.map((message) => [message.author, message.body])).toStrictEqual([
      ['customer', 'Hello,\nhere is my <b>site</b>: https://example.test'],
      ['admin', 'Thanks, we start today.'],
      ['admin', ''],
    ]);
    // The customer reads "The agency", never an admin's address.
    expect(mine.messages[1]!.authorEmail).toBeNull();
    expect(mine.messages[2]!.attachments.map((file) => file.filename)).toStrictEqual(['notes.pdf']);

    const theirs = await adminThread(order);
    expect(theirs.messages.map((message) => message.id)).toStrictEqual(
      mine.messages.map((message) => message.id),
    );
    expect(theirs.messages[1]!.authorEmail).toBe(world.adminEmail.toLowerCase());

    // Each message is on the order's timeline, written with it.
    const { rows } = await world.db.query<{ kind: string; actor: string; text: string }>(
      `select kind, actor, text from order_activity
        where order_id = $1 and kind in ('message', 'internal_note') order by at, id`,
      [order.id],
    );
    expect(rows).toStrictEqual([
      { kind: 'message', actor: 'customer', text: 'Sent a message with 1 file' },
      { kind: 'message', actor: 'admin', text: 'Sent a message' },
      { kind: 'message', actor: 'admin', text: 'Sent a message with 1 file' },
    ]);
  });

  test('internal notes are for admins only: never in a customer’s thread, unread count or timeline', async () => {
    const order = await world.order({ paid: true });
    const file = await uploadedFile(order, 'audit-draft.pdf', 'internal-note', admin);
    const note = await adminPosts(order, {
      body: 'Customer seems in a hurry',
      internal: true,
      attachments: [file],
    });
    expect(note).toMatchObject({ internal: true, author: 'admin' });
    // A note's file is the admins' alone: its customer cannot download it nor get a link to it, nor
    // upload one, nor send it with a message; a message's file is not a note's.
    assertStatus(await admin.get(`/api/files/${file}`), 200, 'the admin’s download');
    assertErrorBody(await order.customer.client.get(`/api/files/${file}`), 404, 'the customer');
    assertErrorBody(await order.customer.client.post(`/api/files/${file}/link`), 404, 'a link');
    const customerNoteFile = await uploadOrderFile(
      order.customer.client,
      order.id,
      tinyPdf(),
      'x.pdf',
      'internal-note',
    );
    assertErrorBody(customerNoteFile, 403, 'a customer’s upload of a note’s file');
    const published = await order.customer.client.post(`/api/orders/${order.id}/messages`, {
      body: 'look',
      attachments: [file],
    });
    expect(fieldsOf(assertErrorBody(published, 400, 'a note’s file in a message'))).toHaveProperty(
      'attachments',
    );
    const messageFile = await uploadedFile(order, 'public.pdf', 'order-attachment', admin);
    const mixed = await admin.post(`/api/admin/orders/${order.id}/messages`, {
      body: 'x',
      internal: true,
      attachments: [messageFile],
    });
    expect(fieldsOf(assertErrorBody(mixed, 400, 'a message’s file in a note'))).toHaveProperty(
      'attachments',
    );
    await adminPosts(order, { body: 'We are on it.' });

    const admins = await adminThread(order);
    expect(admins.messages.map((message) => [message.internal, message.body])).toStrictEqual([
      [true, 'Customer seems in a hurry'],
      [false, 'We are on it.'],
    ]);

    const answers = [
      await order.customer.client.get(`/api/orders/${order.id}/messages`),
      await order.customer.client.get('/api/orders/unread'),
      await order.customer.client.post(`/api/orders/${order.id}/messages/read`),
      await order.customer.client.get(`/api/orders/${order.id}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      expect(answer.text).not.toContain('Customer seems in a hurry');
      expect(answer.text).not.toContain('audit-draft');
      expect(answer.text).not.toContain(note.id);
    }
    const customers = thread(answers[0]!);
    expect(customers.messages.map((message) => message.body)).toStrictEqual(['We are on it.']);
    expect(customers.unread).toBe(1);
    const unread = answers[1]!.body as UnreadMessages;
    expect(unread.orders.find((entry) => entry.orderId === order.id)?.unread).toBe(1);

    // On the timeline, the note is an internal entry (the customer's timeline leaves those out).
    const { rows } = await world.db.query<{ kind: string; internal: boolean; text: string }>(
      `select kind, internal, text from order_activity
        where order_id = $1 and kind in ('message', 'internal_note') order by at, id`,
      [order.id],
    );
    expect(rows).toStrictEqual([
      { kind: 'internal_note', internal: true, text: 'Wrote an internal note with 1 file' },
      { kind: 'message', internal: false, text: 'Sent a message' },
    ]);
  });

  test('another customer gets 404 on every route of someone else’s order, as for no order at all', async () => {
    const order = await world.order({ paid: true });
    await customerPosts(order, { body: 'Private words' });
    const stranger = await world.customer();
    const unknown = randomUUID();
    for (const id of [order.id, unknown, 'not-an-id']) {
      const answers = [
        await stranger.client.get(`/api/orders/${id}/messages`),
        await stranger.client.post(`/api/orders/${id}/messages`, { body: 'Hi' }),
        await stranger.client.post(`/api/orders/${id}/messages/read`),
      ];
      for (const answer of answers) {
        const body = assertErrorBody(answer, 404, `${answer.url} as a stranger`);
        expect(body.message).toBe('No such order.');
      }
    }
    expect((await customerUnread(stranger)).total).toBe(0);
    // Nothing was written for the stranger.
    expect((await adminThread(order)).messages).toHaveLength(1);
    for (const path of [`/api/admin/orders/${unknown}/messages`]) {
      assertErrorBody(await admin.get(path), 404, 'an admin, an order that does not exist');
      assertErrorBody(await admin.post(path, { body: 'Hi' }), 404, 'posting to no order');
    }
    // A visitor is not signed in; a customer is no admin.
    assertErrorBody(await world.api.client().get(`/api/orders/${order.id}/messages`), 401);
    assertErrorBody(await order.customer.client.get(`/api/admin/orders/${order.id}/messages`), 403);
    assertErrorBody(await order.customer.client.get('/api/admin/orders/unread'), 403);
  });

  test('bad messages are a 400 naming the field, and write nothing', async () => {
    const order = await world.order({ paid: true });
    const other = await world.order({ paid: true });
    const othersFile = await uploadedFile(other, 'theirs.pdf');
    const deliverable = await uploadedFile(order, 'report.pdf', 'deliverable', admin);
    const customerPath = `/api/orders/${order.id}/messages`;
    const cases: [HttpClient, string, unknown, string, string?][] = [
      [
        order.customer.client,
        customerPath,
        { body: '   ' },
        'body',
        ORDER_THREAD_TEXTS.bodyRequired,
      ],
      [order.customer.client, customerPath, {}, 'body'],
      [
        order.customer.client,
        customerPath,
        { body: 'x'.repeat(MAX_ORDER_MESSAGE_LENGTH + 1) },
        'body',
      ],
      [order.customer.client, customerPath, { body: 'a\u0000b' }, 'body'],
      [order.customer.client, customerPath, { body: 42 }, 'body'],
      [order.customer.client, customerPath, { body: 'Hi', attachments: ['nope'] }, 'attachments.0'],
      [
        order.customer.client,
        customerPath,
        { body: 'Hi', attachments: Array.from({ length: 6 }, () => randomUUID()) },
        'attachments',
        ORDER_THREAD_TEXTS.tooManyFiles,
      ],
      // Only admins write internal notes: the customer's body has no such field.
      [order.customer.client, customerPath, { body: 'Hi', internal: true }, 'internal'],
      [
        order.customer.client,
        customerPath,
        { body: 'Hi', attachments: [othersFile] },
        'attachments',
        ORDER_THREAD_TEXTS.fileNotOfOrder,
      ],
      [
        order.customer.client,
        customerPath,
        { body: 'Hi', attachments: [deliverable] },
        'attachments',
        ORDER_THREAD_TEXTS.fileNotOfOrder,
      ],
      [
        order.customer.client,
        customerPath,
        { body: 'Hi', attachments: [randomUUID()] },
        'attachments',
        ORDER_THREAD_TEXTS.fileNotOfOrder,
      ],
      [
        admin,
        `/api/admin/orders/${order.id}/messages`,
        { body: 'Hi', internal: 'yes' },
        'internal',
      ],
      [
        admin,
        `/api/admin/orders/${order.id}/messages`,
        { body: 'Hi', attachments: [othersFile] },
        'attachments',
        ORDER_THREAD_TEXTS.fileNotOfOrder,
      ],
    ];
    for (const [client, path, body, field, message] of cases) {
      const answer = await client.post(path, body);
      const error = assertErrorBody(answer, 400, `${JSON.stringify(body).slice(0, 80)}`);
      const fields = fieldsOf(error);
      expect({ body: JSON.stringify(body).slice(0, 80), named: Object.keys(fields) }).toStrictEqual(
        { body: JSON.stringify(body).slice(0, 80), named: expect.arrayContaining([field]) },
      );
      if (message) expect(fields[field]).toBe(message);
    }
    expect((await adminThread(order)).messages).toStrictEqual([]);
    const { rows } = await world.db.query(
      `select 1 from order_activity where order_id = $1 and kind in ('message', 'internal_note')`,
      [order.id],
    );
    expect(rows).toStrictEqual([]);
  });

  test('a cancelled order can still be discussed', async () => {
    const order = await world.order({ cancelled: true });
    await customerPosts(order, { body: 'Why was it cancelled?' });
    await adminPosts(order, { body: 'You cancelled it at PayPal.' });
    expect((await customerThread(order)).messages).toHaveLength(2);
  });

  test('unread counts move as messages are written and read, on each side', async () => {
    const order = await world.order({ paid: true });
    const customer = order.customer;
    expect(await customerUnread(customer)).toStrictEqual({ total: 0, orders: [] });

    await adminPosts(order, { body: 'First question' });
    await adminPosts(order, { body: 'Second question' });
    await adminPosts(order, { body: 'Note to self', internal: true });
    const counts = await customerUnread(customer);
    expect(counts).toMatchObject({
      total: 2,
      orders: [{ orderId: order.id, packageName: 'Premium', unread: 2 }],
    });
    // The customer's own messages are never unread for them.
    await customerPosts(order, { body: 'Answers coming' });
    expect((await customerUnread(customer)).total).toBe(2);
    expect(await adminUnreadOn(order.id)).toBe(1);

    const read = await customer.client.post(`/api/orders/${order.id}/messages/read`);
    assertStatus(read, 200, 'the customer reads the thread');
    expect(read.body).toStrictEqual({ orderId: order.id, unread: 0 });
    expect(await customerUnread(customer)).toStrictEqual({ total: 0, orders: [] });
    expect((await customerThread(order)).unread).toBe(0);
    // The admins' count is theirs: the customer reading changes nothing there.
    expect(await adminUnreadOn(order.id)).toBe(1);

    await customerPosts(order, { body: 'And another thing' });
    expect(await adminUnreadOn(order.id)).toBe(2);
    expect((await adminThread(order)).unread).toBe(2);
    assertStatus(await admin.post(`/api/admin/orders/${order.id}/messages/read`), 200);
    expect(await adminUnreadOn(order.id)).toBe(0);

    await adminPosts(order, { body: 'Third question' });
    expect((await customerUnread(customer)).total).toBe(1);
  });

  test('the agency’s messages within the delay reach the customer in one e-mail naming them all', async () => {
    const order = await world.order({ paid: true });
    const email = order.customer.email;
    const mails = expectNewMail(world.mailbox, mailTo(email, CUSTOMER_MAIL_SUBJECT));
    const file = await uploadedFile(order, 'keyword-list.pdf', 'order-attachment', admin);
    await adminPosts(order, { body: 'We looked at your site.\nThree things first:' });
    await adminPosts(order, { body: 'Here are the keywords.', attachments: [file] });
    await adminPosts(order, { body: 'Secret plan', internal: true });

    const mail = await mails.next(MAIL_DELAY_MS + 20_000);
    expect(mail.subject).toBe('2 new messages about your Premium order');
    expect(mail.text).toContain('We looked at your site.');
    expect(mail.text).toContain('Three things first:');
    expect(mail.text).toContain('Here are the keywords.');
    expect(mail.text).toContain('keyword-list.pdf');
    expect(mail.text).not.toContain('Secret plan');
    expect(mail.text.split('\n')).toContain(`${world.api.publicUrl}/orders/${order.id}`);
    // One event for the batch, handled once: one e-mail.
    expect(await mailEventCount(order.id)).toBe(1);
    await mailEventsHandled(order.id, 1);
    expect(mails.arrived()).toHaveLength(1);

    // The next message after that e-mail starts the next batch, which lists only itself.
    const nextMails = expectNewMail(world.mailbox, mailTo(email, CUSTOMER_MAIL_SUBJECT));
    await adminPosts(order, { body: 'One more thing.' });
    const next = await nextMails.next(MAIL_DELAY_MS + 20_000);
    expect(next.subject).toBe('New message about your Premium order');
    expect(next.text).toContain('One more thing.');
    expect(next.text).not.toContain('Here are the keywords.');
  });

  test('no e-mail when the customer read the messages before it was due; notes e-mail nobody', async () => {
    const order = await world.order({ paid: true });
    const email = order.customer.email;
    const mails = expectNewMail(world.mailbox, mailTo(email, CUSTOMER_MAIL_SUBJECT));
    await adminPosts(order, { body: 'Read me soon' });
    assertStatus(await order.customer.client.post(`/api/orders/${order.id}/messages/read`), 200);
    await mailEventsHandled(order.id, 1);

    const noteOnly = await world.order({ paid: true });
    const noteMails = expectNewMail(world.mailbox, mailTo(noteOnly.customer.email, 'Premium'));
    await adminPosts(noteOnly, { body: 'Internal only', internal: true });
    expect(await mailEventCount(noteOnly.id)).toBe(0);

    // Any mail would have been written in the handler's transaction, settled by now.
    const { rows } = await world.db.query(
      `select type from outbox_event where queue = 'mail' and payload->>'to' = lower($1)
          and type = 'threadMessagesToCustomer'`,
      [email],
    );
    expect(rows).toStrictEqual([]);
    expect(mails.arrived()).toStrictEqual([]);
    expect(noteMails.arrived().filter((mail) => mail.subject.includes('message'))).toStrictEqual(
      [],
    );
  });

  describe('the admins hear of each customer message', () => {
    let stream: EventStream;

    beforeAll(async () => {
      stream = await openEventStream(world.api.baseUrl, LIVE_EVENTS_PATH, { client: admin });
      expect(stream.status).toBe(200);
    });
    afterAll(() => stream?.close());

    test('on the live feed and by e-mail, with the order page’s link; the agency’s own messages not', async () => {
      const order = await world.order({ paid: true, customerName: 'Grace Hopper' });
      const adminMails = expectNewMail(
        world.mailbox,
        mailTo(world.adminEmail, 'New message from Grace Hopper'),
      );
      await customerPosts(order, { body: 'Is the <b>audit</b>\nready?' });

      const event = await stream.waitFor(
        (candidate) =>
          candidate.type === 'order.message' &&
          liveEventSchema.parse(JSON.parse(candidate.data)).subjectId === order.id,
        'the live event of the customer’s message',
      );
      expect(liveEventSchema.parse(JSON.parse(event.data)).text).toBe(
        'New message from Grace Hopper on their Premium order: Is the <b>audit</b> ready?',
      );

      const mail = await adminMails.next();
      expect(mail.subject).toBe('New message from Grace Hopper: Premium order');
      expect(mail.text).toContain('Is the <b>audit</b>');
      expect(mail.html).not.toContain('<b>audit</b>');
      expect(mail.text.split('\n')).toContain(`${world.api.publicUrl}/orders/${order.id}`);

      // The agency's messages and notes are no news to the admins.
      await adminPosts(order, { body: 'Almost.' });
      await adminPosts(order, { body: 'Note', internal: true });
      await customerPosts(order, { body: 'Thanks' });
      await stream.waitFor(
        (candidate) => candidate.type === 'order.message' && candidate.data.includes('Thanks'),
        'the second customer message',
      );
      const about = stream.events.filter(
        (candidate) =>
          candidate.type === 'order.message' &&
          liveEventSchema.parse(JSON.parse(candidate.data)).subjectId === order.id,
      );
      expect(about).toHaveLength(2);
    });
  });
});
