import type { Readable } from 'node:stream';

/**
 * The two areas of the store. `public`: the uploaded media served at /uploads/<key> (or from
 * MEDIA_PUBLIC_URL); `private`: files never publicly addressable, read only through an authorised route.
 */
export type MediaArea = 'public' | 'private';

/** An object read back from the store: its bytes as a stream, with what they are. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files are kept, by area and key. Public keys are the flat stored names this module
 * gives (STORED_NAME); private keys may have '/'-separated segments of [\w.-] (no '..', no leading dot).
 * LocalMediaStore writes them under DATA_DIR (uploads/, private/); S3MediaStore to one bucket under
 * `public/<key>` and `private/<key>`. Provided under MEDIA_STORE.
 */
export interface MediaStore {
  /** Stores the object whole or not at all (no half-written object on failure); replaces an existing one. */
  put(area: MediaArea, key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(area: MediaArea, key: string): Promise<StoredObject | null>;
  exists(area: MediaArea, key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  remove(area: MediaArea, key: string): Promise<void>;
  /**
   * Every valid key of the area (see isValidMediaKey: temporary files and probes are left out), in
   * no particular order, read page by page: objects added meanwhile may or may not be listed.
   */
  list(area: MediaArea): AsyncIterable<string>;
  /**
   * A short-lived URL the browser may GET directly (S3 presigned, with response-content-disposition
   * attachment + filename), or null when the store has none (local: the API streams).
   */
  presignedUrl(
    area: MediaArea,
    key: string,
    options: { expiresInSeconds: number; filename: string; contentType: string },
  ): Promise<string | null>;
  /** At start-up: the store is reachable and writable; else throws an error whose message names the variable to fix. */
  check(): Promise<void>;
  /** Lets go of what the store holds open (an S3 client's kept-alive connections). */
  close(): void;
}

/**
 * An outage of the store at run time (unreachable, timing out, answering 5xx): the HTTP layer answers
 * 503 with Retry-After, never a 500. The API's error filter knows it by `serviceUnavailable` (platform
 * code imports no module).
 */
export class MediaStoreUnavailable extends Error {
  readonly serviceUnavailable = true;
  /** When to try again: the SDK has retried already; a store outage is rarely over in a second. */
  readonly retryAfterSeconds = 5;

  constructor(message = 'The media store is unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStoreUnavailable';
  }
}

/** The Nest injection token of the MediaStore. */
export const MEDIA_STORE = Symbol('MEDIA_STORE');

/** A public key: one plain file name, no directories and no dot-names (temporary files). */
const PUBLIC_KEY = /^[\w-][\w.-]*$/;
/** One segment of a private key: the same, so no '..' and no leading dot. */
const PRIVATE_SEGMENT = /^[\w-][\w.-]*$/;

/** Whether `key` is a valid key of `area` (see MediaStore). */
export function isValidMediaKey(area: MediaArea, key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  if (area === 'public') return PUBLIC_KEY.test(key);
  return key
    .split('/')
    .every((segment) => PRIVATE_SEGMENT.test(segment) && !segment.includes('..'));
}

/** Throws unless `key` is a valid key of `area`: a programming error, never user input unchecked. */
export function assertMediaKey(area: MediaArea, key: string): void {
  if (!isValidMediaKey(area, key)) throw new Error(`Not a ${area} media key: ${key}`);
}
