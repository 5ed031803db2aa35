/**
 * Importing newsletter subscribers from a CSV against the built app (api and worker in one process),
 * real PostgreSQL, Redis and SMTP: the upload and its preview, the worker's import with its counts and
 * report, confirmation e-mails through the outbox (the sign-up's own), the consent path, addresses
 * never subscribed again, and the refusals of bad uploads and bad starts.
 *
 *   npm run build:server && npm run test:integration -- test/integration/newsletter-import.test.ts
 */
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, test } from '@jest/globals';
import {
  SUBSCRIBER_IMPORT_MAX_ROWS,
  SUBSCRIBER_IMPORT_TEXTS,
} from '../../src/contracts/subscriber-import.js';
import { csvRecords } from '../../src/modules/newsletter/domain/csv-rows.js';
import { type HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  fieldsOf,
  type Json,
  uid,
} from '../support/identity.js';
import { useWorld } from '../support/world.js';
import { pollUntil } from '../support/net.js';
import { rawHttpRequestHead } from '../support/raw-http.js';

/** Small enough that the oversized file is quick to make; the 10,000-row file is ~0.4 MB. */
const MAX_BYTES = 2 * 1024 * 1024;

const world = useWorld({
  name: 'newsletter-import',
  env: { NEWSLETTER_IMPORT_MAX_BYTES: String(MAX_BYTES), JOB_BACKOFF_MS: '200', JOB_ATTEMPTS: '3' },
});

let admin: HttpClient;

beforeAll(async () => {
  admin = await world.admin();
}, 120_000);

function upload(client: HttpClient, content: string | Uint8Array, name = 'subscribers.csv') {
  const body = new FormData();
  body.append('file', new Blob([content as BlobPart], { type: 'text/csv' }), name);
  return client.request('POST', '/api/admin/subscribers/imports', { body });
}

async function uploaded(content: string): Promise<Json> {
  const response = await upload(admin, content);
  assertStatus(response, 201, 'upload the CSV');
  return asObject(response.body, 'import');
}

async function importOf(id: string): Promise<Json> {
  const response = await admin.get(`/api/admin/subscribers/imports/${id}`);
  assertStatus(response, 200, 'read the import');
  return asObject(response.body, 'import');
}

async function finished(id: string): Promise<Json> {
  const last = await pollUntil(
    async () => {
      const current = await importOf(id);
      return current.status === 'done' || current.status === 'failed' ? current : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 250, what: `import ${id} to finish` },
  );
  expect({ status: last.status, error: last.error }).toStrictEqual({ status: 'done', error: null });
  return last;
}

async function reportOf(id: string): Promise<string[][]> {
  const response = await admin.get(`/api/admin/subscribers/imports/${id}/report.csv`);
  assertStatus(response, 200, 'download the report');
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  const rows: string[][] = [];
  for await (const row of csvRecords(Readable.from([response.text]))) rows.push(row);
  return rows;
}

const confirmationMails = async (like: string) =>
  Number(
    (
      await world.db.query<{ count: string }>(
        `select count(*) from outbox_event
          where queue = 'mail' and type = 'newsletterConfirmation' and payload->>'to' like $1`,
        [like],
      )
    ).rows[0]?.count,
  );

const signUpRequests = async (like: string) => {
  const { rows } = await world.db.query<{ events: string; addresses: string }>(
    `select count(*) as events, count(distinct payload->>'email') as addresses from outbox_event
      where queue = 'domain-events' and type = 'SubscriptionRequested' and payload->>'email' like $1`,
    [like],
  );
  return { events: Number(rows[0]?.events), addresses: Number(rows[0]?.addresses) };
};

const subscribersLike = async (like: string) =>
  (
    await world.db.query<{ email: string; status: string; name: string | null }>(
      `select email, status, name from subscriber where email like $1 order by email`,
      [like],
    )
  ).rows;

