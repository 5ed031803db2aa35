/**
 * Where uploaded files are kept, by name. LocalMediaStore writes them under DATA_DIR; an S3-compatible
 * store (bucket + CDN) would implement this same interface and be provided under MEDIA_STORE instead,
 * with /uploads/<name> then pointing at the bucket.
 */
export interface MediaStore {
  /** Stores the bytes under `name`, whole or not at all; an existing file of that name is replaced. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  exists(name: string): Promise<boolean>;
}

/** The Nest injection token of the MediaStore. */
export const MEDIA_STORE = Symbol('MEDIA_STORE');
