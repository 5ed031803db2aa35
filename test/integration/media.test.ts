/**
 * Image uploads for the content editors, against the built server: POST /api/media (admin only,
 * multipart with one `file`), the type from the bytes, SVGs sanitised, the size limit, and the stored
 * files served back at /uploads/<name>.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/media.test.ts
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import { asObject, assertErrorBody, assertStatus, loginOk } from '../support/identity.js';
import { type IdentityApp, startIdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { png } from '../support/png.js';
import { rawHttpRequestHead } from '../support/raw-http.js';

let dataDir: string;
const world = useWorld(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-'));
  return { name: 'media', env: { DATA_DIR: dataDir } };
});
const suite = world;

const SVG_WITH_SCRIPT =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" onload="alert(1)">' +
  '<script>alert(document.cookie)</script>' +
  '<rect x="10" y="10" width="100" height="50" fill="#0a7"/>' +
  '<use href="https://evil.example/sprite.svg#icon"/>' +
  '</svg>';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

interface FilePart {
  bytes: Uint8Array | string;
  name: string;
  /** What the client claims; the server never believes it. */
  type?: string;
}

/** A multipart form with the given file fields (and text fields). */
function form(files: Record<string, FilePart>, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [field, file] of Object.entries(files)) {
    const blob = new Blob([file.bytes as BlobPart], { type: file.type ?? '' });
    data.append(field, blob, file.name);
  }
  for (const [field, value] of Object.entries(fields)) data.append(field, value);
  return data;
}

