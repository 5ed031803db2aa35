import { ConfigError, type AppConfig } from '../../../platform/config/app-config.js';
import { LocalMediaStore } from './local-media-store.js';
import type { MediaStore } from './media-store.js';
import type { S3StoreConfig } from './s3-media-store.js';

export type MediaStoreConfig = Pick<AppConfig, 'STORAGE_DRIVER' | 'DATA_DIR'> & S3StoreConfig;

/**
 * The MediaStore of STORAGE_DRIVER: files under DATA_DIR (local) or a bucket (s3). The AWS SDK is read
 * only when the store is a bucket.
 */
export async function createMediaStore(config: MediaStoreConfig): Promise<MediaStore> {
  if (config.STORAGE_DRIVER !== 's3') return LocalMediaStore.fromConfig(config);
  const { S3MediaStore } = await import('./s3-media-store.js');
  return S3MediaStore.fromConfig(config);
}

/**
 * The start-up check of a bucket (STORAGE_DRIVER=s3): reachable and writable, else a ConfigError,
 * printed as one line naming the variable to fix, stops the start-up. The local store is not checked
 * here: as before, a DATA_DIR where uploads cannot be written leaves the rest of the site working
 * (the registrar logs it, and uploads fail until it is fixed).
 */
export async function checkMediaStore(config: MediaStoreConfig): Promise<void> {
  if (config.STORAGE_DRIVER !== 's3') return;
  const store = await createMediaStore(config);
  try {
    await store.check();
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`, { cause: error });
  } finally {
    store.close();
  }
}
