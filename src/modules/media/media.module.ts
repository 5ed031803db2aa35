import { withHttpSide } from '../../platform/http/http-side.js';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { UploadMediaHandler } from './commands/upload-media/upload-media.handler.js';
import { MakeVariantsProcessor } from './jobs/make-variants.processor.js';
import { GetMediaManifestHandler } from './queries/get-media-manifest/get-media-manifest.query.js';
import { createMediaStore } from './storage/create-media-store.js';
import { MEDIA_STORE, type MediaStore } from './storage/media-store.js';

/**
 * Images uploaded by the admins for the content: POST /api/media stores them (see
 * media-http.registrar.ts for the multipart parser and GET /uploads/<name> from DATA_DIR, and
 * uploads.route.ts for it from a bucket or MEDIA_PUBLIC_URL). The store is STORAGE_DRIVER's.
 */
@Module({
  providers: [
    {
      provide: MEDIA_STORE,
      useFactory: (config: AppConfig) => createMediaStore(config),
      inject: [APP_CONFIG],
    },
    UploadMediaHandler,
    // The worker makes the images' variants; the content snapshot lists them (GetMediaManifestQuery).
    MakeVariantsProcessor,
    GetMediaManifestHandler,
  ],
  exports: [MEDIA_STORE],
})
export class MediaModule implements OnApplicationShutdown {
  /** With its controllers and HTTP routes (media.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof MediaModule> {
    return withHttpSide(MediaModule, http, () => import('./media.http.js'));
  }

  constructor(@Inject(MEDIA_STORE) private readonly store: MediaStore) {}

  /** The bucket's kept-alive connections are closed with the application. */
  onApplicationShutdown(): void {
    this.store.close();
  }
}