describe('refused uploads and starts', () => {
  test('a file that is not CSV is a 415', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const asImage = new FormData();
    asImage.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
    const byName = await admin.request('POST', '/api/admin/subscribers/imports', { body: asImage });
    expect(assertErrorBody(byName, 415, 'a PNG').message).toBe(SUBSCRIBER_IMPORT_TEXTS.notCsv);
    const disguised = await upload(admin, png, 'photo.csv');
    expect(assertErrorBody(disguised, 415, 'a PNG named .csv').message).toBe(
      SUBSCRIBER_IMPORT_TEXTS.notCsv,
    );
    assertErrorBody(
      await admin.post('/api/admin/subscribers/imports', { file: 'email\na@b.co' }),
      415,
      'JSON instead of a file',
    );
    assertErrorBody(await upload(admin, 'email\n'), 400, 'only a header line');
  });

  test('a file over NEWSLETTER_IMPORT_MAX_BYTES or SUBSCRIBER_IMPORT_MAX_ROWS is a 413, and nothing is kept', async () => {
    const before = Number(
      (await world.db.query<{ count: string }>('select count(*) from newsletter_import')).rows[0]
        ?.count,
    );
    // Far over the limit: refused by its Content-Length before the body is read (only the head is
    // sent, so the answer cannot be lost to the race between writing the body and the server's close).
    const farOver = await rawHttpRequestHead(Number(new URL(world.api.baseUrl).port), {
      method: 'POST',
      target: '/api/admin/subscribers/imports',
      headers: {
        cookie: admin.cookieHeader(),
        'content-type': 'multipart/form-data; boundary=import',
      },
      contentLength: MAX_BYTES + 100_000,
    });
    expect(farOver.status).toBe(413);
    expect(asObject(farOver.json, 'the 413 body').message).toBe(
      SUBSCRIBER_IMPORT_TEXTS.tooLarge(MAX_BYTES),
    );
    expect(farOver.headers.connection).toBe('close');
    const tooLong = await upload(
      admin,
      'email\n' + 'a@b.io\n'.repeat(SUBSCRIBER_IMPORT_MAX_ROWS + 1),
    );
    expect(assertErrorBody(tooLong, 413, 'too many rows').message).toBe(
      SUBSCRIBER_IMPORT_TEXTS.tooManyRows(SUBSCRIBER_IMPORT_MAX_ROWS),
    );
    const after = Number(
      (await world.db.query<{ count: string }>('select count(*) from newsletter_import')).rows[0]
        ?.count,
    );
    expect(after).toBe(before);
  });

  test('a start without an e-mail column, with a column not in the file, or twice the same column, is a 400 naming the field', async () => {
    const { id } = await uploaded('email,name\na@example.test,A\n');
    const start = (body: unknown) =>
      admin.post(`/api/admin/subscribers/imports/${String(id)}/start`, body);
    expect(
      fieldsOf(
        assertErrorBody(await start({ mapping: { email: null, name: 1, status: null } }), 400),
      ),
    ).toStrictEqual({
      'mapping.email': SUBSCRIBER_IMPORT_TEXTS.emailColumn,
    });
    expect(
      fieldsOf(
        assertErrorBody(await start({ mapping: { email: 5, name: null, status: null } }), 400),
      ),
    ).toStrictEqual({
      'mapping.email': SUBSCRIBER_IMPORT_TEXTS.columnOutOfRange,
    });
    expect(
      fieldsOf(assertErrorBody(await start({ mapping: { email: 0, name: 0, status: null } }), 400)),
    ).toStrictEqual({
      mapping: SUBSCRIBER_IMPORT_TEXTS.sameColumn,
    });
    expect(
      fieldsOf(
        assertErrorBody(
          await start({ mapping: { email: 0, name: null, status: null }, consent: 'yes' }),
          400,
        ),
      ),
    ).toHaveProperty('consent');
    assertErrorBody(await admin.get('/api/admin/subscribers/imports/not-a-uuid'), 404);
    assertErrorBody(
      await admin.get('/api/admin/subscribers/imports/00000000-0000-4000-8000-000000000000'),
      404,
    );
  });

  test('every route is for admins only', async () => {
    const { client } = await world.customer();
    const anonymous = world.api.client();
    for (const who of [client, anonymous]) {
      const refused = await upload(who, 'email\na@example.test\n');
      expect([401, 403]).toContain(refused.status);
      expect([401, 403]).toContain(
        (await who.get('/api/admin/subscribers/imports/00000000-0000-4000-8000-000000000000'))
          .status,
      );
    }
  });
});

