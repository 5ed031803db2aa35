/**
 * The landing page's banner as a site owner has it: a photo uploaded by an admin (here the demo hero
 * rendered to a 1200 × 900 JPEG), shown through its responsive variants once the worker made them.
 * Lighthouse measures `/` with it (bench/lighthouse.ts), so the LCP image is the `<picture>` with its
 * AVIF `srcset` and preload.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { HttpClient } from '../test/support/http-client.js';
import { pollUntil } from '../test/support/net.js';

const HERO_SVG = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../web/public/demo/hero-1200x900.svg',
);

export interface BenchAdmin {
  email: string;
  password: string;
}

/** Uploads the banner photo, puts it on the banner and waits until the content lists its variants. */
export async function useResponsiveBanner(baseUrl: string, admin: BenchAdmin): Promise<string> {
  const client = new HttpClient(baseUrl, { origin: baseUrl, 'sec-fetch-site': 'same-origin' });
  const login = await client.post('/api/auth/login', admin);
  if (login.status !== 200) throw new Error(`bench login: ${login.status} ${login.text}`);
  const photo = await sharp(await readFile(HERO_SVG), { density: 96 })
    .resize(1200, 900)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([photo as BlobPart], { type: 'image/jpeg' }), 'banner.jpg');
  const uploaded = await client.request('POST', '/api/media', { body: form });
  if (uploaded.status !== 201)
    throw new Error(`banner upload: ${uploaded.status} ${uploaded.text}`);
  const { url } = uploaded.body as { url: string };
  const banners = await client.get('/api/content/banner');
  const [banner] = banners.body as Record<string, string>[];
  if (!banner) throw new Error('the demo content has no banner');
  const { _id: id, ...fields } = banner;
  const updated = await client.request('PUT', `/api/content/banner/${id}`, {
    json: { ...fields, imageOne: url },
  });
  if (updated.status !== 200) throw new Error(`banner update: ${updated.status} ${updated.text}`);
  await pollUntil(
    async () => {
      const content = (await (await fetch(new URL('/api/content', baseUrl))).json()) as {
        media?: Record<string, unknown>;
      };
      return content.media?.[url] !== undefined;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: 'the banner photo variants' },
  );
  return url;
}
