import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../../platform/config/app-config.js';
import type { MediaStore } from './media-store.js';

/** The directory of stored uploads, served at /uploads/. */
export function uploadsDir(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'uploads');
}

/**
 * Files in a local directory. Each is written to a dot-named temporary file (never served) and
 * renamed into place, so a reader sees the whole file or none, even if the process dies mid-write.
 */
export class LocalMediaStore implements MediaStore {
  constructor(readonly directory: string) {}

  async put(name: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const target = this.pathOf(name);
    await mkdir(this.directory, { recursive: true });
    const temporary = path.join(this.directory, `.${name}.${randomUUID()}.tmp`);
    try {
      const file = await open(temporary, 'wx', 0o644);
      try {
        await file.writeFile(bytes);
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

  async exists(name: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(name))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  private pathOf(name: string): string {
    // One plain file name: no directories, and no dot-names (temporary files, never served).
    if (!/^[\w-][\w.-]*$/.test(name)) throw new Error(`Not a media file name: ${name}`);
    return path.join(this.directory, name);
  }
}
