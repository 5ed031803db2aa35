/**
 * Private files (src/modules/files) against the built server and a real PostgreSQL, with the local
 * store: files are stored through the module's own command handler (run here in-process on the same
 * database and DATA_DIR, as the next module will run it inside the app), then read through the API.
 * Their owner and the admins download them as attachments; another customer, an unknown id and a
 * malformed one get one and the same 404; a visitor 401. Signed links work without a session until
 * they expire (410), and a tampered one is refused (403). No public path reaches a private object.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/private-files.test.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { FILE_TEXTS, type StoredFile as StoredFileView } from '../../src/contracts/files.js';
import {
  type PrivateFileInput,
  StorePrivateFileCommand,
} from '../../src/modules/files/commands/store-private-file/store-private-file.command.js';
import { StorePrivateFileHandler } from '../../src/modules/files/commands/store-private-file/store-private-file.handler.js';
import {
  FILE_LINK_KEY_PURPOSE,
  signFileLink,
} from '../../src/modules/files/domain/file-link-signer.js';
import { StoredFile } from '../../src/modules/files/domain/stored-file.entity.js';
import { LocalMediaStore } from '../../src/modules/media/storage/local-media-store.js';
import type { MediaStore } from '../../src/modules/media/storage/media-store.js';
import { S3MediaStore } from '../../src/modules/media/storage/s3-media-store.js';
import { ormOptions } from '../../src/platform/database/orm-options.js';
import { HttpClient, type HttpResponse } from '../support/http-client.js';
import { asObject, assertErrorBody, assertStatus, loginOk } from '../support/identity.js';
import { rawHttpRequest } from '../support/raw-http.js';
import { type S3TestServer, startS3Server } from '../support/s3-server.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { uploadOrderFile, tinyPdf } from '../support/order-files.js';
import { phonePhoto } from '../support/phone-photo.js';
import { type Customer, type PlacedOrder, useWorld } from '../support/world.js';

let dataDir: string;
const world = useWorld(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'private-files-'));
  return { name: 'private-files', env: { DATA_DIR: dataDir } };
});

let orm: MikroORM;
let store: LocalMediaStore;
/** The module's command handler, on the app's database and DATA_DIR. */
let handler: StorePrivateFileHandler;