describe('consent and addresses never subscribed again', () => {
  test('with consent, new addresses are confirmed with the consent recorded and no e-mail; unsubscribed, bounced and complained ones are skipped', async () => {
    const tag = `con${uid()}`.toLowerCase();
    await world.db.query(
      `insert into subscriber (id, email, status, created_at, requested_at, confirmed_at, unsubscribed_at, blocked_reason, blocked_at)
       values (gen_random_uuid(), $1, 'unsubscribed', now(), now(), null, now(), null, null),
              (gen_random_uuid(), $2, 'bounced', now(), now(), null, null, 'smtp; 550 5.1.1 user unknown', now()),
              (gen_random_uuid(), $3, 'complained', now(), now(), null, null, 'abuse', now()),
              (gen_random_uuid(), $4, 'confirmed', now(), now(), now(), null, null, null)`,
      [
        `${tag}-gone@example.test`,
        `${tag}-bounced@example.test`,
        `${tag}-complained@example.test`,
        `${tag}-known@example.test`,
      ],
    );
    const csv = [
      'name;x,e-mail',
      `Ann,${tag}-new1@example.test`,
      `Bob,${tag.toUpperCase()}-GONE@example.test`,
      `Cid,${tag}-bounced@example.test`,
      `Dee,${tag}-complained@example.test`,
      `Eve,${tag}-known@example.test`,
      `Fay,${tag}-new2@example.test`,
    ].join('\n');
    const preview = await uploaded(csv);
    expect(preview.mapping).toStrictEqual({ email: 1, name: null, status: null });
    const id = String(preview.id);
    assertStatus(
      await admin.post(`/api/admin/subscribers/imports/${id}/start`, {
        mapping: { email: 1, name: 0, status: null },
        consent: true,
      }),
      202,
      'start with consent',
    );
    const done = await finished(id);
    expect(done.counts).toStrictEqual({
      created: 2,
      existing: 1,
      duplicate: 0,
      invalid: 0,
      skipped: 3,
    });

    const rows = await subscribersLike(`${tag}-%`);
    expect(rows.map(({ email, status }) => [email.replace(`${tag}-`, ''), status])).toStrictEqual([
      ['bounced@example.test', 'bounced'],
      ['complained@example.test', 'complained'],
      ['gone@example.test', 'unsubscribed'],
      ['known@example.test', 'confirmed'],
      ['new1@example.test', 'confirmed'],
      ['new2@example.test', 'confirmed'],
    ]);
    const consents = await world.db.query<{
      email: string;
      line: number;
      recorded_by_email: string;
    }>(
      `select s.email, c.line, c.recorded_by_email from subscriber_consent c
         join subscriber s on s.id = c.subscriber_id where c.import_id = $1 order by c.line`,
      [id],
    );
    expect(consents.rows).toStrictEqual([
      { email: `${tag}-new1@example.test`, line: 2, recorded_by_email: world.adminEmail },
      { email: `${tag}-new2@example.test`, line: 7, recorded_by_email: world.adminEmail },
    ]);

    const report = await reportOf(id);
    expect(report.slice(1).map((row) => [row[0], row[2]])).toStrictEqual([
      ['3', 'skipped'],
      ['4', 'skipped'],
      ['5', 'skipped'],
      ['6', 'existing'],
    ]);
    expect(report[2]![3]).toContain('bounced: smtp; 550 5.1.1 user unknown');

    // No e-mail for a consented import: a later import's confirmation mail shows the queue has passed.
    const later = await uploaded(
      `email,status\n${tag}-later@example.test,\n${tag}-left@example.test,unsubscribed\n`,
    );
    assertStatus(
      await admin.post(`/api/admin/subscribers/imports/${String(later.id)}/start`, {
        mapping: { email: 0, name: null, status: 1 },
      }),
      202,
      'start without consent',
    );
    await finished(String(later.id));
    await pollUntil(async () => (await confirmationMails(`${tag}-later@%`)) === 1 || undefined, {
      timeoutMs: 60_000,
      what: 'the later import’s confirmation e-mail',
    });
    expect(await confirmationMails(`${tag}-%`)).toBe(1);
    expect((await subscribersLike(`${tag}-left@%`))[0]?.status).toBe('unsubscribed');
  }, 180_000);
});

