import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type {
  EncodedPageBody,
  PageCoding,
  WebPage,
} from '../../../platform/http/web-page-renderer.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A server-rendered page kept ready to send: its status and its body in every coding. */
export interface PreparedPage {
  status: number;
  bodies: Record<PageCoding, EncodedPageBody>;
  /** The bodies' bytes together, as the cache counts them. */
  bytes: number;
}

/**
 * The page's bytes as is, in brotli (quality 11) and in gzip (level 9), each with a strong ETag: a
 * hash of the page, marked with the coding (a coding is another representation, RFC 9110 8.8.3).
 * Compressed once per page and content version, on libuv's threads, not the event loop.
 */
export async function preparePage(status: number, html: string): Promise<PreparedPage> {
  const identity = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    status,
    bodies: {
      identity: { body: identity, etag: `"${hash}"` },
      br: { body: br, etag: `"${hash}-br"` },
      gzip: { body: gz, etag: `"${hash}-gzip"` },
    },
    bytes: identity.length + br.length + gz.length,
  };
}

export function asWebPage(page: PreparedPage): WebPage {
  return { status: page.status, bodies: page.bodies };
}
