/**
 * Media in an S3-compatible bucket, against the built server and a real S3 protocol server (s3rver,
 * over HTTP with the real AWS SDK: nothing mocks it). With STORAGE_DRIVER=s3 an upload lands in the
 * bucket under public/ and /uploads/<name> streams it back with the same headers as local files; a
 * bad bucket stops the start-up in one line naming the variable; an outage of the store is a 503
 * with Retry-After that leaves nothing half-written; MEDIA_PUBLIC_URL redirects /uploads/ there; and
 * `--copy-uploads-to-s3` copies local media into the bucket, once.
 *
 *   npm run build:server && npm run test:integration -- test/integration/media-s3.test.ts
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { text } from 'node:stream/consumers';
import { parseConfig } from '../../src/platform/config/app-config.js';
import { MediaStoreUnavailable } from '../../src/modules/media/storage/media-store.js';
import { S3MediaStore } from '../../src/modules/media/storage/s3-media-store.js';
import { REPO_ROOT, SERVER_ENTRY } from '../support/app-process.js';
import { type HttpClient } from '../support/http-client.js';
import { asObject, assertErrorBody, assertStatus } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { getFreePort } from '../support/net.js';
import { png } from '../support/png.js';
import { type S3TestServer, startS3Server } from '../support/s3-server.js';
import { useWorld } from '../support/world.js';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="5" height="5"/></svg>';

let s3: S3TestServer;
let dataDir: string;
const world = useWorld(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-s3-'));
  return { name: 'media-s3', env: { DATA_DIR: dataDir, ...s3.env } };
});

afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function uploadForm(bytes: Uint8Array | string, name: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([bytes as BlobPart]), name);
  return data;
}

const upload = (client: HttpClient, bytes: Uint8Array | string, name: string) =>
  client.request('POST', '/api/media', { body: uploadForm(bytes, name) });

/** The object keys of the bucket under `prefix`. */
async function keys(prefix: string): Promise<string[]> {
  const listed = await s3.client.send(
    new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }),
  );
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built server with only `env` (and PATH) and waits for it to exit. */
async function runServer(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SERVER_ENTRY, ...args],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The one line a refused start writes: `Invalid configuration: <variable> …`. */
function expectRefusal(run: Run, variable: string) {
  expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 1 });
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
}

describe('media in an S3 bucket', () => {
  let api: IdentityApp;
  let admin: HttpClient;

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
  }, 120_000);

  test('an upload is stored in the bucket under public/ and served back at /uploads/ for good', async () => {
    const bytes = png(4, 3, 11);
    const response = await upload(admin, bytes, 'photo.png');
    assertStatus(response, 201, 'the upload');
    const url = String(asObject(response.body, 'the upload').url);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{16}-4x3\.png$/);
    const name = url.slice('/uploads/'.length);

    // In the bucket (re-encoded without metadata: media-images.test.ts), not on the API's disk.
    const stored = await objectBytes(`public/${name}`);
    expect(stored.length).toBe(asObject(response.body, 'the upload').size);
    expect(await readdir(path.join(dataDir, 'uploads')).catch(() => [])).not.toContain(name);

    const served = await api.client().get(url);
    assertStatus(served, 200, `GET ${url}`);
    expect(Buffer.from(served.bytes)).toStrictEqual(Buffer.from(stored));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const head = await api.client().request('HEAD', url);
    assertStatus(head, 200, `HEAD ${url}`);
    expect(head.headers.get('content-length')).toBe(String(stored.length));

    const svg = await upload(admin, SVG, 'logo.svg');
    assertStatus(svg, 201, 'the SVG upload');
    const svgUrl = String(asObject(svg.body, 'the SVG upload').url);
    const svgServed = await api.client().get(svgUrl);
    assertStatus(svgServed, 200, `GET ${svgUrl}`);
    expect(svgServed.headers.get('content-security-policy')).toBe(SVG_CSP);
    expect(svgServed.headers.get('content-type') ?? '').toMatch(/^image\/svg\+xml\b/);

    // Names never given, and names given but not stored, are 404s.
    for (const missing of ['/uploads/0123456789abcdef-9x9.png', '/uploads/..%2fpackage.json']) {
      expect({ missing, status: (await api.client().get(missing)).status }).toStrictEqual({
        missing,
        status: 404,
      });
    }
  });

  test('an outage of the store answers 503 with Retry-After, and a failed upload leaves nothing', async () => {
    const before = await keys('public/');
    const served = (before.find((key) => key.endsWith('.png')) ?? '').slice('public/'.length);
    expect(served).not.toBe('');

    await s3.pause();
    try {
      const refused = await upload(admin, png(5, 5, 12), 'during-outage.png');
      const body = assertErrorBody(refused, 503, 'an upload while the store is down');
      expect(body.message).toMatch(/unavailable/i);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

      const read = await api.client().get(`/uploads/${served}`);
      assertErrorBody(read, 503, 'a media file while the store is down');
      expect(Number(read.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await s3.resume();
    }
    // Nothing half-written, and the same upload works once the store is back.
    expect(await keys('public/')).toStrictEqual(before);
    assertStatus(await upload(admin, png(5, 5, 12), 'after-outage.png'), 201, 'after the outage');
    expect(await keys('public/')).toHaveLength(before.length + 1);
  });

  test('MEDIA_PUBLIC_URL: /uploads/<name> redirects there', async () => {
    const cdn = 'https://cdn.example.test/media';
    const redirecting = await world.startApp({
      name: 'media-cdn',
      role: 'api',
      env: { DATA_DIR: dataDir, ...s3.env, MEDIA_PUBLIC_URL: `${cdn}/` },
    });
    const name = '0123456789abcdef-4x3.png';
    // The client follows no redirect by itself.
    const response = await redirecting.client().get(`/uploads/${name}`);
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe(`${cdn}/${name}`);
    expect((await redirecting.client().get('/uploads/not-a-name.html')).status).toBe(404);
    await redirecting.stop();
  });
});

