import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../../platform/config/app-config.js';
import {
  assertMediaKey,
  isValidMediaKey,
  type MediaArea,
  type MediaStore,
  type StoredObject,
} from './media-store.js';

/** The directory of stored public uploads, served at /uploads/. */
export function uploadsDir(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'uploads');
}

/** The directory of private files: never served statically, read only through authorised routes. */
export function privateDir(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'private');
}

/** The Content-Type of a local file, by its extension (the local store keeps no metadata). */
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
};

/** Every file of a directory tree as '/'-separated keys, dot-names (temporary files) left out. */
export async function keysUnder(root: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const keys: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...(await keysUnder(root, key)));
    else if (entry.isFile()) keys.push(key);
  }
  return keys;
}

export function contentTypeOfName(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Files in local directories: public ones under DATA_DIR/uploads (served at /uploads/ as before),
 * private ones under DATA_DIR/private. Each is written to a dot-named temporary file (never served)
 * beside its target and renamed into place, so a reader sees the whole file or none, even if the
 * process dies mid-write.
 */
export class LocalMediaStore implements MediaStore {
  constructor(readonly directories: Record<MediaArea, string>) {}

  static fromConfig(config: Pick<AppConfig, 'DATA_DIR'>): LocalMediaStore {
    return new LocalMediaStore({ public: uploadsDir(config), private: privateDir(config) });
  }

  async put(area: MediaArea, key: string, body: Uint8Array, _contentType: string): Promise<void> {
    const target = this.pathOf(area, key);
    const directory = path.dirname(target);
    await mkdir(directory, { recursive: true });
    const temporary = path.join(directory, `.${path.basename(target)}.${randomUUID()}.tmp`);
    try {
      const file = await open(temporary, 'wx', 0o644);
      try {
        await file.writeFile(body);
        await file.datasync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(area: MediaArea, key: string): Promise<StoredObject | null> {
    const file = this.pathOf(area, key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      // The stream owns the handle from here and closes it when done or destroyed.
      const body = createReadStream('', { fd: handle, autoClose: true });
      return { body, contentType: contentTypeOfName(key), size: stats.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(area: MediaArea, key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(area, key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async remove(area: MediaArea, key: string): Promise<void> {
    await rm(this.pathOf(area, key), { force: true });
  }

  /** The files of the area's directory, by name (a missing directory has none). */
  async *list(area: MediaArea): AsyncIterable<string> {
    for (const key of await keysUnder(this.directories[area])) {
      if (isValidMediaKey(area, key)) yield key;
    }
  }

  /** None: local files are streamed by the API. */
  async presignedUrl(
    _area: MediaArea,
    _key: string,
    _options: { expiresInSeconds: number; filename: string; contentType: string },
  ): Promise<string | null> {
    return null;
  }

  /** Both directories exist (or are created) and take a file. */
  close(): void {
    // Nothing is held open between calls.
  }

  async check(): Promise<void> {
    for (const area of ['public', 'private'] as const) {
      const directory = this.directories[area];
      const probe = path.join(directory, `.check-${randomUUID()}.tmp`);
      try {
        await mkdir(directory, { recursive: true });
        await open(probe, 'wx').then((file) => file.close());
        await rm(probe, { force: true });
      } catch (error) {
        throw new Error(
          `DATA_DIR must be writable: the ${area} media directory ${directory} is not (${(error as Error).message})`,
          { cause: error },
        );
      }
    }
  }

  /** The file of a key, inside its area's directory (a bad key is a programming error). */
  pathOf(area: MediaArea, key: string): string {
    assertMediaKey(area, key);
    const root = this.directories[area];
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`Not a ${area} media key: ${key}`);
    return file;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
