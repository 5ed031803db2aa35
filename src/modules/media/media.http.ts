import type { HttpSide } from '../../platform/http/http-side.js';
import { GetMediaHttpController } from './queries/get-media/get-media.http.controller.js';
import { UploadMediaHttpController } from './commands/upload-media/upload-media.http.controller.js';
import { MediaHttpRegistrar } from './http/media-http.registrar.js';
import { UploadsRoute } from './http/uploads.route.js';

/** The module's HTTP side, read only by a role that serves HTTP (media.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [UploadMediaHttpController, GetMediaHttpController],
  providers: [MediaHttpRegistrar, UploadsRoute],
};