describe('the start-up check of the bucket', () => {
  test('a missing bucket or an unreachable endpoint stops the start in one line naming the variable', async () => {
    const base: Record<string, string> = { ...s3.env, DATA_DIR: dataDir };
    expectRefusal(
      await runServer(['--role=api'], { ...base, S3_BUCKET: 'no-such-bucket' }),
      'S3_BUCKET',
    );
    const closed = `http://127.0.0.1:${await getFreePort()}`;
    expectRefusal(await runServer(['--role=api'], { ...base, S3_ENDPOINT: closed }), 'S3_ENDPOINT');
    // Without a bucket at all, the configuration itself is refused.
    const noBucket = { ...base };
    delete noBucket.S3_BUCKET;
    expectRefusal(await runServer(['--role=api'], noBucket), 'S3_BUCKET');
  });
});

describe('--copy-uploads-to-s3', () => {
  test('copies the local uploads and private files once, skips what is there, and resumes', async () => {
    const localDir = await mkdtemp(path.join(os.tmpdir(), 'media-copy-'));
    try {
      const first = png(7, 7, 21);
      const second = png(8, 8, 22);
      const firstName = 'aaaaaaaaaaaa0001-7x7.png';
      const secondName = 'aaaaaaaaaaaa0002-8x8.png';
      await mkdir(path.join(localDir, 'uploads'), { recursive: true });
      await mkdir(path.join(localDir, 'private', 'orders', '7'), { recursive: true });
      await writeFile(path.join(localDir, 'uploads', firstName), first);
      await writeFile(path.join(localDir, 'uploads', secondName), second);
      await writeFile(path.join(localDir, 'uploads', '.temporary.tmp'), 'never copied');
      await writeFile(path.join(localDir, 'private', 'orders', '7', 'brief.pdf'), '%PDF-1.4');
      // A run that stopped half-way: one file is there already.
      await s3.client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: `public/${firstName}`, Body: first }),
      );

      const env = { ...s3.env, DATA_DIR: localDir };
      const run = await runServer(['--copy-uploads-to-s3'], env);
      expect({ code: run.code, stderr: run.stderr }).toStrictEqual({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/\[3\/3\] private\/orders\/7\/brief\.pdf: copied/);
      expect(run.stdout).toContain(`public/${firstName}: already there`);
      expect(run.stdout).toContain(`public/${secondName}: copied`);
      expect(run.stdout).toContain('Done: 2 copied, 1 already there, of 3 file(s)');
      expect(await objectBytes(`public/${secondName}`)).toStrictEqual(second);
      expect(await objectBytes('private/orders/7/brief.pdf')).toStrictEqual(
        Buffer.from('%PDF-1.4'),
      );
      expect(await keys('public/.')).toStrictEqual([]);

      const again = await runServer(['--copy-uploads-to-s3'], env);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Done: 0 copied, 3 already there, of 3 file(s)');

      // The copied file is served by the API from the bucket.
      const served = await world.api.client().get(`/uploads/${secondName}`);
      assertStatus(served, 200, 'a copied file');
      expect(Buffer.from(served.bytes)).toStrictEqual(second);

      // No bucket: one line naming it.
      expectRefusal(
        await runServer(['--copy-uploads-to-s3'], { ...env, S3_BUCKET: 'no-such-bucket' }),
        'S3_BUCKET',
      );
    } finally {
      await rm(localDir, { recursive: true, force: true });
    }
  });
});