const upload = (client: HttpClient, body: FormData, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/media', { body, headers });

const uploadFile = (client: HttpClient, file: FilePart) => upload(client, form({ file }));

interface MediaBody {
  url: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

function media(response: HttpResponse, what: string): MediaBody {
  assertStatus(response, 201, what);
  const body = asObject(response.body, `the ${what} answer`);
  expect(Object.keys(body).sort()).toStrictEqual(['contentType', 'height', 'size', 'url', 'width']);
  return body as unknown as MediaBody;
}

describe('image uploads', () => {
  const { adminEmail, adminPassword } = world;
  let api: IdentityApp;
  let admin: HttpClient;

  const storedFiles = async () => (await readdir(path.join(dataDir, 'uploads'))).sort();

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
  }, 120_000);

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('an admin uploads a PNG: 201 with its size, and its URL serves it (re-encoded) for good', async () => {
    const bytes = png(3, 2, 7);
    // Named and typed as a JPEG by the client: the bytes say PNG.
    const response = await uploadFile(admin, { bytes, name: 'photo.jpg', type: 'image/jpeg' });
    const body = media(response, 'the PNG upload');
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{16}-3x2\.png$/);
    expect({
      contentType: body.contentType,
      size: body.size,
      width: body.width,
      height: body.height,
    }).toStrictEqual({ contentType: 'image/png', size: body.size, width: 3, height: 2 });

    const served = await api.client().get(body.url);
    assertStatus(served, 200, `GET ${body.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    // The PNG as stored: re-encoded without metadata (media-images.test.ts), the size it said.
    expect(served.bytes.length).toBe(body.size);
    expect(Buffer.from(served.bytes).subarray(0, 8)).toStrictEqual(bytes.subarray(0, 8));
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const cacheControl = served.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/\bpublic\b/);
    expect(cacheControl).toMatch(/max-age=31536000/);
    expect(cacheControl).toMatch(/\bimmutable\b/);

    const head = await api.client().request('HEAD', body.url);
    assertStatus(head, 200, `HEAD ${body.url}`);

    // The same bytes again: the same name, one file, and no temporary files left behind.
    const again = media(await uploadFile(admin, { bytes, name: 'copy.png' }), 'the same PNG again');
    expect(again.url).toBe(body.url);
    const name = body.url.slice('/uploads/'.length);
    // One stored file, no temporary ones (beside the responsive variants the worker makes).
    const isVariant = (file: string) => /\.(?:avif|webp)\b/.test(file);
    expect(
      (await storedFiles()).filter((file) => file.includes(name.slice(0, 16)) && !isVariant(file)),
    ).toStrictEqual([name]);
  });

  test('an SVG with a script is stored sanitised and served with a CSP that forbids scripts', async () => {
    const response = await uploadFile(admin, {
      bytes: SVG_WITH_SCRIPT,
      name: 'logo.svg',
      type: 'image/svg+xml',
    });
    const body = media(response, 'the SVG upload');
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{16}-240x120\.svg$/);
    expect(body.contentType).toBe('image/svg+xml');
    expect([body.width, body.height]).toStrictEqual([240, 120]);

    const served = await api.client().get(body.url);
    assertStatus(served, 200, `GET ${body.url}`);
    expect(served.headers.get('content-type') ?? '').toMatch(/^image\/svg\+xml\b/);
    expect(served.headers.get('content-security-policy')).toBe(SVG_CSP);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // size is the stored (sanitised) size.
    expect(body.size).toBe(served.bytes.length);
    expect(served.text).not.toMatch(/script|onload|alert|evil\.example/i);
    expect(served.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(served.text).toMatch(/<rect x="10" y="10" width="100" height="50" fill="#0a7"\/>/);
  });

  test('anything but JPEG, PNG, WebP or SVG is a 415 whatever its name: text as .png, a GIF, HTML as .svg', async () => {
    const refused = await uploadFile(admin, {
      bytes: 'not an image at all\n',
      name: 'photo.png',
      type: 'image/png',
    });
    const body = assertErrorBody(refused, 415, 'a text file named photo.png');
    expect(body.message as string).toMatch(/JPEG, PNG, WebP and SVG/);

    const gif = Buffer.from(
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00;',
      'latin1',
    );
    assertErrorBody(await uploadFile(admin, { bytes: gif, name: 'a.gif' }), 415, 'a GIF');
    const html = '<!doctype html><script>alert(1)</script>';
    assertErrorBody(await uploadFile(admin, { bytes: html, name: 'a.svg' }), 415, 'HTML as .svg');
  });

  test('the form holds one file field named file and nothing else (400 otherwise)', async () => {
    const file = { bytes: png(1, 1, 1), name: 'a.png' };
    const twoFiles = form({ file });
    twoFiles.append('file', new Blob([png(1, 1, 2) as BlobPart]), 'b.png');
    const cases: [string, FormData][] = [
      ['no file', form({}, { title: 'x' })],
      ['an empty form', new FormData()],
      ['the file under another name', form({ image: file })],
      ['two files', form({ file, second: { bytes: png(1, 1, 2), name: 'b.png' } })],
      ['a file and a field', form({ file }, { alt: 'text' })],
      ['two files named file', twoFiles],
    ];
    for (const [what, body] of cases) {
      assertErrorBody(await upload(admin, body), 400, what);
    }
    const json = await admin.post('/api/media', { file: 'iVBORw0KGgo=' });
    assertErrorBody(json, 415, 'a JSON body');
  });

  test('multipart bodies reach no other route: 415, never a 500', async () => {
    const body = () => form({ file: { bytes: png(1, 1, 3), name: 'a.png' } });
    for (const [method, route, client] of [
      ['POST', '/api/messages', api.client()],
      ['POST', '/api/auth/login', api.client()],
      ['POST', '/api/auth/logout', admin],
      ['POST', '/api/admin/users', admin],
    ] as const) {
      const response = await client.request(method, route, { body: body() });
      assertErrorBody(response, 415, `multipart ${method} ${route}`);
    }
    // The admin's session survived the multipart logout.
    assertStatus(await admin.get('/api/admin/users'), 200, 'still signed in');
  });

  test('uploads are for admins: 401 signed out, 403 as a customer or from another origin', async () => {
    const file = { bytes: png(2, 2, 9), name: 'a.png' };
    assertErrorBody(await uploadFile(api.client(), file), 401, 'signed out');

    const { client: customer } = await world.customer();
    assertErrorBody(await uploadFile(customer, file), 403, 'as a customer');

    const crossOrigin = await upload(admin, form({ file }), { origin: 'http://evil.example' });
    const body = assertErrorBody(crossOrigin, 403, 'cross-origin as the admin');
    expect(body.message).toBe('Cross-origin request refused');
    const crossSite = await upload(admin, form({ file }), { 'sec-fetch-site': 'cross-site' });
    assertErrorBody(crossSite, 403, 'Sec-Fetch-Site: cross-site as the admin');

    // None of them stored anything.
    expect((await storedFiles()).filter((name) => name.includes('-2x2.png'))).toHaveLength(0);
  });

  test('/uploads serves stored names only: anything else is a 404, not the web app', async () => {
    for (const url of [
      '/uploads/0123456789abcdef-10x10.png',
      '/uploads/0123456789abcdef.svg',
      '/uploads/',
      '/uploads/not-a-media-name.html',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/.hidden',
    ]) {
      const response = await api.client().get(url);
      // The URL and the answer stand beside the status, so that a failure shows them.
      expect({ url, status: response.status, answer: response.text }).toStrictEqual({
        url,
        status: 404,
        answer: response.text,
      });
      expect({ url, contentType: response.headers.get('content-type') ?? '' }).not.toMatchObject({
        contentType: expect.stringMatching(/html/),
      });
    }
  });

  test('the upload is documented in OpenAPI as an admin multipart operation', async () => {
    const document = asObject((await api.client().get('/api/docs-json')).body, 'OpenAPI');
    const paths = asObject(document.paths, 'paths');
    const post = asObject(asObject(paths['/api/media'], '/api/media').post, 'POST /api/media');
    expect(post['x-access']).toStrictEqual(['admin', 'editor']);
    const content = asObject(asObject(post.requestBody, 'requestBody').content, 'content');
    expect(content).toHaveProperty(['multipart/form-data']);
    const responses = asObject(post.responses, 'responses');
    for (const status of ['201', '400', '401', '403', '413', '415']) {
      // Documents the status.
      expect(responses).toHaveProperty([status]);
    }
  });

  test('a file over UPLOADS_MAX_BYTES is a 413 that says the limit; one under it is stored', async () => {
    // The same database, so the same admin, on an app with a 4 KiB limit.
    const limited = await startIdentityApp(suite, {
      name: 'media-limit',
      env: { UPLOADS_MAX_BYTES: '4096' },
    });
    const client = limited.client();
    await loginOk(client, adminEmail, adminPassword);
    const tooLarge = 'The file is too large: images can be at most 4 KiB.';
    // Just over the limit: read, then refused.
    const bytes = Buffer.concat([png(1, 1, 4097), Buffer.alloc(4097)]);
    const justOver = await uploadFile(client, { bytes, name: 'big.png' });
    expect(assertErrorBody(justOver, 413, 'a 4097-byte file').message).toBe(tooLarge);
    // Far over it: refused by its Content-Length, before the body is read. The body is announced but
    // not sent, so the answer cannot be lost to the race between writing it and the server's close.
    const farOver = await rawHttpRequestHead(Number(new URL(limited.baseUrl).port), {
      method: 'POST',
      target: '/api/media',
      headers: {
        cookie: client.cookieHeader(),
        'content-type': 'multipart/form-data; boundary=fuzz',
      },
      contentLength: 200_000,
    });
    // A 200000-byte file (the answer stands beside the status, so that a failure shows it).
    expect({ status: farOver.status, answer: farOver.body }).toStrictEqual({
      status: 413,
      answer: farOver.body,
    });
    const body = asObject(farOver.json, 'the 413 body');
    // statusCode 413 and a non-empty error (a failure shows the body).
    expect(body).toMatchObject({ statusCode: 413, error: expect.stringMatching(/./s) });
    expect(body.message).toBe(tooLarge);
    // The rest is not read.
    expect(farOver.headers.connection).toBe('close');
    const small = png(20, 10, 5);
    expect(small.length).toBeLessThan(4096);
    const stored = media(await uploadFile(client, { bytes: small, name: 'small.png' }), 'small');
    expect([stored.width, stored.height]).toStrictEqual([20, 10]);
    assertStatus(await limited.client().get(stored.url), 200, 'the small file is served');
    await limited.stop();
  });
});