beforeAll(async () => {
  orm = await MikroORM.init({
    ...ormOptions(world.services.databaseUrl),
    entities: [StoredFile],
  });
  store = LocalMediaStore.fromConfig({ DATA_DIR: dataDir });
  handler = new StorePrivateFileHandler(orm.em, store);
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const storeFile = (input: Partial<PrivateFileInput> & { ownerEmail: string }) =>
  handler.execute(
    new StorePrivateFileCommand({
      kind: 'deliverable',
      filename: 'report.pdf',
      contentType: 'application/pdf',
      bytes: randomBytes(70_000),
      createdBy: null,
      ...input,
    }),
  );

const privateObjects = async () => {
  try {
    return (await readdir(path.join(dataDir, 'private', 'files'))).sort();
  } catch {
    return [];
  }
};

const rowCount = async () =>
  Number((await world.db.query('select count(*) from "stored_file"')).rows[0].count);

/** A 200 carrying exactly `bytes` as a downloaded attachment named as given. */
function expectAttachment(
  response: HttpResponse,
  what: string,
  bytes: Uint8Array,
  expected: { contentType: string; disposition: string },
) {
  assertStatus(response, 200, what);
  expect({
    contentType: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    nosniff: response.headers.get('x-content-type-options'),
    cacheControl: response.headers.get('cache-control'),
    // Opened anyway (a browser's viewer), it runs nothing and frames nothing.
    csp: response.headers.get('content-security-policy'),
  }).toStrictEqual({
    contentType: expected.contentType,
    disposition: expected.disposition,
    nosniff: 'nosniff',
    cacheControl: 'private, no-store',
    csp: "default-src 'none'; frame-ancestors 'none'; sandbox",
  });
  expect(Buffer.from(response.bytes).equals(Buffer.from(bytes))).toBe(true);
}

describe('private files', () => {
  let owner: Customer;
  let stranger: Customer;
  let admin: HttpClient;
  let bytes: Uint8Array;
  let file: StoredFileView;

  beforeAll(async () => {
    [owner, stranger, admin] = await Promise.all([
      world.customer(),
      world.customer(),
      world.admin(),
    ]);
    bytes = randomBytes(70_000);
    // Stored under an e-mail in another case than the account's: owners are matched as orders are.
    file = await storeFile({
      ownerEmail: owner.email.toUpperCase(),
      orderId: randomUUID(),
      filename: 'C:\\fakepath\\Résumé "final".pdf',
      contentType: 'application/pdf',
      bytes,
    });
  }, 120_000);

  const PDF = {
    contentType: 'application/pdf',
    disposition:
      'attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20_final_.pdf',
  };

  test('the command stores the object in the private area and its row, with a sanitised name', async () => {
    expect(file).toMatchObject({
      kind: 'deliverable',
      filename: 'Résumé _final_.pdf',
      contentType: 'application/pdf',
      size: bytes.byteLength,
    });
    const { rows } = await world.db.query(
      'select owner_email, storage_key, size from "stored_file" where id = $1',
      [file.id],
    );
    expect(rows).toStrictEqual([
      { owner_email: owner.email.toLowerCase(), storage_key: `files/${file.id}`, size: 70_000 },
    ]);
    expect(await privateObjects()).toContain(file.id);
  });

  test('its owner downloads it: the same bytes, as an attachment nothing sniffs or caches', async () => {
    const response = await owner.client.get(`/api/files/${file.id}`);
    expectAttachment(response, 'the owner’s download', bytes, PDF);
    expect(response.headers.get('content-length')).toBe(String(bytes.byteLength));
  });

  test('an admin downloads it too', async () => {
    expectAttachment(await admin.get(`/api/files/${file.id}`), 'the admin’s download', bytes, PDF);
  });

  test('another customer, an unknown id and a malformed one get the same 404; a visitor 401', async () => {
    const answers = [
      await stranger.client.get(`/api/files/${file.id}`),
      await stranger.client.get(`/api/files/${randomUUID()}`),
      await stranger.client.get('/api/files/not-an-id'),
      await owner.client.get(`/api/files/${randomUUID()}`),
      await stranger.client.post(`/api/files/${file.id}/link`),
    ];
    for (const answer of answers) {
      const body = assertErrorBody(answer, 404, answer.url);
      expect(body.message).toBe(FILE_TEXTS.notFound);
      expect(answer.bytes.byteLength).toBeLessThan(200);
    }
    // Byte for byte the same answer whether the file exists or not.
    expect(answers[0]!.text).toBe(answers[1]!.text);

    const visitor = world.api.client();
    assertErrorBody(await visitor.get(`/api/files/${file.id}`), 401, 'a visitor’s download');
    assertErrorBody(await visitor.post(`/api/files/${file.id}/link`), 401, 'a visitor’s link');
  });

  test('HTML and SVG files are served as application/octet-stream, never as what they claim', async () => {
    const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    const page = await storeFile({
      ownerEmail: owner.email,
      filename: 'page.html',
      contentType: 'text/html; charset=utf-8',
      bytes: html,
    });
    expectAttachment(await owner.client.get(`/api/files/${page.id}`), 'an HTML file', html, {
      contentType: 'application/octet-stream',
      disposition: 'attachment; filename="page.html"; filename*=UTF-8\'\'page.html',
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const image = await storeFile({
      ownerEmail: owner.email,
      filename: 'logo.svg',
      contentType: 'image/svg+xml',
      bytes: svg,
    });
    const served = await owner.client.get(`/api/files/${image.id}`);
    expectAttachment(served, 'an SVG file', svg, {
      contentType: 'application/octet-stream',
      disposition: 'attachment; filename="logo.svg"; filename*=UTF-8\'\'logo.svg',
    });
  });

  describe('signed links', () => {
    const linkOf = async (client: HttpClient, id: string) => {
      const response = await client.post(`/api/files/${id}/link`);
      assertStatus(response, 201, 'a download link');
      const body = asObject(response.body, 'the link');
      expect(response.headers.get('cache-control')).toBe('no-store');
      return { url: String(body.url), expiresAt: String(body.expiresAt) };
    };
    /** A client with no session at all. */
    const anyone = () => new HttpClient(world.api.baseUrl);
    const secret = async (): Promise<Buffer> =>
      (
        await world.db.query('select secret from signing_key where purpose = $1', [
          FILE_LINK_KEY_PURPOSE,
        ])
      ).rows[0].secret;
    const downloadUrl = (id: string, expires: number | string, signature: string) =>
      `/api/files/${id}/download?expires=${expires}&signature=${encodeURIComponent(signature)}`;

    test('the owner’s and an admin’s links download the file without a session, for a few minutes', async () => {
      const before = Date.now();
      for (const client of [owner.client, admin]) {
        const link = await linkOf(client, file.id);
        expect(link.url.startsWith(`${world.api.publicUrl}/api/files/${file.id}/download?`)).toBe(
          true,
        );
        const expiresIn = Date.parse(link.expiresAt) - before;
        expect(expiresIn).toBeGreaterThan(60_000);
        expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
        expectAttachment(await anyone().get(link.url), 'a signed link', bytes, PDF);
      }
    });

    test('the secret is the database’s own: 32 random bytes, made by the migration', async () => {
      const key = await secret();
      expect(key.length).toBe(32);
      expect(key.equals(Buffer.alloc(32))).toBe(false);
    });

    test('an expired link is refused with 410 and says so', async () => {
      const expires = Math.floor(Date.now() / 1000) - 60;
      const signature = signFileLink(await secret(), file.id, expires);
      const response = await anyone().get(downloadUrl(file.id, expires, signature));
      const body = assertErrorBody(response, 410, 'an expired link');
      expect(body.message).toBe(FILE_TEXTS.expiredLink);
      expect(response.bytes.byteLength).toBeLessThan(200);
    });

    test('a tampered, incomplete or borrowed link is refused with 403', async () => {
      const link = new URL((await linkOf(owner.client, file.id)).url);
      const expires = link.searchParams.get('expires')!;
      const signature = link.searchParams.get('signature')!;
      const other = await storeFile({ ownerEmail: stranger.email });
      const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      const refused = [
        downloadUrl(file.id, expires, flipped),
        // A later expiry under the same signature.
        downloadUrl(file.id, Number(expires) + 3600, signature),
        // The signature of one file on another.
        downloadUrl(other.id, expires, signature),
        // A past expiry under a signature that is not the server's: still a forgery, not "expired".
        downloadUrl(file.id, 1, signature),
        `/api/files/${file.id}/download?expires=${expires}`,
        `/api/files/${file.id}/download?signature=${signature}`,
        downloadUrl(file.id, 'soon', signature),
      ];
      for (const url of refused) {
        const response = await anyone().get(url);
        const body = assertErrorBody(response, 403, url);
        expect(body.message).toBe(FILE_TEXTS.invalidLink);
      }
      // No link at all is no file, whether or not the id names one (nothing confirms an id).
      for (const id of [file.id, randomUUID()]) {
        const bare = await anyone().get(`/api/files/${id}/download`);
        expect(assertErrorBody(bare, 404, 'an id without a link').message).toBe(
          FILE_TEXTS.notFound,
        );
      }
      // The untouched link still works.
      assertStatus(await anyone().get(link.toString()), 200, 'the untouched link');
    });
  });

  test('no public path reaches a private object', async () => {
    const visitor = world.api.client();
    const key = `files/${file.id}`;
    const paths = [
      `/uploads/${key}`,
      `/uploads/${file.id}`,
      `/uploads/private/${key}`,
      `/uploads/%2e%2e/private/${key}`,
      `/uploads/..%2fprivate%2f${key.replace('/', '%2f')}`,
      `/private/${key}`,
      `/${key}`,
    ];
    for (const target of paths) {
      const response = await visitor.get(target);
      expect({ target, leaked: Buffer.from(response.bytes).includes(Buffer.from(bytes)) }).toEqual({
        target,
        leaked: false,
      });
      // (fetch resolves the dot segments: those are sent as written below.)
      if (new URL(response.url).pathname.startsWith('/uploads/')) {
        assertStatus(response, 404, target);
      }
    }
    // As sent on the wire, with the dot segments no client would leave in.
    const port = Number(new URL(world.api.baseUrl).port);
    for (const target of [`/uploads/../private/${key}`, `/uploads/./../private/${key}`]) {
      const raw = await rawHttpRequest(port, { method: 'GET', target });
      expect({ target, leaked: raw.bytes.includes(Buffer.from(bytes)) }).toEqual({
        target,
        leaked: false,
      });
    }
  });

  describe('the command', () => {
    test('refuses an empty file, a nameless one, a bad type, kind or owner: a 400 naming each field, nothing stored', async () => {
      const objects = await privateObjects();
      const rows = await rowCount();
      const failure = await storeFile({
        ownerEmail: 'not an e-mail',
        filename: ' ..\u202e. ',
        contentType: 'pdf',
        kind: 'invoice' as PrivateFileInput['kind'],
        bytes: new Uint8Array(),
      }).catch((error: unknown) => error);
      expect(failure).toMatchObject({
        status: 400,
        fields: {
          filename: FILE_TEXTS.badName,
          file: FILE_TEXTS.emptyFile,
          contentType: FILE_TEXTS.badContentType,
          kind: FILE_TEXTS.badKind,
          ownerEmail: FILE_TEXTS.badOwner,
        },
      });
      const tooLong = await storeFile({
        ownerEmail: owner.email,
        filename: `${'a'.repeat(300)}.pdf`,
      }).catch((error: unknown) => error);
      expect(tooLong).toMatchObject({ status: 400, fields: { filename: FILE_TEXTS.longName } });
      expect(await privateObjects()).toStrictEqual(objects);
      expect(await rowCount()).toBe(rows);
    });

    test('a row that cannot be written leaves no object; an object that cannot be stored, no row', async () => {
      const objects = await privateObjects();
      const rows = await rowCount();

      // The database refuses the row once the object is stored: the object is removed again.
      let stored: string | undefined;
      const recording: MediaStore = Object.create(store, {
        put: {
          value: async (...args: Parameters<MediaStore['put']>) => {
            stored = args[1];
            return store.put(...args);
          },
        },
      });
      await world.db.query(
        'alter table "stored_file" add constraint "refuse_all_for_test" check (false) not valid',
      );
      try {
        await expect(
          new StorePrivateFileHandler(orm.em, recording).execute(
            new StorePrivateFileCommand({
              ownerEmail: owner.email,
              kind: 'order-attachment',
              filename: 'brief.txt',
              contentType: 'text/plain',
              bytes: randomBytes(100),
              createdBy: null,
            }),
          ),
        ).rejects.toThrow(/refuse_all_for_test/);
      } finally {
        await world.db.query('alter table "stored_file" drop constraint "refuse_all_for_test"');
      }
      expect(stored).toMatch(/^files\/[0-9a-f-]{36}$/);
      expect(await store.exists('private', stored!)).toBe(false);

      // The store refuses the object: no row is written.
      const failing: MediaStore = Object.create(store, {
        put: { value: async () => Promise.reject(new Error('store down')) },
      });
      await expect(
        new StorePrivateFileHandler(orm.em, failing).execute(
          new StorePrivateFileCommand({
            ownerEmail: owner.email,
            kind: 'order-attachment',
            filename: 'brief.txt',
            contentType: 'text/plain',
            bytes: randomBytes(100),
            createdBy: null,
          }),
        ),
      ).rejects.toThrow('store down');

      expect(await privateObjects()).toStrictEqual(objects);
      expect(await rowCount()).toBe(rows);
    });
  });

  describe('uploads for an order (POST /api/orders/{id}/files)', () => {
    let order: PlacedOrder;

    beforeAll(async () => {
      order = await world.order({ by: owner });
    }, 60_000);

    test('its customer uploads a PDF: private to the order, recognised by its bytes, downloadable', async () => {
      const pdf = tinyPdf('Our brief');
      const response = await uploadOrderFile(owner.client, order.id, pdf, 'brief.bin');
      assertStatus(response, 201, 'the customer’s upload');
      const stored = asObject(response.body, 'the stored file');
      expect(stored).toMatchObject({
        kind: 'order-attachment',
        orderId: order.id,
        filename: 'brief.bin',
        contentType: 'application/pdf',
        size: pdf.byteLength,
      });
      expectAttachment(await owner.client.get(`/api/files/${String(stored.id)}`), 'it', pdf, {
        contentType: 'application/pdf',
        disposition: 'attachment; filename="brief.bin"; filename*=UTF-8\'\'brief.bin',
      });
      assertErrorBody(await stranger.client.get(`/api/files/${String(stored.id)}`), 404, 'x');
    });

    test('a phone photo loses its EXIF and GPS; a CSV is taken by its name when it is text', async () => {
      const photo = await phonePhoto();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const response = await uploadOrderFile(owner.client, order.id, photo, 'IMG_0001.jpg');
      assertStatus(response, 201, 'the photo');
      const download = await owner.client.get(
        `/api/files/${String(asObject(response.body, 'p').id)}`,
      );
      const metadata = await sharp(Buffer.from(download.bytes)).metadata();
      expect({ exif: metadata.exif, width: metadata.width }).toStrictEqual({
        exif: undefined,
        width: 600,
      });

      const csv = await uploadOrderFile(
        owner.client,
        order.id,
        'keyword,volume\nseo,100\n',
        'k.csv',
      );
      assertStatus(csv, 201, 'the CSV');
      expect(asObject(csv.body, 'csv').contentType).toBe('text/csv');
    });

    test('what orders do not take is a 415; a customer cannot deliver; someone else’s order is a 404', async () => {
      const html = await uploadOrderFile(owner.client, order.id, '<script>1</script>', 'x.html');
      expect(assertErrorBody(html, 415, 'an HTML file').message).toBe(FILE_TEXTS.unsupportedType);
      const binaryCsv = await uploadOrderFile(owner.client, order.id, randomBytes(500), 'x.csv');
      assertErrorBody(binaryCsv, 415, 'binary bytes named .csv');
      const deliverable = await uploadOrderFile(
        owner.client,
        order.id,
        tinyPdf(),
        'r.pdf',
        'deliverable',
      );
      expect(assertErrorBody(deliverable, 403, 'a customer’s deliverable').message).toBe(
        FILE_TEXTS.deliverableForAdmins,
      );
      for (const [client, id] of [
        [stranger.client, order.id],
        [owner.client, randomUUID()],
        [owner.client, 'not-an-id'],
      ] as const) {
        assertErrorBody(await uploadOrderFile(client, id, tinyPdf(), 'r.pdf'), 404, id);
      }
      assertErrorBody(
        await uploadOrderFile(world.api.client(), order.id, tinyPdf(), 'r.pdf'),
        401,
        'v',
      );
    });

    test('an admin uploads a deliverable for the order, owned by its customer', async () => {
      const response = await uploadOrderFile(
        admin,
        order.id,
        tinyPdf('Audit'),
        'audit.pdf',
        'deliverable',
      );
      assertStatus(response, 201, 'the admin’s deliverable');
      const stored = asObject(response.body, 'the deliverable');
      expect(stored).toMatchObject({ kind: 'deliverable', orderId: order.id });
      assertStatus(await owner.client.get(`/api/files/${String(stored.id)}`), 200, 'the owner');
    });
  });

  describe('with an S3 store (STORAGE_DRIVER=s3, a real S3 protocol server)', () => {
    let s3: S3TestServer;
    let s3App: IdentityApp;
    let s3Handler: StorePrivateFileHandler;

    beforeAll(async () => {
      s3 = await startS3Server();
      // A second app on the same database, whose store is the bucket.
      s3App = await world.startApp({
        name: 'private-files-s3',
        env: { DATA_DIR: dataDir, ...s3.env },
      });
      s3Handler = new StorePrivateFileHandler(orm.em, new S3MediaStore(s3.client, s3.bucket));
    }, 120_000);

    afterAll(async () => {
      await s3App?.stop();
      await s3?.stop();
    });

    test('the owner is redirected to a presigned URL that serves the bytes as an attachment', async () => {
      const s3Bytes = randomBytes(50_000);
      const stored = await s3Handler.execute(
        new StorePrivateFileCommand({
          ownerEmail: owner.email,
          kind: 'order-attachment',
          filename: 'Brief (v2).pdf',
          contentType: 'application/pdf',
          bytes: s3Bytes,
          createdBy: null,
        }),
      );
      // In the bucket's private area, nowhere on disk.
      const head = await s3.client.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: `private/files/${stored.id}` }),
      );
      expect(head.ContentLength).toBe(s3Bytes.byteLength);
      expect(await privateObjects()).not.toContain(stored.id);

      const ownerOnS3 = s3App.client();
      await loginOk(ownerOnS3, owner.email, owner.password);
      const redirect = await ownerOnS3.get(`/api/files/${stored.id}`);
      assertStatus(redirect, 302, 'the owner’s download with S3');
      expect(redirect.headers.get('cache-control')).toBe('private, no-store');
      const location = new URL(redirect.location!);
      expect(location.origin).toBe(s3.endpoint);
      expect(location.pathname).toBe(`/${s3.bucket}/private/files/${stored.id}`);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
      expect(location.searchParams.get('response-content-disposition')).toMatch(
        /^attachment; filename="Brief \(v2\)\.pdf"/,
      );

      // The presigned URL needs no session: a plain fetch, as a browser would follow it.
      const served = await fetch(location);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(Buffer.from(await served.arrayBuffer()).equals(s3Bytes)).toBe(true);

      // A link for sharing is a presigned URL too, valid for minutes.
      const link = await ownerOnS3.post(`/api/files/${stored.id}/link`);
      assertStatus(link, 201, 'a link with S3');
      const linkUrl = new URL(String(asObject(link.body, 'the link').url));
      expect(linkUrl.origin).toBe(s3.endpoint);
      expect(Number(linkUrl.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(60);

      // Another customer gets the same 404 as with the local store, and no URL.
      const strangerOnS3 = s3App.client();
      await loginOk(strangerOnS3, stranger.email, stranger.password);
      const refused = await strangerOnS3.get(`/api/files/${stored.id}`);
      expect(assertErrorBody(refused, 404, 'another customer with S3').message).toBe(
        FILE_TEXTS.notFound,
      );
      expect(refused.location).toBeUndefined();
      // And the public media routes of this app do not reach the private area.
      for (const target of [`/uploads/files/${stored.id}`, `/uploads/private/files/${stored.id}`]) {
        const response = await s3App.client().get(target);
        expect(Buffer.from(response.bytes).includes(s3Bytes.subarray(0, 1000))).toBe(false);
        expect(response.status).toBe(404);
      }
    });
  });
});
