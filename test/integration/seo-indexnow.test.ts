/**
 * IndexNow (issue 31 §3), from the built server with real PostgreSQL and Redis, its endpoint a local
 * recorder (INDEXNOW_ENDPOINT): the key file, one submission of the pages a content change shows on,
 * a retry after a 500, a failure kept visible, the admins' switch (audited) and who may use the panel.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/seo-indexnow.test.ts
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { IndexNowStatus } from '../../src/contracts/seo/indexnow.js';
import { contentClients, type ContentClients, listEntries } from '../support/content.js';
import { assertStatus } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { useWorld } from '../support/world.js';

interface Recorded {
  body: { host: string; key: string; keyLocation: string; urlList: string[] };
  contentType: string | undefined;
}

/** A stand-in IndexNow endpoint: keeps every submission and answers the statuses it is told to. */
const recorder = {
  server: undefined as Server | undefined,
  url: '',
  requests: [] as Recorded[],
  /** Answers in order (then 200 for the rest). */
  answers: [] as number[],
};

async function startRecorder(): Promise<void> {
  recorder.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      recorder.requests.push({
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Recorded['body'],
        contentType: request.headers['content-type'],
      });
      response.writeHead(recorder.answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => recorder.server!.listen(0, '127.0.0.1', resolve));
  recorder.url = `http://127.0.0.1:${(recorder.server.address() as AddressInfo).port}/indexnow`;
}

// The recorder must listen before the app starts: its URL is the app's INDEXNOW_ENDPOINT.
const world = useWorld(async () => {
  await startRecorder();
  return {
    name: 'seo-indexnow',
    // Sent as soon as queued; three attempts, 200 ms apart and doubling (JOB_BACKOFF_MS in tests).
    env: { INDEXNOW_ENDPOINT: recorder.url, INDEXNOW_DELAY_MS: '0', JOB_ATTEMPTS: '3' },
  };
});

let clients: ContentClients;

afterAll(async () => {
  await new Promise((resolve) => recorder.server?.close(resolve));
});

async function status(): Promise<IndexNowStatus> {
  const response = await clients.admin.get('/api/admin/seo/indexnow');
  assertStatus(response, 200, 'GET /api/admin/seo/indexnow');
  return response.body as IndexNowStatus;
}

/** Edits the first record of a section (one field changed, the rest kept) as the admin. */
async function editSection(key: string, field: string, value: string): Promise<void> {
  const [entry] = await listEntries(clients.admin, key);
  const { _id, ...rest } = entry!;
  const response = await clients.admin.put(`/api/content/${key}/${_id}`, {
    ...rest,
    [field]: value,
  });
  assertStatus(response, 200, `PUT /api/content/${key}/${_id}`);
}

/** Waits until the submission the last change made is settled (sent, failed or skipped). */
async function settledSubmission(after: string[]): Promise<IndexNowStatus['submissions'][number]> {
  return pollUntil(
    async () => {
      const [latest] = (await status()).submissions;
      return latest &&
        !after.includes(latest.id) &&
        ['sent', 'failed', 'skipped'].includes(latest.status)
        ? latest
        : undefined;
    },
    { timeoutMs: 20_000, what: 'the IndexNow submission to be settled' },
  );
}

/** Waits until every ContentSectionChanged written so far has been handled by the worker. */
async function contentEventsHandled(): Promise<void> {
  await pollUntil(
    async () => {
      const { rows } = await world.db.query<{ owed: number }>(
        `select count(*)::int as owed from outbox_event
          where type = 'ContentSectionChanged' and completed_at is null`,
      );
      return rows[0]!.owed === 0;
    },
    { timeoutMs: 20_000, what: 'the content events to be handled' },
  );
}

const ids = async () => (await status()).submissions.map((submission) => submission.id);