describe('the S3 adapter of the MediaStore port', () => {
  test('puts, reads, removes and presigns private objects that download as attachments', async () => {
    const store = S3MediaStore.fromConfig(parseConfig(s3.env));
    try {
      await store.check();
      const key = 'orders/42/brief (final).pdf'.replace(/[ ()]/g, '_');
      expect(await store.get('private', key)).toBeNull();
      expect(await store.exists('private', key)).toBe(false);
      await store.put('private', key, Buffer.from('%PDF-1.4 brief'), 'application/pdf');
      expect(await keys('private/orders/42/')).toStrictEqual([`private/${key}`]);
      const object = await store.get('private', key);
      expect({ contentType: object?.contentType, size: object?.size }).toStrictEqual({
        contentType: 'application/pdf',
        size: 14,
      });
      expect(await text(object!.body)).toBe('%PDF-1.4 brief');

      const url = await store.presignedUrl('private', key, {
        expiresInSeconds: 60,
        filename: 'Brief – final.pdf',
        contentType: 'application/pdf',
      });
      expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/private/orders/42/`));
      expect(url).toMatch(/X-Amz-Expires=60\b/);
      const download = await fetch(url!);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="Brief _ final.pdf"; filename*=UTF-8''Brief%20%E2%80%93%20final.pdf`,
      );
      expect(await download.text()).toBe('%PDF-1.4 brief');
      // The link expires: the same URL signed a day earlier is refused. (s3rver checks the expiry of
      // a presigned URL, not its V4 signature.)
      const signedAt = /X-Amz-Date=(\d{8})T/.exec(url!)![1]!;
      const dayBefore = new Date(
        Date.UTC(+signedAt.slice(0, 4), +signedAt.slice(4, 6) - 1, +signedAt.slice(6, 8) - 1),
      );
      const expired = url!.replace(
        `X-Amz-Date=${signedAt}T`,
        `X-Amz-Date=${dayBefore.toISOString().slice(0, 10).replaceAll('-', '')}T`,
      );
      expect(expired).not.toBe(url);
      const refused = await fetch(expired);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toMatch(/expired/);

      // A large body goes as a multipart upload: whole, under its one key.
      const large = Buffer.alloc(9 * 1024 * 1024, 7);
      await store.put('private', 'orders/42/large.bin', large, 'application/octet-stream');
      expect((await store.head('private', 'orders/42/large.bin'))?.size).toBe(large.length);
      expect(await objectBytes('private/orders/42/large.bin')).toStrictEqual(large);
      await store.remove('private', 'orders/42/large.bin');

      await store.remove('private', key);
      await store.remove('private', key);
      expect(await store.exists('private', key)).toBe(false);
      await expect(
        store.put('private', '../public/x.png', Buffer.from('x'), 'image/png'),
      ).rejects.toThrow(/Not a private media key/);
    } finally {
      store.client.destroy();
    }
  });

  test('a bucket gone at run time is an outage (503), not a bug', async () => {
    const store = S3MediaStore.fromConfig(parseConfig({ ...s3.env, S3_BUCKET: 'gone-bucket' }));
    try {
      await expect(
        store.put('public', '0123456789abcdef.png', Buffer.from('x'), 'image/png'),
      ).rejects.toBeInstanceOf(MediaStoreUnavailable);
      await expect(store.get('public', '0123456789abcdef.png')).rejects.toBeInstanceOf(
        MediaStoreUnavailable,
      );
    } finally {
      store.client.destroy();
    }
  });
});
