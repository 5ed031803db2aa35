/**
 * An outage of the media store is a 503 with Retry-After, never a 500: the S3 store turns "no
 * answer" into MediaStoreUnavailable (here a real connection to a port nobody listens on), and the
 * API's error body knows it without importing the media module.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { MediaStoreUnavailable } from '../../src/modules/media/storage/media-store.js';
import { S3MediaStore } from '../../src/modules/media/storage/s3-media-store.js';
import { parseConfig } from '../../src/platform/config/app-config.js';
import { retryAfterSeconds, toErrorBody } from '../../src/platform/http/error-body.filter.js';

/** A port that was free a moment ago: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a media store outage', () => {
  it('is answered 503 with Retry-After', () => {
    const outage = new MediaStoreUnavailable();
    expect(toErrorBody(outage)).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(retryAfterSeconds(outage)).toBe(5);
    // Any other error stays what it was.
    expect(toErrorBody(new Error('bug')).statusCode).toBe(500);
    expect(retryAfterSeconds(new Error('bug'))).toBeUndefined();
    const marked = Object.assign(new HttpException('Gone', 410), { serviceUnavailable: true });
    expect(toErrorBody(marked).statusCode).toBe(410);
  });

  it('is what the S3 store throws when the service does not answer, for every call', async () => {
    const store = S3MediaStore.fromConfig(
      parseConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'media',
        S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    );
    try {
      const calls = [
        () => store.put('public', '0123456789abcdef.png', Buffer.from('x'), 'image/png'),
        () => store.get('public', '0123456789abcdef.png'),
        () => store.exists('private', 'orders/1/a.pdf'),
        () => store.remove('private', 'orders/1/a.pdf'),
      ];
      for (const call of calls) await expect(call()).rejects.toBeInstanceOf(MediaStoreUnavailable);
      // The start-up check names the variable instead.
      await expect(store.check()).rejects.toThrow(/^S3_ENDPOINT does not answer: /);
      // Signing a URL needs no call.
      const url = await store.presignedUrl('private', 'orders/1/a.pdf', {
        expiresInSeconds: 300,
        filename: 'a.pdf',
        contentType: 'application/pdf',
      });
      expect(url).toContain('response-content-disposition=attachment');
    } finally {
      store.client.destroy();
    }
  });
});