describe('IndexNow', () => {
  beforeAll(async () => {
    clients = await contentClients(world, world.api, world.adminEmail, world.adminPassword);
  }, 120_000);

  test('the key file: /{key}.txt answers the key as plain text', async () => {
    const { keyLocation, endpoint, enabled } = await status();
    expect({ endpoint, enabled }).toStrictEqual({ endpoint: recorder.url, enabled: true });
    const key = /\/([a-zA-Z0-9-]{8,128})\.txt$/.exec(keyLocation)?.[1];
    expect(keyLocation).toBe(`${world.api.publicUrl}/${key}.txt`);
    const response = await clients.anonymous.get(new URL(keyLocation).pathname);
    assertStatus(response, 200, 'GET the key file');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe(key);
  });

  test('a content change makes one submission of the URLs of the pages that show it', async () => {
    const before = await ids();
    const sent = recorder.requests.length;
    // The packages show on the home page and the pricing page.
    await editSection('pricing', 'packageButtonText', `Start ${Date.now()}`);
    const submission = await settledSubmission(before);
    const origin = world.api.publicUrl;
    expect(submission).toMatchObject({
      status: 'sent',
      attempts: 1,
      responseStatus: 200,
      urls: [`${origin}/`, `${origin}/pricing/`],
    });
    expect(recorder.requests.slice(sent)).toStrictEqual([
      {
        contentType: 'application/json; charset=utf-8',
        body: {
          host: new URL(origin).host,
          key: expect.stringMatching(/^[0-9a-f]{32}$/),
          keyLocation: (await status()).keyLocation,
          urlList: [`${origin}/`, `${origin}/pricing/`],
        },
      },
    ]);
  });

  test('a 500 is retried with backoff; the submission is then sent', async () => {
    const before = await ids();
    const sent = recorder.requests.length;
    recorder.answers.push(500);
    await editSection('teamText', 'teamHeading', `Our team ${Date.now()}`);
    const submission = await settledSubmission(before);
    expect(submission).toMatchObject({ status: 'sent', attempts: 2, responseStatus: 200 });
    const requests = recorder.requests.slice(sent);
    expect(requests).toHaveLength(2);
    expect(requests[1]).toStrictEqual(requests[0]);
    expect(requests[0]!.body.urlList).toStrictEqual([`${world.api.publicUrl}/`]);
  });

  test('a submission refused on every attempt is failed, with the answer shown', async () => {
    const before = await ids();
    recorder.answers.push(500, 500, 500);
    await editSection('teamText', 'teamHeading', `Our people ${Date.now()}`);
    const submission = await settledSubmission(before);
    expect(submission).toMatchObject({
      status: 'failed',
      attempts: 3,
      responseStatus: 500,
      lastError: 'IndexNow answered 500',
    });
  });

  test('turned off (audited), a content change submits nothing; back on, it does again', async () => {
    const off = await clients.admin.put('/api/admin/seo/indexnow', { enabled: false });
    assertStatus(off, 200, 'PUT /api/admin/seo/indexnow');
    expect((off.body as IndexNowStatus).enabled).toBe(false);
    const audit = await clients.admin.get('/api/admin/audit?kind=indexnow.settings-saved');
    assertStatus(audit, 200, 'GET the audit log');
    expect((audit.body as { items: { summary: string }[] }).items[0]).toMatchObject({
      summary: 'IndexNow turned off',
    });

    const before = await ids();
    const sent = recorder.requests.length;
    await editSection('pricing', 'packageButtonText', `Order ${Date.now()}`);
    await contentEventsHandled();
    expect(await ids()).toStrictEqual(before);
    expect(recorder.requests.length).toBe(sent);

    assertStatus(
      await clients.admin.put('/api/admin/seo/indexnow', { enabled: true }),
      200,
      'turn IndexNow on',
    );
    await editSection('pricing', 'packageButtonText', `Buy ${Date.now()}`);
    expect(await settledSubmission(before)).toMatchObject({ status: 'sent' });
  });

  test('only admins see or switch IndexNow; a bad body is a 400 naming the field', async () => {
    expect((await clients.anonymous.get('/api/admin/seo/indexnow')).status).toBe(401);
    expect((await clients.customer.get('/api/admin/seo/indexnow')).status).toBe(403);
    expect((await clients.customer.put('/api/admin/seo/indexnow', { enabled: false })).status).toBe(
      403,
    );
    const bad = await clients.admin.put('/api/admin/seo/indexnow', { enabled: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('enabled');
    expect((await status()).enabled).toBe(true);
  });
});
