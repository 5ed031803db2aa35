/**
 * The admin inbox against the built server and a real PostgreSQL: the paged list (newest first, by
 * status, by sender), one message, 'Mark Read' (once, for good), the refusals of bad input, who may
 * call what, and the old site's calls (GET /messages, GET and PUT /message/{id}).
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/admin-inbox.test.ts
 *
 * DEBUG_APP=1 streams the app's output; it is printed anyway when a test of the file failed.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { MESSAGE_TEXTS } from '../../src/contracts/messages.js';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  fieldsOf,
  type Json,
  uid,
} from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { documentedAccess } from '../support/openapi.js';
import { useWorld } from '../support/world.js';

interface Sender {
  name: string;
  email: string;
}

interface InboxPage {
  items: Json[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Stores a message as the form would, with the time and status given: the ordering tests need times
 * that differ for certain, which messages posted one after another within a millisecond would not.
 */
async function storeMessage(
  sender: Sender,
  createdAt: Date,
  messageStatus: 'UnRead' | 'Read' = 'UnRead',
): Promise<string> {
  const id = randomUUID();
  await suite.db.query(
    `INSERT INTO message (id, name, email, number, subject, message, message_status, created_at)
     VALUES ($1, $2, $3, '+1 555 0100', $4, 'Hello there', $5, $6)`,
    [id, sender.name, sender.email, `Subject ${id}`, messageStatus, createdAt],
  );
  return id;
}

/** Stored a minute apart, the first oldest; returns their ids oldest first. */
async function storeMessages(senders: Sender[], status?: 'UnRead' | 'Read'): Promise<string[]> {
  const start = Date.now() - 24 * 3600_000;
  const ids: string[] = [];
  for (const [index, sender] of senders.entries()) {
    ids.push(await storeMessage(sender, new Date(start + index * 60_000), status));
  }
  return ids;
}

const statusOf = async (id: string) =>
  (
    await suite.db.query<{ message_status: string }>(
      'SELECT message_status FROM message WHERE id = $1',
      [id],
    )
  ).rows[0]?.message_status;

const idsOf = (page: InboxPage) => page.items.map((item) => item.id);

const world = useWorld({
  name: 'admin-inbox',
  simulateClientIps: true,
});
const suite = world;

