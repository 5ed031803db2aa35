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
 * The start-up check: the configured store is reachable and writable. Else a ConfigError, printed as
 * one line naming the variable to fix, stops the start-up.
 */
export async function checkMediaStore(
  config: Parameters<typeof createMediaStore>[0],
): Promise<void> {
  const store = createMediaStore(config);
  try {
    await store.check();
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`, { cause: error });
  } finally {
    if (store instanceof S3MediaStore) store.client.destroy();
  }
}
