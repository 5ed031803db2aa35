/**
 * Image uploads for the content editors, against the built server: POST /api/media (admin only,
 * multipart with one `file`), the type from the bytes, SVGs sanitised, the size limit, and the stored
 * files served back at /uploads/<name>.
 *
 *   npm run build:server && node --import tsx --test test/integration/media.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertStatus,
  createAccount,
  loginOk,
  strongPassword,
  uid,
} from '../support/identity.js';
import { type IdentityApp, startIdentityApp, useIdentitySuite } from '../support/identity-suite.js';
import { png } from '../support/png.js';
import { rawHttpRequestHead } from '../support/raw-http.js';

const suite = useIdentitySuite();

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
  assert.deepEqual(Object.keys(body).sort(), ['contentType', 'height', 'size', 'url', 'width']);
  return body as unknown as MediaBody;
}

describe('image uploads', () => {
  const adminEmail = `media-admin-${uid()}@seo-agency.test`;
  const adminPassword = strongPassword();
  let dataDir: string;
  let api: IdentityApp;
  let admin: HttpClient;

  const storedFiles = async () => (await readdir(path.join(dataDir, 'uploads'))).sort();

  before(
    async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-'));
      api = await startIdentityApp(suite, {
        name: 'media',
        adminEmail,
        adminPassword,
        env: { DATA_DIR: dataDir },
      });
      admin = api.client();
      await loginOk(admin, adminEmail, adminPassword);
    },
    { timeout: 120_000 },
  );

  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('an admin uploads a PNG: 201 with its size, and its URL serves the same bytes for good', async () => {
    const bytes = png(3, 2, 7);
    // Named and typed as a JPEG by the client: the bytes say PNG.
    const response = await uploadFile(admin, { bytes, name: 'photo.jpg', type: 'image/jpeg' });
    const body = media(response, 'the PNG upload');
    assert.match(body.url, /^\/uploads\/[0-9a-f]{16}-3x2\.png$/);
    assert.deepEqual(
      { contentType: body.contentType, size: body.size, width: body.width, height: body.height },
      { contentType: 'image/png', size: bytes.length, width: 3, height: 2 },
    );

    const served = await api.client().get(body.url);
    assertStatus(served, 200, `GET ${body.url}`);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(served.bytes), bytes, 'the same bytes');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    const cacheControl = served.headers.get('cache-control') ?? '';
    assert.match(cacheControl, /\bpublic\b/);
    assert.match(cacheControl, /max-age=31536000/);
    assert.match(cacheControl, /\bimmutable\b/);

    const head = await api.client().request('HEAD', body.url);
    assertStatus(head, 200, `HEAD ${body.url}`);

    // The same bytes again: the same name, one file, and no temporary files left behind.
    const again = media(await uploadFile(admin, { bytes, name: 'copy.png' }), 'the same PNG again');
    assert.equal(again.url, body.url);
    const name = body.url.slice('/uploads/'.length);
    assert.deepEqual(
      (await storedFiles()).filter((file) => file.includes(name.slice(0, 16))),
      [name],
      'one stored file, no temporary ones',
    );
  });

  test('an SVG with a script is stored sanitised and served with a CSP that forbids scripts', async () => {
    const response = await uploadFile(admin, {
      bytes: SVG_WITH_SCRIPT,
      name: 'logo.svg',
      type: 'image/svg+xml',
    });
    const body = media(response, 'the SVG upload');
    assert.match(body.url, /^\/uploads\/[0-9a-f]{16}-240x120\.svg$/);
    assert.equal(body.contentType, 'image/svg+xml');
    assert.deepEqual([body.width, body.height], [240, 120]);

    const served = await api.client().get(body.url);
    assertStatus(served, 200, `GET ${body.url}`);
    assert.match(served.headers.get('content-type') ?? '', /^image\/svg\+xml\b/);
    assert.equal(served.headers.get('content-security-policy'), SVG_CSP);
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(body.size, served.bytes.length, 'size is the stored (sanitised) size');
    assert.doesNotMatch(served.text, /script|onload|alert|evil\.example/i);
    assert.match(served.text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(served.text, /<rect x="10" y="10" width="100" height="50" fill="#0a7"\/>/);
  });

  test('anything but JPEG, PNG, WebP or SVG is a 415 whatever its name: text as .png, a GIF, HTML as .svg', async () => {
    const refused = await uploadFile(admin, {
      bytes: 'not an image at all\n',
      name: 'photo.png',
      type: 'image/png',
    });
    const body = assertErrorBody(refused, 415, 'a text file named photo.png');
    assert.match(body.message as string, /JPEG, PNG, WebP and SVG/);

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

    const customer = api.client();
    const account = await createAccount(customer, suite.mailbox, api.publicUrl);
    await loginOk(customer, account.email, account.password);
    assertErrorBody(await uploadFile(customer, file), 403, 'as a customer');

    const crossOrigin = await upload(admin, form({ file }), { origin: 'http://evil.example' });
    const body = assertErrorBody(crossOrigin, 403, 'cross-origin as the admin');
    assert.equal(body.message, 'Cross-origin request refused');
    const crossSite = await upload(admin, form({ file }), { 'sec-fetch-site': 'cross-site' });
    assertErrorBody(crossSite, 403, 'Sec-Fetch-Site: cross-site as the admin');

    assert.equal(
      (await storedFiles()).filter((name) => name.includes('-2x2.png')).length,
      0,
      'none of them stored anything',
    );
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
      assert.equal(response.status, 404, `GET ${url}: ${response.status} ${response.text}`);
      assert.doesNotMatch(response.headers.get('content-type') ?? '', /html/, `GET ${url}`);
    }
  });

  test('the upload is documented in OpenAPI as an admin multipart operation', async () => {
    const document = asObject((await api.client().get('/api/docs-json')).body, 'OpenAPI');
    const paths = asObject(document.paths, 'paths');
    const post = asObject(asObject(paths['/api/media'], '/api/media').post, 'POST /api/media');
    assert.equal(post['x-access'], 'admin');
    const content = asObject(asObject(post.requestBody, 'requestBody').content, 'content');
    assert.ok('multipart/form-data' in content, JSON.stringify(content));
    const responses = asObject(post.responses, 'responses');
    for (const status of ['201', '400', '401', '403', '413', '415']) {
      assert.ok(status in responses, `documents ${status}`);
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
    assert.equal(assertErrorBody(justOver, 413, 'a 4097-byte file').message, tooLarge);
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
    assert.equal(farOver.status, 413, `a 200000-byte file: ${farOver.status} ${farOver.body}`);
    const body = asObject(farOver.json, 'the 413 body');
    assert.equal(body.statusCode, 413, `statusCode in ${farOver.body}`);
    assert.ok(typeof body.error === 'string' && body.error.length > 0, `error in ${farOver.body}`);
    assert.equal(body.message, tooLarge);
    assert.equal(farOver.headers.connection, 'close', 'the rest is not read');
    const small = png(20, 10, 5);
    assert.ok(small.length < 4096);
    const stored = media(await uploadFile(client, { bytes: small, name: 'small.png' }), 'small');
    assert.deepEqual([stored.width, stored.height], [20, 10]);
    assertStatus(await limited.client().get(stored.url), 200, 'the small file is served');
    await limited.stop();
  });
});
