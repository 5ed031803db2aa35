/**
 * The old site's calls (spec §7) at their /api paths, every content call of the spec's table
 * (test/support/content-spec.ts, written from the spec, not from the registry): as the admin a record
 * is added, read back from the list and by id (and from the database), then changed and read again;
 * signed out and as a customer the same writes are 401 / 403 and change nothing. Then the admin users',
 * the contact form's, the order and the payment e-mail calls, and unknown paths.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/seed-api.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { type SectionDef } from '../../src/contracts/content/index.js';
import {
  apiPath,
  changedValue,
  type ContentClients,
  contentClients,
  emptySection,
  entriesOf,
  type EntryBody,
  fieldsOfEntry,
  fieldToChange,
  type FieldValues,
  listEntries,
  sampleRecord,
  sectionOf,
  storedCounts,
  storedData,
  withAliasesOf,
} from '../support/content.js';
import { SPEC, type SpecSection } from '../support/content-spec.js';
import { type HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  fieldsOf,
  type Json,
  sessionAccount,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The latest revision of a record: who made it and what it did. */
async function latestRevision(entryId: string) {
  const { rows } = await suite.db.query<{ action: string; actor_email: string | null }>(
    'SELECT action, actor_email FROM content_revision WHERE entry_id = $1 ORDER BY at DESC LIMIT 1',
    [entryId],
  );
  return rows[0];
}

/** The section's records as the seed's list call (or, without one, the canonical list) gives them. */
async function listVia(client: HttpClient, key: string, spec: SpecSection): Promise<EntryBody[]> {
  if (!spec.seed.list) return listEntries(client, key);
  const path = apiPath(spec.seed.list);
  return entriesOf(await client.get(path), `GET ${path}`);
}

/** Checks that the list and the by-id calls (seed and canonical) give the record, and the database has it. */
async function assertReadable(
  section: SectionDef,
  spec: SpecSection,
  id: string,
  record: FieldValues,
  what: string,
): Promise<void> {
  const expected = { _id: id, ...withAliasesOf(section, record) };
  const { anonymous } = clients;

  // Each read stands beside `what` and the call, so that a failure says which read of which step.
  const listed = (await listVia(anonymous, section.key, spec)).find((entry) => entry._id === id);
  const listCall = `${what}: GET ${spec.seed.list ?? `/content/${section.key}`} lists it`;
  expect({ [listCall]: listed }).toStrictEqual({ [listCall]: expected });

  if (spec.seed.get) {
    const path = apiPath(spec.seed.get, id);
    const response = await anonymous.get(path);
    assertStatus(response, 200, `${what}: GET ${path}`);
    const getCall = `${what}: GET ${path}`;
    expect({ [getCall]: response.body }).toStrictEqual({ [getCall]: expected });
  }
  const canonical = await anonymous.get(`/api/content/${section.key}/${id}`);
  assertStatus(canonical, 200, `${what}: GET /api/content/${section.key}/${id}`);
  const canonicalRead = `${what}: the canonical read`;
  expect({ [canonicalRead]: canonical.body }).toStrictEqual({ [canonicalRead]: expected });

  const storedRow = `${what}: the stored row`;
  expect({ [storedRow]: await storedData(suite, id) }).toStrictEqual({ [storedRow]: record });
}

/** The record a section without an add call (§7) has: the demo one, or one made canonically. */
async function existingRecord(section: SectionDef): Promise<{ id: string; record: FieldValues }> {
  let [entry] = await listEntries(clients.anonymous, section.key);
  if (!entry) {
    const created = await clients.admin.post(`/api/content/${section.key}`, sampleRecord(section));
    assertStatus(created, 201, `POST /api/content/${section.key}`);
    entry = created.body as EntryBody;
  }
  const names = new Set(section.fields.map((field) => field.name));
  const record = Object.fromEntries(
    Object.entries(fieldsOfEntry(entry, 'the existing record')).filter(([name]) => names.has(name)),
  );
  return { id: entry._id, record };
}

const world = useWorld({ name: 'seed-api' });
const suite = world;
const { adminEmail, adminPassword } = world;

