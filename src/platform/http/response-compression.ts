import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the answers of the routes registered after it (Nest's, the API's Fastify routes, the
 * docs), when they are large and the client accepts brotli or gzip: HTML pages, JSON, CSV, the
 * metrics text. The plugin leaves alone what must stream as written (`text/event-stream`, the admin
 * live feed), answers that already carry a Content-Encoding, and types that do not shrink (images).
 * Brotli at quality 4 compresses about as fast as gzip's default and smaller; the build's own
 * files are compressed once at the highest levels instead (web-assets.ts).
 */
export async function registerResponseCompression(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are read as sent: the API has never taken compressed ones.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
