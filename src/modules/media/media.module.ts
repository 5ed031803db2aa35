import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { UploadMediaHandler } from './commands/upload-media/upload-media.handler.js';
import { MakeVariantsProcessor } from './jobs/make-variants.processor.js';
import { GetMediaHttpController } from './queries/get-media/get-media.http.controller.js';
import { GetMediaManifestHandler } from './queries/get-media-manifest/get-media-manifest.query.js';
import { UploadMediaHttpController } from './commands/upload-media/upload-media.http.controller.js';
import { MediaHttpRegistrar } from './http/media-http.registrar.js';
import { LocalMediaStore } from './storage/local-media-store.js';
import { MEDIA_STORE } from './storage/media-store.js';

/**
 * Images uploaded by the admins for the content: POST /api/media stores them (see
 * media-http.registrar.ts for the multipart parser and GET /uploads/<name>).
 */
@Module({
  controllers: [UploadMediaHttpController, GetMediaHttpController],
  providers: [
    {
      provide: MEDIA_STORE,
      useFactory: (config: AppConfig) => LocalMediaStore.fromConfig(config),
      inject: [APP_CONFIG],
    },
    UploadMediaHandler,
    // The worker makes the images' variants; the content snapshot lists them (GetMediaManifestQuery).
    MakeVariantsProcessor,
    GetMediaManifestHandler,
    MediaHttpRegistrar,
  ],
})
export class MediaModule {}