describe('the admin inbox', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let customer: HttpClient;
  let visitor: HttpClient;

  /** GET /api/admin/messages with the query given, as the admin: 200 and the page. */
  async function listPage(query: Record<string, string | number> = {}): Promise<InboxPage> {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    );
    const response = await admin.get(`/api/admin/messages?${search}`);
    assertStatus(response, 200, `GET /api/admin/messages?${search}`);
    const page = asObject(response.body, 'the page') as unknown as InboxPage;
    expect(Array.isArray(page.items)).toBe(true);
    return page;
  }

  /** Posts the contact form as a visitor: 201 and the stored message. */
  async function sendMessage(fields: Partial<Record<string, string>> = {}): Promise<Json> {
    const tag = uid();
    const response = await api.client().post('/api/messages', {
      name: `Visitor ${tag}`,
      email: `visitor-${tag}@example.test`,
      number: '+44 20 7946 0958',
      subject: `Audit ${tag}`,
      message: `Please audit my shop (${tag}).`,
      ...fields,
    });
    assertStatus(response, 201, 'POST /api/messages');
    return asObject(response.body, 'the sent message');
  }

  const markRead = (id: string, messageStatus: unknown = 'Read') =>
    admin.put(`/api/admin/messages/${id}`, { messageStatus });

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
    customer = (await world.customer()).client;
    visitor = api.client();
  }, 120_000);

  test('the OpenAPI document lists the inbox and its seed calls as admin and support operations', async () => {
    const accessOf = await documentedAccess(visitor);
    for (const [method, path] of [
      ['get', '/api/admin/messages'],
      ['get', '/api/admin/messages/{id}'],
      ['put', '/api/admin/messages/{id}'],
      ['get', '/api/messages'],
      ['get', '/api/message/{id}'],
      ['put', '/api/message/{id}'],
    ] as const) {
      expect({ [`${method} ${path}`]: accessOf(method, path) }).toStrictEqual({
        [`${method} ${path}`]: ['admin', 'support'],
      });
    }
    // The form's POST shares its path with the seed's GET.
    expect(accessOf('post', '/api/messages')).toBe('public');
  });

  test('the list: newest first, paged on the server, with the total', async () => {
    const tag = uid();
    const senders = [0, 1, 2, 3, 4].map((n) => ({
      name: `Pager ${tag} ${n}`,
      email: `pager-${n}-${tag}@example.test`,
    }));
    const oldestFirst = await storeMessages(senders);
    const newestFirst = [...oldestFirst].reverse();

    const first = await listPage({ q: tag, page: 1, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(idsOf(first)).toStrictEqual(newestFirst.slice(0, 2));
    expect(idsOf(await listPage({ q: tag, page: 2, pageSize: 2 }))).toStrictEqual(
      newestFirst.slice(2, 4),
    );
    expect(idsOf(await listPage({ q: tag, page: 3, pageSize: 2 }))).toStrictEqual(
      newestFirst.slice(4),
    );
    // Past the last page: no items, the same total.
    expect(await listPage({ q: tag, page: 4, pageSize: 2 })).toMatchObject({ items: [], total: 5 });
    // Without paging parameters: page 1 of 10.
    const defaults = await listPage({ q: tag });
    expect(defaults).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    expect(idsOf(defaults)).toStrictEqual(newestFirst);

    // The whole inbox (other tests' messages too) is newest first.
    const all = await listPage({ pageSize: 50 });
    const times = all.items.map((item) => Date.parse(String(item.createdAt)));
    expect(times).toStrictEqual([...times].sort((a, b) => b - a));
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  test('the status filter: UnRead, Read, or every message', async () => {
    const tag = uid();
    const sender = (n: number) => ({
      name: `Filter ${tag}`,
      email: `filter-${n}-${tag}@example.test`,
    });
    const unread = await storeMessages([sender(1), sender(2)], 'UnRead');
    const [read] = await storeMessages([sender(3)], 'Read');

    const unreadPage = await listPage({ q: tag, status: 'UnRead' });
    expect(unreadPage.total).toBe(2);
    expect(idsOf(unreadPage).sort()).toStrictEqual([...unread].sort());
    expect(unreadPage.items.every((item) => item.messageStatus === 'UnRead')).toBe(true);

    const readPage = await listPage({ q: tag, status: 'Read' });
    expect(idsOf(readPage)).toStrictEqual([read]);
    expect(readPage.items[0]?.messageStatus).toBe('Read');

    expect((await listPage({ q: tag })).total).toBe(3);
  });

  test('the sender search: part of the name or e-mail, any case; % and _ are plain characters', async () => {
    const tag = uid();
    const [discount, noDiscount, underscore, xInstead] = await storeMessages([
      { name: `Shop 50% Off ${tag}`, email: `shop-a-${tag}@example.test` },
      { name: `Shop 50 Pounds Off ${tag}`, email: `shop-b-${tag}@example.test` },
      { name: `Mary ${tag}`, email: `mary_jones-${tag}@example.test` },
      { name: `Marx ${tag}`, email: `maryxjones-${tag}@example.test` },
    ]);
    const found = async (q: string) => idsOf(await listPage({ q })).sort();

    // A part of the name, in another case.
    expect(await found(`SHOP 50% OFF ${tag}`)).toStrictEqual([discount]);
    expect(await found(`shop 50`)).toEqual(expect.arrayContaining([discount, noDiscount]));
    // `%` is no wildcard: "50%" is not "50 followed by anything".
    const percent = await listPage({ q: `50% `, pageSize: 50 });
    expect(idsOf(percent)).toContain(discount);
    expect(idsOf(percent)).not.toContain(noDiscount);
    // `_` is no wildcard either, and the e-mail is searched too (in any case).
    expect(await found(`MARY_JONES-${tag}`)).toStrictEqual([underscore]);
    const underscored = idsOf(await listPage({ q: `y_j`, pageSize: 50 }));
    expect(underscored).toContain(underscore);
    expect(underscored).not.toContain(xInstead);
    // A backslash is a plain character as well.
    expect(await found(`\\${tag}`)).toStrictEqual([]);
    // Surrounding spaces are ignored; an empty search is no filter.
    expect(await found(`  ${tag}  `)).toHaveLength(4);
    expect((await listPage({ q: '' })).total).toBeGreaterThanOrEqual(4);
    // Combined with the status.
    expect((await listPage({ q: tag, status: 'Read' })).total).toBe(0);
  });

  test('one message: every field, as the list has it', async () => {
    const sent = await sendMessage();
    const response = await admin.get(`/api/admin/messages/${String(sent.id)}`);
    assertStatus(response, 200, 'GET /api/admin/messages/{id}');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toStrictEqual(sent);
    expect(response.body).toMatchObject({ messageStatus: 'UnRead' });
    const listed = (await listPage({ q: String(sent.email) })).items;
    expect(listed).toStrictEqual([sent]);
  });

  test('Mark Read: "Message is Read", then in the Read list; again is harmless; never UnRead again', async () => {
    const sent = await sendMessage();
    const id = String(sent.id);
    expect(idsOf(await listPage({ q: String(sent.email), status: 'UnRead' }))).toStrictEqual([id]);

    const marked = await markRead(id);
    assertStatus(marked, 200, 'PUT /api/admin/messages/{id}');
    expect(marked.body).toStrictEqual({
      message: { ...sent, messageStatus: 'Read' },
      notice: MESSAGE_TEXTS.read,
    });
    expect(MESSAGE_TEXTS.read).toBe('Message is Read');
    expect(await statusOf(id)).toBe('Read');
    expect(idsOf(await listPage({ q: String(sent.email), status: 'Read' }))).toStrictEqual([id]);
    expect(idsOf(await listPage({ q: String(sent.email), status: 'UnRead' }))).toStrictEqual([]);

    // Marking a Read message Read again, even many times at once, changes nothing and succeeds.
    const again = await Promise.all([1, 2, 3, 4, 5].map(() => markRead(id)));
    for (const response of again) {
      assertStatus(response, 200, 'PUT /api/admin/messages/{id} again');
      expect(asObject(response.body, 'the answer').message).toMatchObject({
        messageStatus: 'Read',
      });
    }

    // Read → UnRead is refused, naming the field; the message stays Read.
    const back = await markRead(id, 'UnRead');
    expect(fieldsOf(assertErrorBody(back, 400, 'Read → UnRead'))).toStrictEqual({
      messageStatus: MESSAGE_TEXTS.readOnly,
    });
    expect(await statusOf(id)).toBe('Read');
  });

  test('concurrent Mark Read clicks on an unread message all succeed', async () => {
    const sent = await sendMessage();
    const answers = await Promise.all([1, 2, 3, 4].map(() => markRead(String(sent.id))));
    for (const answer of answers) assertStatus(answer, 200, 'a concurrent Mark Read');
    expect(await statusOf(String(sent.id))).toBe('Read');
  });

  test('bad input is a 4xx naming the field and the reason, never a 500', async () => {
    const listFields = async (query: string) =>
      fieldsOf(assertErrorBody(await admin.get(`/api/admin/messages?${query}`), 400, query));
    expect(await listFields('page=0')).toStrictEqual({
      page: 'page must be a whole number from 1',
    });
    expect(await listFields('page=abc')).toStrictEqual({
      page: 'page must be a whole number from 1',
    });
    expect(await listFields('page=1.5')).toHaveProperty('page');
    expect(await listFields('pageSize=51')).toStrictEqual({
      pageSize: 'pageSize must be a whole number from 1 to 50',
    });
    expect(await listFields('pageSize=0')).toHaveProperty('pageSize');
    expect(await listFields('status=Unread')).toStrictEqual({
      status: 'status must be UnRead or Read',
    });
    expect(await listFields('status=Read&status=UnRead')).toHaveProperty('status');
    expect(await listFields(`q=${'a'.repeat(255)}`)).toStrictEqual({
      q: 'q must be at most 254 characters',
    });
    expect(await listFields('q=%00')).toHaveProperty('q');

    const sent = await sendMessage();
    const path = `/api/admin/messages/${String(sent.id)}`;
    // The body must say Read, and nothing else.
    expect(fieldsOf(assertErrorBody(await admin.put(path, {}), 400))).toHaveProperty(
      'messageStatus',
    );
    expect(
      fieldsOf(assertErrorBody(await markRead(String(sent.id), 'Archived'), 400)),
    ).toStrictEqual({ messageStatus: MESSAGE_TEXTS.readOnly });
    expect(
      fieldsOf(assertErrorBody(await admin.put(path, { messageStatus: 'Read', extra: 1 }), 400)),
    ).toStrictEqual({ extra: 'Unknown field' });
    expect(await statusOf(String(sent.id))).toBe('UnRead');

    // An id that is no UUID, or one that names no message: 404, the same answer.
    for (const missing of ['not-an-id', '1', `${String(sent.id)}x`, randomUUID()]) {
      const read = assertErrorBody(await admin.get(`/api/admin/messages/${missing}`), 404, missing);
      expect(read.message).toBe(MESSAGE_TEXTS.notFound);
      assertErrorBody(await markRead(missing), 404, `PUT ${missing}`);
    }
  });

  test('a message with HTML in it comes back verbatim, as text in JSON', async () => {
    const message = `<script>alert("x")</script>\n<b>bold</b> & <img src=x onerror=alert(1)>\n\nBye`;
    const subject = `<i>Hi</i> & "you"`;
    const sent = await sendMessage({ message, subject, name: `<b>Eve</b> ${uid()}` });
    expect(sent).toMatchObject({ message, subject });
    const response = await admin.get(`/api/admin/messages/${String(sent.id)}`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(asObject(response.body, 'the message')).toMatchObject({ message, subject });
    const seed = await admin.get(`/api/message/${String(sent.id)}`);
    expect(asObject(seed.body, 'the seed record')).toMatchObject({ message, subject });
  });

  test('a customer gets 403 and a visitor 401 on every inbox call; nothing changes', async () => {
    const sent = await sendMessage();
    const id = String(sent.id);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/messages'],
      ['GET', '/api/admin/messages?status=UnRead&q=a'],
      ['GET', `/api/admin/messages/${id}`],
      ['PUT', `/api/admin/messages/${id}`, { messageStatus: 'Read' }],
      ['GET', '/api/messages'],
      ['GET', `/api/message/${id}`],
      ['PUT', `/api/message/${id}`, { messageStatus: 'Read' }],
    ];
    for (const [client, status, who] of [
      [customer, 403, 'a customer'],
      [visitor, 401, 'a visitor'],
    ] as const) {
      for (const [method, path, json] of calls) {
        const response: HttpResponse = await client.request(method, path, json ? { json } : {});
        const body = assertErrorBody(response, status, `${method} ${path} as ${who}`);
        // Refused before anything is read: no message text in the answer.
        expect(JSON.stringify(body)).not.toContain(String(sent.message));
      }
    }
    expect(await statusOf(id)).toBe('UnRead');
  });

  describe('the old site’s calls (spec §7)', () => {
    test('GET /api/messages: every message, newest first, as records with _id', async () => {
      const sent = await sendMessage();
      const response = await admin.get('/api/messages');
      assertStatus(response, 200, 'GET /api/messages');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const records = response.body as Json[];
      expect(Array.isArray(records)).toBe(true);
      const { id, ...fields } = sent;
      expect(records).toContainEqual({ _id: id, ...fields });
      expect(records.every((record) => !('id' in record) && typeof record._id === 'string')).toBe(
        true,
      );
      expect(Number(response.headers.get('x-total-count'))).toBe(records.length);
      const times = records.map((record) => Date.parse(String(record.createdAt)));
      expect(times).toStrictEqual([...times].sort((a, b) => b - a));
      // Every message: as many as the canonical list counts.
      expect(records).toHaveLength((await listPage()).total);
    });

    test('GET and PUT /api/message/{id}: read it, mark it Read; UnRead is refused', async () => {
      const sent = await sendMessage();
      const { id, ...fields } = sent;
      const path = `/api/message/${String(id)}`;

      const read = await admin.get(path);
      assertStatus(read, 200, `GET ${path}`);
      expect(read.body).toStrictEqual({ _id: id, ...fields });

      const marked = await admin.put(path, { messageStatus: 'Read' });
      assertStatus(marked, 200, `PUT ${path}`);
      expect(marked.body).toStrictEqual({ _id: id, ...fields, messageStatus: 'Read' });
      expect(await statusOf(String(id))).toBe('Read');
      // Again: the same answer.
      assertStatus(await admin.put(path, { messageStatus: 'Read' }), 200, `PUT ${path} again`);

      const back = await admin.put(path, { messageStatus: 'UnRead' });
      expect(fieldsOf(assertErrorBody(back, 400, 'Read → UnRead'))).toStrictEqual({
        messageStatus: MESSAGE_TEXTS.readOnly,
      });
      expect(await statusOf(String(id))).toBe('Read');

      for (const missing of ['not-an-id', randomUUID()]) {
        assertErrorBody(await admin.get(`/api/message/${missing}`), 404, `GET ${missing}`);
        assertErrorBody(
          await admin.put(`/api/message/${missing}`, { messageStatus: 'Read' }),
          404,
          `PUT ${missing}`,
        );
      }
    });
  });
});