let api: IdentityApp;
let clients: ContentClients;

describe('the seed API (spec §7)', () => {
  beforeAll(async () => {
    api = world.api;
    clients = await contentClients(suite, api, adminEmail, adminPassword);
  }, 120_000);

  describe('the content calls of spec §7 at their /api paths', () => {
    for (const [key, spec] of Object.entries(SPEC)) {
      const calls = [
        spec.seed.create && `POST ${spec.seed.create}`,
        spec.seed.list && `GET ${spec.seed.list}`,
        spec.seed.get && `GET ${spec.seed.get}`,
        spec.seed.update && `PUT ${spec.seed.update}`,
      ].filter(Boolean);

      // Issue 15's SEO sections have no seed calls: their record is read canonically only.
      test(`${key}: ${calls.join(', ') || 'no seed calls, the canonical read'}`, async () => {
        const section = sectionOf(key);
        const { admin, customer, anonymous } = clients;
        const tag = uid();
        let id: string;
        let record: FieldValues;

        if (spec.seed.create) {
          const path = apiPath(spec.seed.create);
          // A singleton takes one record: the demo one goes first.
          if (spec.kind === 'singleton') await emptySection(admin, key);
          record = sampleRecord(section, tag);
          const countsBefore = await storedCounts(suite, key);
          const listedBefore = (await listVia(anonymous, key, spec)).length;

          assertErrorBody(await anonymous.post(path, record), 401, `POST ${path} signed out`);
          const refused = assertErrorBody(
            await customer.post(path, record),
            403,
            `POST ${path} as a customer`,
          );
          // Refused before validation.
          expect(refused).not.toHaveProperty('fields');
          // Nothing stored, nothing listed.
          expect(await storedCounts(suite, key)).toStrictEqual(countsBefore);
          expect(await listVia(anonymous, key, spec)).toHaveLength(listedBefore);

          const created = await admin.post(path, record);
          assertStatus(created, 201, `POST ${path} as the admin`);
          const body = asObject(created.body, `the POST ${path} body`);
          // _id is a UUID.
          expect(String(body._id)).toMatch(UUID);
          id = body._id as string;
          // The POST answers with the record.
          expect(fieldsOfEntry(created.body, `POST ${path}`)).toStrictEqual(
            withAliasesOf(section, record),
          );
          // One record and one revision more.
          expect(await storedCounts(suite, key)).toStrictEqual({
            entries: countsBefore.entries + 1,
            revisions: countsBefore.revisions + 1,
          });
          expect(await latestRevision(id)).toStrictEqual({
            action: 'created',
            actor_email: adminEmail,
          });
          expect(await listVia(anonymous, key, spec)).toHaveLength(listedBefore + 1);
        } else {
          ({ id, record } = await existingRecord(section));
        }
        await assertReadable(section, spec, id, record, `${key} as added`);

        if (spec.seed.get) {
          for (const missing of [randomUUID(), 'not-an-id']) {
            const path = apiPath(spec.seed.get, missing);
            assertErrorBody(await anonymous.get(path), 404, `GET ${path}`);
          }
        }

        if (spec.seed.update) {
          const path = apiPath(spec.seed.update, id);
          const field = fieldToChange(section);
          const updated = { ...record, [field.name]: changedValue(field, tag) };
          // The update changes a value.
          expect(updated[field.name]).not.toBe(record[field.name]);
          const countsBefore = await storedCounts(suite, key);

          assertErrorBody(await anonymous.put(path, updated), 401, `PUT ${path} signed out`);
          assertErrorBody(await customer.put(path, updated), 403, `PUT ${path} as a customer`);
          // No revision.
          expect(await storedCounts(suite, key)).toStrictEqual(countsBefore);
          await assertReadable(section, spec, id, record, `${key} after refused updates`);

          const response = await admin.put(path, updated);
          assertStatus(response, 200, `PUT ${path} as the admin`);
          // The PUT answers with the record.
          expect(response.body).toStrictEqual({ _id: id, ...withAliasesOf(section, updated) });
          expect(await storedCounts(suite, key)).toStrictEqual({
            entries: countsBefore.entries,
            revisions: countsBefore.revisions + 1,
          });
          expect(await latestRevision(id)).toStrictEqual({
            action: 'updated',
            actor_email: adminEmail,
          });
          await assertReadable(section, spec, id, updated, `${key} as updated`);

          const unknown = apiPath(spec.seed.update, randomUUID());
          assertErrorBody(await admin.put(unknown, updated), 404, `PUT ${unknown}`);
          expect((await storedCounts(suite, key)).entries).toBe(countsBefore.entries);
        }
      });
    }

    test('POST /api/add-about takes the aboutImg spelling and answers with both', async () => {
      const section = sectionOf('about');
      await emptySection(clients.admin, 'about');
      const { aboutImgOne, ...rest } = sampleRecord(section);
      const response = await clients.admin.post('/api/add-about', {
        ...rest,
        aboutImg: aboutImgOne,
      });
      assertStatus(response, 201, 'POST /api/add-about with aboutImg');
      const body = asObject(response.body, 'the add-about body');
      expect(body.aboutImgOne).toBe(aboutImgOne);
      expect(body.aboutImg).toBe(aboutImgOne);
      const read = await clients.anonymous.get(`/api/about-us/${String(body._id)}`);
      expect(asObject(read.body, 'about').aboutImg).toBe(aboutImgOne);
    });
  });

  describe('the admin users’ calls', () => {
    const usersOf = async (client: HttpClient) => {
      const response = await client.get('/api/users');
      assertStatus(response, 200, 'GET /api/users');
      // An array (the answer stands beside the check, so that a failure shows it).
      const answer = response.text;
      expect({ answer, isArray: Array.isArray(response.body) }).toStrictEqual({
        answer,
        isArray: true,
      });
      return response.body as Json[];
    };

    test('GET /api/users and /api/users/{id}: the admin only', async () => {
      const { admin, customer, anonymous } = clients;
      assertErrorBody(await anonymous.get('/api/users'), 401, 'GET /api/users signed out');
      assertErrorBody(await customer.get('/api/users'), 403, 'GET /api/users as a customer');
      const users = await usersOf(admin);
      const me = users.find((user) => user.userEmail === adminEmail);
      // The env admin is listed (a failure shows the list).
      expect(users).toContainEqual(expect.objectContaining({ userEmail: adminEmail }));
      if (!me) throw new Error('the env admin is listed');
      expect(String(me._id)).toMatch(UUID);
      expect(me.userRole).toBe('Admin');
      // The seed screens that read `email` get it too.
      expect(me.email).toBe(adminEmail);

      const path = `/api/users/${String(me._id)}`;
      assertErrorBody(await anonymous.get(path), 401, `GET ${path} signed out`);
      assertErrorBody(await customer.get(path), 403, `GET ${path} as a customer`);
      const one = await admin.get(path);
      assertStatus(one, 200, `GET ${path}`);
      expect(asObject(one.body, 'the user').userEmail).toBe(adminEmail);
      assertErrorBody(await admin.get(`/api/users/${randomUUID()}`), 404, 'an unknown user');
    });

    test('POST /api/add-user (email or userEmail) and PUT /api/upadete-users/{id}', async () => {
      const { admin, customer, anonymous } = clients;
      const email = uniqueEmail('seed-admin');
      const count = (await usersOf(admin)).length;

      assertErrorBody(
        await anonymous.post('/api/add-user', { email, userRole: 'Admin' }),
        401,
        'POST /api/add-user signed out',
      );
      assertErrorBody(
        await customer.post('/api/add-user', { email, userRole: 'Admin' }),
        403,
        'POST /api/add-user as a customer',
      );
      // Nobody added.
      expect(await usersOf(admin)).toHaveLength(count);

      // The old "make admin" screen sends `email`.
      const added = await admin.post('/api/add-user', { email, userRole: 'Admin' });
      assertStatus(added, 201, 'POST /api/add-user with email');
      const user = asObject(added.body, 'the added user');
      expect(String(user._id)).toMatch(UUID);
      expect(user.userEmail).toBe(email);
      expect(user.userRole).toBe('Admin');
      const id = String(user._id);
      expect(await usersOf(admin)).toHaveLength(count + 1);
      const read = await admin.get(`/api/users/${id}`);
      assertStatus(read, 200, `GET /api/users/${id}`);
      expect(asObject(read.body, 'the user').userEmail).toBe(email);

      // …and the other screens `userEmail`.
      const other = uniqueEmail('seed-admin');
      const addedToo = await admin.post('/api/add-user', { userEmail: other, userRole: 'Admin' });
      assertStatus(addedToo, 201, 'POST /api/add-user with userEmail');
      expect(asObject(addedToo.body, 'the added user').userEmail).toBe(other);

      const path = `/api/upadete-users/${id}`;
      const renamed = uniqueEmail('seed-renamed');
      const change = { userEmail: renamed, userRole: 'Admin' };
      assertErrorBody(await anonymous.put(path, change), 401, `PUT ${path} signed out`);
      assertErrorBody(await customer.put(path, change), 403, `PUT ${path} as a customer`);
      // Unchanged after the refused calls.
      expect(asObject((await admin.get(`/api/users/${id}`)).body, 'the user').userEmail).toBe(
        email,
      );
      const updated = await admin.put(path, change);
      assertStatus(updated, 200, `PUT ${path}`);
      expect(asObject(updated.body, 'the updated user').userEmail).toBe(renamed);
      expect(asObject((await admin.get(`/api/users/${id}`)).body, 'user').userEmail).toBe(renamed);
    });
  });

  describe('the contact form’s call', () => {
    test('POST /api/add-message takes the hidden messageStatus UnRead: 201 with _id', async () => {
      const response = await clients.anonymous.post('/api/add-message', {
        name: 'Seed Visitor',
        email: uniqueEmail('seed-visitor'),
        number: '+1 512 555 0100',
        subject: 'From the old contact form',
        message: 'Hello from the seed contact form.',
        messageStatus: 'UnRead',
      });
      assertStatus(response, 201, 'POST /api/add-message');
      const body = asObject(response.body, 'the message');
      expect(String(body._id)).toMatch(UUID);
      if ('messageStatus' in body) expect(body.messageStatus).toBe('UnRead');
      const { rows } = await suite.db.query('SELECT id FROM message WHERE id = $1', [body._id]);
      // The message is stored.
      expect(rows).toHaveLength(1);
    });

    // More of the inbox's calls: test/integration/admin-inbox.test.ts.
    test('GET /api/messages: the admin reads the inbox (records with _id); others cannot', async () => {
      const sent = await clients.anonymous.post('/api/add-message', {
        name: 'Seed Reader',
        email: uniqueEmail('seed-reader'),
        number: '+1 512 555 0101',
        subject: 'To be read',
        message: 'Read me from the old admin.',
      });
      assertStatus(sent, 201, 'POST /api/add-message');
      const { _id: id } = asObject(sent.body, 'the message');
      assertErrorBody(await clients.anonymous.get('/api/messages'), 401, 'signed out');
      assertErrorBody(await clients.customer.get('/api/messages'), 403, 'as a customer');
      const response = await clients.admin.get('/api/messages');
      assertStatus(response, 200, 'GET /api/messages');
      const records = response.body as Json[];
      expect(records).toContainEqual(
        expect.objectContaining({ _id: id, subject: 'To be read', messageStatus: 'UnRead' }),
      );
      const one = await clients.admin.get(`/api/message/${String(id)}`);
      expect(asObject(one.body, 'the record')).toMatchObject({ _id: id, subject: 'To be read' });
    });
  });

  describe('the order calls', () => {
    /** A second customer, signed in: their orders are not the first one's. */
    async function otherCustomer(): Promise<HttpClient> {
      return (await world.customer()).client;
    }

    const newOrder = (client: HttpClient, customerName: string) =>
      client.post('/api/new-order', {
        packageName: 'Premium',
        packagePrice: '0.01',
        customerEmail: 'victim@example.test',
        customerName,
        customerAddress: 'Somewhere',
        customerCountry: 'Elsewhere',
        paymentStatus: 'Paid',
        orderStatus: 'Delivered',
        orderDate: '01/01/2000',
      });

    test('POST /api/new-order finds the package by its name and ignores the price, e-mail and statuses sent', async () => {
      const response = await newOrder(clients.customer, 'Seed Customer');
      assertStatus(response, 201, 'POST /api/new-order');
      const me = await sessionAccount(clients.customer);
      expect(response.body).toMatchObject({
        packageName: 'Premium',
        packagePrice: '499.00',
        customerEmail: me.email.toLowerCase(),
        customerName: 'Seed Customer',
        customerAddress: 'NA',
        customerCountry: 'NA',
        paymentStatus: 'UnPaid',
        orderStatus: 'Pending',
      });
      expect(
        Math.abs(Date.parse(String(asObject(response.body, 'order').orderDate)) - Date.now()),
      ).toBeLessThan(60_000);

      const unknown = await clients.customer.post('/api/new-order', {
        packageName: 'Platinum Ultra',
        customerName: 'Seed Customer',
      });
      expect(fieldsOf(assertErrorBody(unknown, 400))).toStrictEqual({
        packageName: 'No such package.',
      });
      const nameless = await clients.customer.post('/api/new-order', { packageName: 'Premium' });
      expect(fieldsOf(assertErrorBody(nameless, 400))).toStrictEqual({
        customerName: 'Full Name is Required',
      });
      assertErrorBody(await newOrder(clients.anonymous, 'Nobody'), 401);
    });

    test('GET /api/orders and /api/order/{id}: a customer’s own, newest first; an admin’s, all of them', async () => {
      const mine = [
        asObject((await newOrder(clients.customer, 'First')).body, 'first'),
        asObject((await newOrder(clients.customer, 'Second')).body, 'second'),
      ];
      const other = await otherCustomer();
      const theirs = asObject((await newOrder(other, 'Theirs')).body, 'theirs');

      const own = await clients.customer.get('/api/orders');
      assertStatus(own, 200, 'GET /api/orders');
      const ownIds = (own.body as Json[]).map((order) => order._id);
      expect(ownIds.slice(0, 2)).toStrictEqual([mine[1]?._id, mine[0]?._id]);
      expect(ownIds).not.toContain(theirs._id);
      expect(own.headers.get('x-total-count')).toBe(String(ownIds.length));

      const all = (await clients.admin.get('/api/orders')).body as Json[];
      expect(all[0]?._id).toBe(theirs._id);
      expect(all.map((order) => order._id)).toEqual(expect.arrayContaining(ownIds));
      const paged = await clients.admin.get('/api/orders?page=2&pageSize=1');
      expect((paged.body as Json[]).map((order) => order._id)).toStrictEqual([mine[1]?._id]);

      const read = await clients.customer.get(`/api/order/${String(mine[0]?._id)}`);
      assertStatus(read, 200, 'GET /api/order/{id}');
      expect(read.body).toStrictEqual(mine[0]);
      // Someone else's order is a 404, as one that does not exist; an admin reads any.
      assertErrorBody(await clients.customer.get(`/api/order/${String(theirs._id)}`), 404);
      assertErrorBody(await clients.customer.get(`/api/order/${randomUUID()}`), 404);
      assertStatus(await clients.admin.get(`/api/order/${String(theirs._id)}`), 200);
      assertErrorBody(await clients.anonymous.get('/api/orders'), 401);
      assertErrorBody(await clients.customer.get('/api/orders?pageSize=500'), 400);
    });

    test('PUT /api/order-cancelled/{id}: the customer’s own unpaid orders only', async () => {
      const order = asObject((await newOrder(clients.customer, 'To cancel')).body, 'order');
      const other = await otherCustomer();
      const refused = await other.put(`/api/order-cancelled/${String(order._id)}`, {
        paymentStatus: 'Cancelled',
      });
      assertErrorBody(refused, 404);
      const cancelled = await clients.customer.put(`/api/order-cancelled/${String(order._id)}`, {
        paymentStatus: 'Cancelled',
      });
      assertStatus(cancelled, 200, 'PUT /api/order-cancelled/{id}');
      expect(cancelled.body).toMatchObject({ _id: order._id, paymentStatus: 'Cancelled' });
      const again = await clients.customer.put(`/api/order-cancelled/${String(order._id)}`, {
        paymentStatus: 'Cancelled',
      });
      expect(assertErrorBody(again, 409).message).toBe('Only an unpaid order can be cancelled.');
      const paid = await clients.customer.put(`/api/order-cancelled/${String(order._id)}`, {
        paymentStatus: 'Paid',
      });
      expect(Object.keys(fieldsOf(assertErrorBody(paid, 400)))).toStrictEqual(['paymentStatus']);
    });

    test('PUT /api/order-status/{id}: admins set Pending or Delivered; customers cannot', async () => {
      const order = asObject((await newOrder(clients.customer, 'To deliver')).body, 'order');
      const path = `/api/order-status/${String(order._id)}`;
      assertErrorBody(await clients.customer.put(path, { orderStatus: 'Delivered' }), 403);
      const updated = await clients.admin.put(path, { orderStatus: 'Delivered' });
      assertStatus(updated, 200, `PUT ${path}`);
      expect(updated.body).toMatchObject({ _id: order._id, orderStatus: 'Delivered' });
      expect(
        fieldsOf(assertErrorBody(await clients.admin.put(path, { orderStatus: 'Shipped' }), 400)),
      ).toStrictEqual({ orderStatus: 'Order Status must be Pending or Delivered' });
    });
  });

  describe('the payment e-mail calls', () => {
    test('POST /api/add-email, GET /api/paypal-email and GET and PUT /api/paypal-email/{id}: admins only', async () => {
      const address = uniqueEmail('paypal');
      const added = await clients.admin.post('/api/add-email', { paypalEmail: address });
      assertStatus(added, 201, 'POST /api/add-email');
      const account = asObject(added.body, 'the payment e-mail');
      expect(account).toMatchObject({ paypalEmail: address, updatedBy: adminEmail });
      const listed = (await clients.admin.get('/api/paypal-email')).body as Json[];
      expect(listed.map((entry) => entry._id)).toContain(account._id);

      const path = `/api/paypal-email/${String(account._id)}`;
      expect((await clients.admin.get(path)).body).toStrictEqual(account);
      const changed = await clients.admin.put(path, { paypalEmail: `new-${address}` });
      assertStatus(changed, 200, `PUT ${path}`);
      expect(changed.body).toMatchObject({ _id: account._id, paypalEmail: `new-${address}` });
      expect(
        fieldsOf(assertErrorBody(await clients.admin.put(path, { paypalEmail: 'nope' }), 400)),
      ).toStrictEqual({ paypalEmail: 'Provide a Valid Email' });
      assertErrorBody(await clients.admin.get(`/api/paypal-email/${randomUUID()}`), 404);

      for (const [client, status] of [
        [clients.customer, 403],
        [clients.anonymous, 401],
      ] as const) {
        assertErrorBody(await client.get('/api/paypal-email'), status);
        assertErrorBody(await client.get(path), status);
        assertErrorBody(await client.post('/api/add-email', { paypalEmail: address }), status);
        assertErrorBody(await client.put(path, { paypalEmail: address }), status);
      }
      expect((await clients.admin.get(path)).body).toMatchObject({
        paypalEmail: `new-${address}`,
      });
    });
  });

  describe('paths the seed does not have', () => {
    test('unknown paths under /api are 404 with the JSON error body', async () => {
      for (const [method, path] of [
        ['GET', '/api/nonexistent-section'],
        ['GET', '/api/nonexistent-section/123'],
        ['POST', '/api/add-nonexistent-section'],
        ['GET', '/api/banner/one/two'],
      ] as const) {
        const response = await clients.admin.request(
          method,
          path,
          method === 'POST' ? { json: {} } : {},
        );
        assertErrorBody(response, 404, `${method} ${path}`);
        expect(response.headers.get('content-type') ?? '').toMatch(/application\/json/);
      }
    });
  });
});