describe('a failing import', () => {
  test('retries, ends failed with its reason, and resumed never adds a subscriber or an e-mail twice', async () => {
    const tag = `fail${uid()}`.toLowerCase();
    const poison = `${tag}-800@example.test`;
    // The database refuses one address (as an outage would) until the trigger is dropped.
    await world.db.query(`
      create or replace function refuse_import_${tag}() returns trigger language plpgsql as $$
      begin
        if new.email = '${poison}' then raise exception 'refused for the test: %', new.email; end if;
        return new;
      end $$`);
    await world.db.query(
      `create trigger refuse_import_${tag} before insert on subscriber
         for each row execute function refuse_import_${tag}()`,
    );
    const rows = Array.from({ length: 1200 }, (_, i) => `${tag}-${i + 1}@example.test`);
    const { id } = await uploaded(`email\n${rows.join('\n')}\n`);
    assertStatus(
      await admin.post(`/api/admin/subscribers/imports/${String(id)}/start`, {
        mapping: { email: 0, name: null, status: null },
      }),
      202,
      'start',
    );
    const failed = await pollUntil(
      async () => {
        const current = await importOf(String(id));
        return current.status === 'failed' ? current : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'the import to fail' },
    );
    expect(String(failed.error)).toContain('refused for the test');
    // The first 500 rows' transaction committed; the failing one left nothing behind.
    expect(failed.processedRows).toBe(500);
    expect(await subscribersLike(`${tag}-%`)).toHaveLength(500);

    await world.db.query(`drop trigger refuse_import_${tag} on subscriber`);
    assertStatus(
      await admin.post(`/api/admin/subscribers/imports/${String(id)}/start`, {
        mapping: { email: 0, name: null, status: null },
      }),
      202,
      'resume',
    );
    const done = await finished(String(id));
    expect(done.counts).toMatchObject({ created: 1200, duplicate: 0, invalid: 0 });
    expect(await subscribersLike(`${tag}-%`)).toHaveLength(1200);
    expect(await signUpRequests(`${tag}-%`)).toStrictEqual({ events: 1200, addresses: 1200 });
  }, 120_000);
});

