import { ConfigError, type AppConfig } from '../../../platform/config/app-config.js';
import { LocalMediaStore } from './local-media-store.js';
import type { MediaStore } from './media-store.js';
import { S3MediaStore } from './s3-media-store.js';

/** The MediaStore of STORAGE_DRIVER: files under DATA_DIR (local) or a bucket (s3). */
export function createMediaStore(
  config: Pick<AppConfig, 'STORAGE_DRIVER' | 'DATA_DIR'> &
    Parameters<typeof S3MediaStore.fromConfig>[0],
): MediaStore {
  return config.STORAGE_DRIVER === 's3'
    ? S3MediaStore.fromConfig(config)
    : LocalMediaStore.fromConfig(config);
}

/**
 * The start-up check of a bucket (STORAGE_DRIVER=s3): reachable and writable, else a ConfigError,
 * printed as one line naming the variable to fix, stops the start-up. The local store is not checked
 * here: as before, a DATA_DIR where uploads cannot be written leaves the rest of the site working
 * (the registrar logs it, and uploads fail until it is fixed).
 */
export async function checkMediaStore(
  config: Parameters<typeof createMediaStore>[0],
): Promise<void> {
  if (config.STORAGE_DRIVER !== 's3') return;
  const store = createMediaStore(config);
  try {
    await store.check();
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`, { cause: error });
  } finally {
    if (store instanceof S3MediaStore) store.client.destroy();
  }
}
