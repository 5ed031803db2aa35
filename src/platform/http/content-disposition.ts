/** Content-Disposition for downloads (RFC 6266 with RFC 5987 names), shared by every route that sends a file. */

/** RFC 5987 attr-char: what may stand unescaped in `filename*`. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/** `filename*`'s value: UTF-8, percent-encoded byte by byte outside attr-char. */
function extValue(name: string): string {
  let encoded = '';
  for (const byte of new TextEncoder().encode(name)) {
    const char = String.fromCharCode(byte);
    encoded +=
      byte < 0x80 && ATTR_CHAR.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `UTF-8''${encoded}`;
}

/**
 * `Content-Disposition: attachment` with the file's name (RFC 6266): an ASCII `filename` for old
 * clients (anything else, quotes and backslashes as `_`) and the exact name in `filename*`, which
 * every current browser prefers.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=${extValue(filename)}`;
}

/** What a download answer says of its body. */
export interface AttachmentHeaders {
  contentType: string;
  size: number;
  /** A Content-Disposition value (attachmentDisposition). */
  disposition: string;
}

/**
 * The headers of a private download: kept by no cache, saved rather than shown, never sniffed into an
 * active type, and sandboxed should a browser display it anyway.
 */
export function setAttachmentHeaders(
  reply: { header(name: string, value: string): unknown },
  { contentType, size, disposition }: AttachmentHeaders,
): void {
  reply.header('cache-control', 'private, no-store');
  reply.header('content-type', contentType);
  reply.header('content-length', String(size));
  reply.header('content-disposition', disposition);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
}
