/**
 * The server-rendered pages kept ready to send (the site module's page cache), against the built app
 * (server and web: `npm run build`), real PostgreSQL and Redis: the same bytes with a strong ETag,
 * 304 on If-None-Match, brotli and gzip bodies of the same page, an admin's content or SEO edit on
 * the very next request of every API process, and unknown paths that neither render nor grow the
 * cache (seen in the metrics).
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/ssr-cache.test.ts
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { listEntries } from '../support/content.js';
import { type HttpClient } from '../support/http-client.js';
import { assertStatus } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';

/** The app the admin edits through, and a second API process on the same database and Redis. */
let api: IdentityApp;
let other: IdentityApp;
let admin: HttpClient;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as sent, its body as received (not decoded): what a browser's cache sees. */
function get(app: IdentityApp, path: string, headers: Record<string, string> = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = httpRequest(`${app.baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const html = (response: RawResponse) => response.body.toString('utf8');

/** Lets the test scrape the apps' metrics (they are never served by address alone). */
const METRICS_TOKEN = 'ssr-cache-metrics-token-0123456789';

/** This process's page cache and renders, from its metrics. */
async function pageMetrics(app: IdentityApp): Promise<{ entries: number; renders: number }> {
  const text = html(await get(app, '/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` }));
  const sample = (name: string) => {
    const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
    if (!match) throw new Error(`${name} is not in the metrics`);
    return Number(match[1]);
  };
  return { entries: sample('site_page_cache_entries'), renders: sample('site_page_renders_total') };
}

async function updateSingleton(section: string, fields: Record<string, string>): Promise<void> {
  const [entry] = await listEntries(admin, section);
  const { _id: id, ...current } = entry!;
  assertStatus(
    await admin.put(`/api/content/${section}/${id}`, { ...current, ...fields }),
    200,
    `PUT ${section}`,
  );
}

const world = useWorld({ name: 'ssr-cache', env: { METRICS_TOKEN } });

beforeAll(async () => {
  api = world.api;
  other = await world.startApp({ name: 'ssr-cache-other', role: 'api', env: { METRICS_TOKEN } });
  admin = await world.admin();
}, 180_000);

describe('a page kept ready to send', () => {
  test('a second GET / sends the same bytes with the same strong ETag', async () => {
    const first = await get(api, '/');
    const second = await get(api, '/');
    expect(first.status).toBe(200);
    expect(html(first)).toContain('<div id="root"><');
    expect(second.body.equals(first.body)).toBe(true);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBeUndefined();
  });

  test('If-None-Match with its ETag is a 304 without a body', async () => {
    const { headers } = await get(api, '/pricing/');
    const revalidated = await get(api, '/pricing/', { 'if-none-match': headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(headers.etag);
    const stale = await get(api, '/pricing/', { 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
  });

  test('brotli and gzip bodies decode to the same page, each with its own ETag', async () => {
    const plain = await get(api, '/service/');
    const br = await get(api, '/service/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(api, '/service/', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    for (const response of [br, gzip]) expect(response.headers.vary).toMatch(/accept-encoding/i);
    const revalidated = await get(api, '/service/', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag!,
    });
    expect(revalidated.status).toBe(304);
  });

  test('spellings of a page and its query strings share its bytes', async () => {
    const page = await get(api, '/pricing/');
    for (const spelling of ['/pricing', '/PRICING/', '/pr%69cing/', '/pricing/?utm_source=ad']) {
      const response = await get(api, spelling);
      expect({ spelling, same: response.body.equals(page.body) }).toStrictEqual({
        spelling,
        same: true,
      });
    }
  });
});

describe('unknown paths', () => {
  test('random paths get the not-found page and neither render it again nor grow the cache', async () => {
    // One of each: under the one-segment route and under the catch-all.
    await get(api, `/warm-${randomUUID()}`);
    await get(api, `/warm/${randomUUID()}`);
    const before = await pageMetrics(api);
    const bodies = new Set<string>();
    for (let n = 0; n < 40; n += 1) {
      const path = n % 2 ? `/${randomUUID().slice(0, 8)}` : `/${randomUUID()}/x?q=${n}`;
      const response = await get(api, path);
      expect({ path, status: response.status }).toStrictEqual({ path, status: 404 });
      expect(html(response)).toContain('Page not found');
      bodies.add(response.headers.etag!);
    }
    expect(bodies.size).toBe(2);
    expect(await pageMetrics(api)).toStrictEqual(before);
  });

  test('a 404 is never "not modified"', async () => {
    const first = await get(api, '/no-such-page');
    const again = await get(api, '/no-such-page', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(404);
    expect(again.body.equals(first.body)).toBe(true);
  });
});

describe('an edit shows on the next request, in every API process', () => {
  test("an admin's edit of the banner: a new page and ETag at once", async () => {
    const [before, beforeOther] = [await get(api, '/'), await get(other, '/')];
    const heading = `Rank higher ${randomUUID()}`;
    await updateSingleton('banner', { bannerHeading: heading });

    for (const app of [api, other]) {
      const after = await get(app, '/');
      expect(html(after)).toContain(heading);
      expect(after.headers.etag).not.toBe((app === api ? before : beforeOther).headers.etag);
    }
    // The old ETag no longer gets a 304.
    const revalidated = await get(other, '/', { 'if-none-match': beforeOther.headers.etag! });
    expect(revalidated.status).toBe(200);
    expect(html(revalidated)).toContain(heading);
  });

  test('a change of the SEO settings: a new page and ETag at once', async () => {
    const [before, beforeOther] = [await get(api, '/pricing/'), await get(other, '/pricing/')];
    const siteName = `Agency ${randomUUID().slice(0, 8)}`;
    await updateSingleton('seo', { siteName });

    for (const app of [api, other]) {
      const after = await get(app, '/pricing/');
      expect(html(after)).toContain(`<meta property="og:site_name" content="${siteName}"`);
      expect(after.headers.etag).not.toBe((app === api ? before : beforeOther).headers.etag);
    }
  });

  test('a page kept once per version: after the edit, the next requests send the kept page', async () => {
    await get(other, '/thanks');
    const before = await pageMetrics(other);
    for (let n = 0; n < 5; n += 1) await get(other, '/thanks');
    expect((await pageMetrics(other)).renders).toBe(before.renders);
  });
});
