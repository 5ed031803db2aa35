/**
 * How the built app delivers its bytes, read with raw node:http requests (fetch would decompress):
 * the hashed assets are sent as the brotli or gzip copy the build wrote beside them, as the request
 * accepts, cached for a year; the pages and the unhashed files are revalidated; a large JSON answer is
 * compressed on the fly when the client accepts it, a small one is not; the admin live feed streams
 * uncompressed even to a client that accepts compression.
 *
 * Needs the web build too: `npm run build` (not only build:server), then
 *   NODE_OPTIONS=--experimental-vm-modules npx jest --config test/jest.integration.config.js \
 *     --runInBand test/integration/delivery.test.ts
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { LIVE_EVENTS_PATH } from '../../src/contracts/live-events.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/platform/http/response-compression.js';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../src/platform/http/web-assets.js';
import { REPO_ROOT } from '../support/app-process.js';
import { assertStatus, uid } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { type RawResponse, rawHttpRequest } from '../support/raw-http.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'delivery' });

const WEB_DIR = path.join(REPO_ROOT, 'dist/web');

/** A response that is still streaming: what arrived so far, as bytes. */
interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  received(): Buffer;
  close(): void;
}

function openRawStream(
  port: number,
  target: string,
  headers: Record<string, string>,
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: target, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        // Closed by the test.
        response.on('error', () => undefined);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          received: () => Buffer.concat(chunks),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

/** The status, with the start of the body when it is not the one expected. */
function expectStatus(response: RawResponse, status: number, what: string): void {
  expect({
    what,
    status: response.status,
    body: response.status === status ? '' : response.body.slice(0, 500),
  }).toStrictEqual({ what, status, body: '' });
}

describe('delivery of the built app', () => {
  /** The entry script of the SPA, e.g. /assets/index-Ab12Cd34.js. */
  let entryScript: string;
  const streams: OpenStream[] = [];

  const get = (target: string, acceptEncoding?: string): Promise<RawResponse> =>
    rawHttpRequest(world.api.app.port, {
      method: 'GET',
      target,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  const builtFile = (urlPath: string) => readFile(path.join(WEB_DIR, urlPath));

  beforeAll(async () => {
    const indexHtml = await readFile(path.join(WEB_DIR, 'index.html'), 'utf8').catch(() => {
      throw new Error('dist/web/index.html is missing: run npm run build (the web app too) first');
    });
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
    if (!script) throw new Error('dist/web/index.html names no entry script');
    entryScript = script;
  });

  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  test('a hashed asset is the brotli or gzip copy the build wrote, as the request accepts, cached for a year', async () => {
    const original = await builtFile(entryScript);
    const cases = [
      { acceptEncoding: 'br', encoding: 'br', file: `${entryScript}.br` },
      { acceptEncoding: 'gzip', encoding: 'gzip', file: `${entryScript}.gz` },
      // A browser's list: brotli is preferred.
      { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br', file: `${entryScript}.br` },
      { acceptEncoding: undefined, encoding: undefined, file: entryScript },
      { acceptEncoding: 'deflate', encoding: undefined, file: entryScript },
      { acceptEncoding: 'identity', encoding: undefined, file: entryScript },
    ];
    for (const { acceptEncoding, encoding, file } of cases) {
      const response = await get(entryScript, acceptEncoding);
      const what = `GET ${entryScript} with Accept-Encoding ${acceptEncoding ?? '(none)'}`;
      expectStatus(response, 200, what);
      expect({ what, headers: response.headers }).toMatchObject({
        what,
        headers: {
          'content-type': expect.stringMatching(/javascript/),
          'cache-control': IMMUTABLE_CACHE,
          vary: expect.stringMatching(/accept-encoding/i),
        },
      });
      expect({ what, encoding: response.headers['content-encoding'] }).toStrictEqual({
        what,
        encoding,
      });
      // The very bytes of the file the build wrote (not compressed again on the way).
      expect(response.bytes.equals(await builtFile(file))).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.bytes.length);
      const decoded =
        encoding === 'br'
          ? brotliDecompressSync(response.bytes)
          : encoding === 'gzip'
            ? gunzipSync(response.bytes)
            : response.bytes;
      expect(decoded.equals(original)).toBe(true);
    }
  });

  test('the pages and the files without a hash are revalidated, never cached as immutable', async () => {
    const page = await get('/', 'br');
    expectStatus(page, 200, 'GET /');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.bytes).toString('utf8')).toMatch(/^<!doctype html>/i);

    const favicon = await get('/favicon.svg', 'br');
    expectStatus(favicon, 200, 'GET /favicon.svg');
    expect(favicon.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(favicon.bytes.equals(await builtFile('/favicon.svg'))).toBe(true);
  });

  test('a large JSON answer is compressed when the client accepts it, and only then', async () => {
    const plain = await get('/api/content');
    expectStatus(plain, 200, 'GET /api/content');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const content = JSON.parse(plain.body) as unknown;

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = await get('/api/content', encoding);
      expectStatus(compressed, 200, `GET /api/content (${encoding})`);
      expect(compressed.headers['content-type']).toMatch(/^application\/json/);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(JSON.parse(decode(compressed.bytes).toString('utf8'))).toStrictEqual(content);
    }

    // Under the threshold, an answer goes as it is.
    const small = await get('/api/health/live', 'br');
    expectStatus(small, 200, 'GET /api/health/live');
    expect(small.bytes.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  test('the admin live feed streams uncompressed to a client that accepts compression', async () => {
    const admin = await world.admin();
    const stream = await openRawStream(world.api.app.port, LIVE_EVENTS_PATH, {
      accept: 'text/event-stream',
      'accept-encoding': 'gzip, deflate, br',
      cookie: admin.cookieHeader(),
    });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    // What the server writes at once arrives at once, readable as it is.
    await pollUntil(() => /^retry: \d+\n\n/.test(stream.received().toString('utf8')) || undefined, {
      timeoutMs: 10_000,
      intervalMs: 50,
      what: 'the retry hint, as plain text',
    });

    // An event, as plain text too, as soon as it happens.
    const subject = `Delivery ${uid()}`;
    const sent = await world.api.client().post('/api/messages', {
      name: 'Visitor',
      email: `visitor-${uid()}@example.test`,
      number: '+44 20 7946 0958',
      subject,
      message: 'Is my site fast enough?',
    });
    assertStatus(sent, 201, 'POST /api/messages');
    const text = await pollUntil(
      () => {
        const received = stream.received().toString('utf8');
        return received.includes(subject) ? received : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 50, what: 'the message event, as plain text' },
    );
    expect(text).toMatch(/\ndata: \{[^\n]*"type":"message\.received"/);
  });
});
