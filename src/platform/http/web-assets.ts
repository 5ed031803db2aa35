import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Vite's output folder for the files whose names carry a hash of their content. */
const HASHED_ASSETS_DIR = 'assets';

/** A hashed file never changes under its name: browsers and caches keep it for a year, unasked. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Every other built file (favicon, demo images): cached, but checked with the server before each use. */
export const REVALIDATE_CACHE = 'no-cache';

/** Whether a built file sits in Vite's hashed assets folder (compressed siblings included). */
export function isHashedAsset(webAppDir: string, filePath: string): boolean {
  const [first] = path.relative(webAppDir, filePath).split(path.sep);
  return first === HASHED_ASSETS_DIR;
}

/**
 * The built SPA's files, one route per file (no wildcard, so the SPA's fallback route answers
 * everything else). The build writes a brotli and a gzip copy beside each large text file
 * (vite-plugin-compression2): the copy the request accepts is sent as is, with its Content-Encoding
 * and `Vary: accept-encoding`, so nothing is compressed per request.
 *
 * Registered before the on-the-fly compression, whose hooks apply to the routes added after it:
 * these files are either precompressed or small.
 */
export async function registerWebAssets(
  app: NestFastifyApplication,
  webAppDir: string,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: webAppDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Set below, per file.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      void reply.header(
        'cache-control',
        isHashedAsset(webAppDir, filePath) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
      );
    },
  });
}
