import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type AppConfig, ConfigError } from '../../../platform/config/app-config.js';
import { contentTypeOfName, keysUnder, privateDir, uploadsDir } from './local-media-store.js';
import { isValidMediaKey, type MediaArea } from './media-store.js';
import { S3MediaStore, type S3StoreConfig } from './s3-media-store.js';

export interface CopyReport {
  copied: number;
  skipped: number;
  total: number;
}

/**
 * `--copy-uploads-to-s3`: copies the local media (DATA_DIR/uploads, DATA_DIR/private) into the
 * bucket of S3_*, one file at a time. Idempotent and resumable: a file whose object is already there
 * with the same size is skipped, so a run that stopped half-way is simply run again. Writes a progress
 * line per file to `progress`.
 */
export async function copyUploadsToS3(
  config: Pick<AppConfig, 'DATA_DIR'> & S3StoreConfig,
  progress: (line: string) => void,
): Promise<CopyReport> {
  if (!config.S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration: S3_BUCKET is required to copy uploads to S3 (unset)',
    );
  }
  const store = S3MediaStore.fromConfig(config);
  try {
    try {
      await store.check();
    } catch (error) {
      throw new ConfigError(`Invalid configuration: ${(error as Error).message}`, { cause: error });
    }
    const roots: Record<MediaArea, string> = {
      public: uploadsDir(config),
      private: privateDir(config),
    };
    const files: { area: MediaArea; key: string }[] = [];
    for (const area of ['public', 'private'] as const) {
      for (const key of await keysUnder(roots[area])) {
        if (isValidMediaKey(area, key)) files.push({ area, key });
        else progress(`Skipped ${area}/${key}: not a media key`);
      }
    }
    const report: CopyReport = { copied: 0, skipped: 0, total: files.length };
    progress(`Copying ${files.length} local media file(s) to the bucket ${store.bucket}`);
    for (const [index, { area, key }] of files.entries()) {
      const file = path.join(roots[area], ...key.split('/'));
      const { size } = await stat(file);
      const there = await store.head(area, key);
      const step = `[${index + 1}/${files.length}] ${area}/${key}`;
      if (there?.size === size) {
        report.skipped += 1;
        progress(`${step}: already there`);
        continue;
      }
      await store.put(area, key, await readFile(file), contentTypeOfName(key));
      report.copied += 1;
      progress(`${step}: copied (${size} bytes)`);
    }
    progress(
      `Done: ${report.copied} copied, ${report.skipped} already there, of ${report.total} file(s)`,
    );
    return report;
  } finally {
    store.client.destroy();
  }
}