describe('a 10,000-row import with 500 bad lines and 1,000 duplicates', () => {
  test('reports exactly those, creates 8,500 pending subscribers and as many confirmation e-mails', async () => {
    const tag = `imp${uid()}`.toLowerCase();
    const lines = ['Email,Name,Status'];
    const valid: { email: string; line: number }[] = [];
    const bad: { line: number; reason: RegExp }[] = [];
    const duplicates: { line: number; of: number }[] = [];
    for (let i = 0; i < 10_000; i++) {
      const line = i + 2;
      if (i % 20 === 19) {
        // 500 bad lines: 400 bad addresses, 100 bad statuses.
        if (i % 100 === 99) {
          lines.push(`${tag}-bad-${i}@example.test,Bad Status,subscribed`);
          bad.push({ line, reason: /^Status must be one of/ });
        } else {
          lines.push(i % 40 === 39 ? `,No Address,` : `not-an-address-${i},Nobody,`);
          bad.push({ line, reason: /./ });
        }
      } else if (i % 10 === 3) {
        // 1,000 duplicates of an earlier line, spelled in capitals and padded.
        const original = valid[valid.length - 2]!;
        lines.push(`"  ${original.email.toUpperCase()} ",Again,pending`);
        duplicates.push({ line, of: original.line });
      } else {
        const email = `${tag}-${i}@example.test`;
        valid.push({ email, line });
        lines.push(
          `${i % 2 ? email.toUpperCase() : email},"Person, ${i}",${i % 3 ? '' : 'pending'}`,
        );
      }
    }
    expect([valid.length, bad.length, duplicates.length]).toStrictEqual([8500, 500, 1000]);

    const preview = await uploaded(`${lines.join('\r\n')}\r\n`);
    expect(preview).toMatchObject({
      status: 'uploaded',
      headers: ['Email', 'Name', 'Status'],
      mapping: { email: 0, name: 1, status: 2 },
      totalRows: 10_000,
      processedRows: 0,
    });
    expect((preview.preview as string[][]).slice(0, 2)).toStrictEqual([
      [valid[0]!.email, 'Person, 0', 'pending'],
      [valid[1]!.email.toUpperCase(), 'Person, 1', ''],
    ]);
    const id = String(preview.id);

    const started = await admin.post(`/api/admin/subscribers/imports/${id}/start`, {
      mapping: { email: 0, name: 1, status: 2 },
      consent: false,
    });
    assertStatus(started, 202, 'start the import');
    expect(['queued', 'running', 'done']).toContain((started.body as Json).status);
    const again = await admin.post(`/api/admin/subscribers/imports/${id}/start`, {
      mapping: { email: 0, name: null, status: null },
      consent: true,
    });
    assertErrorBody(again, 409, 'start it twice');

    const done = await finished(id);
    expect(done).toMatchObject({
      processedRows: 10_000,
      counts: { created: 8500, existing: 0, duplicate: 1000, invalid: 500, skipped: 0 },
      error: null,
    });

    const subscribers = await subscribersLike(`${tag}-%`);
    expect(subscribers).toHaveLength(8500);
    expect(subscribers.every((row) => row.status === 'pending')).toBe(true);
    expect(subscribers.every((row) => row.email === row.email.toLowerCase())).toBe(true);
    expect(subscribers.find((row) => row.email === `${tag}-1@example.test`)?.name).toBe(
      'Person, 1',
    );

    const report = await reportOf(id);
    expect(report[0]).toStrictEqual(['line', 'email', 'outcome', 'reason']);
    expect(report).toHaveLength(1 + 1500);
    const byLine = new Map(report.slice(1).map((row) => [Number(row[0]), row]));
    for (const { line, reason } of [bad[0]!, bad[4]!, bad[bad.length - 1]!]) {
      expect(byLine.get(line)?.[2]).toBe('invalid');
      expect(byLine.get(line)?.[3]).toMatch(reason);
    }
    for (const { line, of } of [duplicates[0]!, duplicates[500]!, duplicates[999]!]) {
      expect(byLine.get(line)?.[2]).toBe('duplicate');
      expect(byLine.get(line)?.[3]).toBe(`Same address as line ${of}`);
    }

    // Every new address gets the sign-up's own confirmation request, written with it to the outbox
    // (its handler issues the link and writes the e-mail, as for a sign-up): exactly one each.
    expect(await signUpRequests(`${tag}-%`)).toStrictEqual({ events: 8500, addresses: 8500 });
    // The first ones' e-mails are written already (8,500 SMTP deliveries are not waited for).
    const firstAddresses = valid.slice(0, 3).map((entry) => entry.email);
    await pollUntil(
      async () => {
        for (const email of firstAddresses)
          if ((await confirmationMails(email)) !== 1) return undefined;
        return true;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'the first confirmation e-mails' },
    );
    const mails = await world.db.query<{ count: string; addresses: string }>(
      `select count(*), count(distinct payload->>'to') as addresses from outbox_event
        where queue = 'mail' and type = 'newsletterConfirmation' and payload->>'to' like $1`,
      [`${tag}-%`],
    );
    expect(mails.rows[0]?.count).toBe(mails.rows[0]?.addresses);
  }, 300_000);
});
