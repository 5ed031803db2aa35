/**
 * The image pipeline, against the built server with its worker (role all): an upload is re-encoded
 * without its metadata and turned upright, the worker makes its AVIF and WebP variants (never wider
 * than the image, no metadata either), the admins see them, the content snapshot lists them for the
 * pages; a decompression bomb is refused before it is decoded; a variants job that cannot succeed
 * ends visibly failed.
 *
 *   npm run build:server && npm run test:integration -- test/integration/media-images.test.ts
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import sharp from 'sharp';
import { type HttpClient } from '../support/http-client.js';
import { asObject, assertErrorBody, assertStatus } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { phonePhoto } from '../support/phone-photo.js';
import { pixelBomb } from '../support/png.js';
import { useWorld } from '../support/world.js';

let dataDir: string;
const world = useWorld(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-images-'));
  // Two quick attempts, so that a job that cannot succeed fails within the test.
  return {
    name: 'media-images',
    env: { DATA_DIR: dataDir, JOB_ATTEMPTS: '2', JOB_BACKOFF_MS: '50' },
  };
});

interface Variant {
  width: number;
  height: number;
  format: 'avif' | 'webp';
  url: string;
  size: number;
}

interface MediaDetails {
  url: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  variantsStatus: 'pending' | 'ready' | 'failed';
  variants: Variant[];
  error: string | null;
}

function upload(client: HttpClient, bytes: Uint8Array | string, name: string) {
  const body = new FormData();
  body.append('file', new Blob([bytes as BlobPart]), name);
  return client.request('POST', '/api/media', { body });
}

describe('the image pipeline', () => {
  let admin: HttpClient;

  const nameOf = (url: string) => url.replace('/uploads/', '');
  const details = async (url: string): Promise<MediaDetails> => {
    const response = await admin.get(`/api/admin/media?url=${encodeURIComponent(url)}`);
    assertStatus(response, 200, `GET /api/admin/media for ${url}`);
    return response.body as MediaDetails;
  };
  const fetched = async (url: string): Promise<Buffer> => {
    const response = await world.api.client().get(url);
    assertStatus(response, 200, `GET ${url}`);
    return Buffer.from(response.bytes);
  };
  const mediaRows = async (name: string) =>
    (await world.db.query('select name from media where name = $1', [name])).rowCount;

  beforeAll(async () => {
    admin = await world.admin();
  }, 120_000);

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a phone photo loses its EXIF and GPS, is turned upright, and gets AVIF and WebP variants no wider than itself', async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    // The test's own premise: the upload carries EXIF (with GPS) and is stored sideways.
    expect(before.exif?.length).toBeGreaterThan(100);
    expect(before.orientation).toBe(6);

    const response = await upload(admin, photo, 'IMG_0001.jpg');
    assertStatus(response, 201, 'the photo upload');
    const uploaded = asObject(response.body, 'the upload answer');
    // Upright: 600 wide, 1000 high.
    expect(uploaded.url).toMatch(/^\/uploads\/[0-9a-f]{16}-600x1000\.jpg$/);
    expect(uploaded).toMatchObject({ contentType: 'image/jpeg', width: 600, height: 1000 });

    const original = await fetched(String(uploaded.url));
    expect(original.length).toBe(uploaded.size);
    const stored = await sharp(original).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 600, height: 1000 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();

    // The worker makes the variants; the admin sees them once ready.
    const ready = await pollUntil(
      async () => {
        const media = await details(String(uploaded.url));
        if (media.variantsStatus === 'failed') throw new Error(`failed: ${media.error}`);
        return media.variantsStatus === 'ready' && media;
      },
      { timeoutMs: 60_000, what: 'the variants of the photo' },
    );
    expect(
      ready.variants.map(({ format, width, height }) => `${format} ${width}x${height}`).sort(),
    ).toStrictEqual(['avif 320x533', 'avif 600x1000', 'webp 320x533', 'webp 600x1000']);
    for (const variant of ready.variants) {
      const bytes = await fetched(variant.url);
      expect(bytes.length).toBe(variant.size);
      const metadata = await sharp(bytes).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: variant.format === 'avif' ? 'heif' : 'webp',
        width: variant.width,
        height: variant.height,
      });
      expect(metadata.width).toBeLessThanOrEqual(600);
      expect(metadata.exif).toBeUndefined();
    }

    // The same photo again: the same name, no second row, and its variants stay as they are.
    const again = await upload(admin, photo, 'copy.jpg');
    assertStatus(again, 201, 'the same photo again');
    expect(asObject(again.body, 'the second answer').url).toBe(uploaded.url);
    expect(await details(String(uploaded.url))).toMatchObject({ variantsStatus: 'ready' });
    const jobs = await world.db.query(
      `select count(*)::int as n from outbox_event where queue = 'media' and payload->>'name' = $1`,
      [nameOf(String(uploaded.url))],
    );
    expect(jobs.rows[0].n).toBe(1);

    // Shown on the landing page's banner, the content snapshot lists its variants for srcset.
    const snapshot = await world.api.client().get('/api/content');
    assertStatus(snapshot, 200, 'GET /api/content');
    const banner = (snapshot.body as { sections: Record<string, Record<string, string>[]> })
      .sections.banner![0]!;
    const { _id: id, ...fields } = banner;
    const updated = await admin.request('PUT', `/api/content/banner/${id}`, {
      json: { ...fields, imageOne: uploaded.url },
    });
    assertStatus(updated, 200, 'the banner with the photo');
    const listed = await pollUntil(
      async () => {
        const content = (await world.api.client().get('/api/content')).body as {
          media?: Record<string, { width: number; height: number; variants: Variant[] }>;
        };
        return content.media?.[String(uploaded.url)];
      },
      { timeoutMs: 10_000, what: 'the photo in the content snapshot' },
    );
    expect(listed.width).toBe(600);
    expect(listed.height).toBe(1000);
    expect(listed.variants).toHaveLength(4);
  });

  test('a 20000 × 20000 PNG of a few kilobytes is refused (422) before it is decoded', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const body = assertErrorBody(await upload(admin, bomb, 'bomb.png'), 422, 'the pixel bomb');
    expect(String(body.message)).toMatch(/20000 × 20000.*megapixels/);
    // Refused from its header: nothing was decoded, stored or recorded.
    expect(Date.now() - started).toBeLessThan(5_000);
    const files = await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[]);
    expect(files.filter((file) => file.includes('-20000x20000'))).toStrictEqual([]);
    expect(
      (await world.db.query(`select count(*)::int as n from media where width = 20000`)).rows[0].n,
    ).toBe(0);
  });

  test('an SVG is still sanitised, and needs no variants', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" onload="alert(1)">' +
      '<script>alert(1)</script><rect width="50" height="50"/></svg>';
    const response = await upload(admin, svg, 'logo.svg');
    assertStatus(response, 201, 'the SVG upload');
    const url = String(asObject(response.body, 'the SVG answer').url);
    const text = (await fetched(url)).toString('utf8');
    expect(text).toContain('<rect');
    expect(text).not.toMatch(/script|onload/i);
    expect(await details(url)).toMatchObject({
      contentType: 'image/svg+xml',
      variantsStatus: 'ready',
      variants: [],
    });
  });

  test('a variants job that cannot succeed ends failed with its reason, and the admin sees it', async () => {
    // A row whose image is not in the store (lost), with its job, as an upload would write them.
    const name = `${'f'.repeat(16)}-800x600.jpg`;
    await world.db.query(
      `insert into media (name, content_type, byte_size, width, height) values ($1, 'image/jpeg', 1, 800, 600)`,
      [name],
    );
    await world.db.query(
      `insert into outbox_event (id, queue, type, payload, occurred_at, attempts)
       values (gen_random_uuid(), 'media', 'make-variants', $1, now(), 0)`,
      [JSON.stringify({ name })],
    );
    expect(await mediaRows(name)).toBe(1);
    const failed = await pollUntil(
      async () => {
        const media = await details(`/uploads/${name}`);
        return media.variantsStatus === 'failed' && media;
      },
      { timeoutMs: 60_000, what: 'the failed state' },
    );
    expect(failed.error).toMatch(/not in the store/);
    expect(failed.variants).toStrictEqual([]);
    const unknown = `/uploads/${'e'.repeat(16)}-8x6.png`;
    assertErrorBody(await admin.get(`/api/admin/media?url=${unknown}`), 404, 'an unknown image');
    const bad = assertErrorBody(
      await admin.get('/api/admin/media?url=/etc/passwd'),
      400,
      'not one',
    );
    expect(bad.fields).toHaveProperty('url');
  });
});
